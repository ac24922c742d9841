// What the customer typed in the checkout dialog, kept for the visit (sessionStorage): closing the
// dialog with a tap beside it, or reloading the page, never erases it. Cleared once ordered.
import type { CheckoutCustomer } from '@shop/domain/form-schemas';

export type CheckoutDraft = Partial<CheckoutCustomer>;

const DRAFT_KEY = 'checkoutDraft';
const TEXT_FIELDS = ['fullName', 'phoneNumber', 'address', 'wilaya', 'commune', 'zipCode', 'comment'] as const;

export function readDraft(): CheckoutDraft {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const raw = parsed as Record<string, unknown>;
    const draft: CheckoutDraft = {};
    for (const field of TEXT_FIELDS) {
      const value = raw[field];
      if (typeof value === 'string') draft[field] = value;
    }
    if (typeof raw.rating === 'number') draft.rating = raw.rating;
    if (raw.deliveryType === 'home' || raw.deliveryType === 'stop_desk') draft.deliveryType = raw.deliveryType;
    return draft;
  } catch {
    return {};
  }
}

export function saveDraft(draft: CheckoutDraft): void {
  try {
    const next = { ...readDraft(), ...draft };
    if ('rating' in draft && draft.rating === undefined) delete next.rating;
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the values still live while the page is open.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
