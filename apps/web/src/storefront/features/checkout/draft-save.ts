// The checkout draft the shop may call about (the server's modules/leads): once a name and a valid
// phone are typed in either checkout, what the customer typed is saved under a key this browser
// keeps (localStorage, so a customer who comes back tomorrow updates the same draft), a moment
// after they stop typing. The order placed carries the key and converts the draft; the key is then
// forgotten, so the next checkout is a new draft.
import { useEffect, useRef } from 'react';
import type { CheckoutDraftInput } from '@shop/domain/checkout-drafts';
import { draftReady } from '@shop/domain/draft-ready';
import { apiRequest } from '../../../lib/api.ts';
import { visitAttribution } from '../marketing/attribution.ts';

const STORAGE_KEY = 'shop.checkout-draft-key';
/** How long typing pauses before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1500;

let inMemory: string | null = null;

/** 32 hex digits from the browser's random source (the server checks the same pattern). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The browser's draft key, or null before a draft was saved. */
export function existingDraftKey(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

function draftKey(): string {
  const key = existingDraftKey() ?? newKey();
  inMemory = key;
  try {
    localStorage.setItem(STORAGE_KEY, key);
  } catch {
    // Private modes: the key lives while the page is open.
  }
  return key;
}

/** The order went through: the next checkout is a new draft. */
export function forgetDraftKey(): void {
  inMemory = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

/** The draft key an order carries, when this browser saved a draft. */
export function draftKeyField(): { checkout_draft_key?: string } {
  const key = existingDraftKey();
  return key ? { checkout_draft_key: key } : {};
}

export type DraftSnapshot = Omit<CheckoutDraftInput, 'page_url'>;

/**
 * PUT /checkout-drafts/{key} with where the customer came from as it stands now, so an order the
 * desk makes from the lead counts for the ad; a failure is not the customer's concern (the order
 * is what counts).
 */
export async function sendDraft(draft: DraftSnapshot): Promise<void> {
  const page_url = `${location.pathname}${location.search}`.slice(0, 500);
  const body: CheckoutDraftInput = { ...draft, page_url, ...visitAttribution() };
  await apiRequest(`/checkout-drafts/${draftKey()}`, { method: 'PUT', body });
}

/**
 * Saves the draft a moment after the customer stops typing, when it holds a name and a valid
 * phone and differs from what was saved last.
 */
export function useDraftSave(draft: DraftSnapshot): void {
  const lastSent = useRef<string | null>(null);
  const ready = draftReady(String(draft.customer_name ?? ''), String(draft.customer_phone ?? ''));
  const content = ready ? JSON.stringify(draft) : null;
  useEffect(() => {
    if (content === null || content === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = content;
      sendDraft(JSON.parse(content) as DraftSnapshot).catch(() => {
        // Sent again with the next change.
        lastSent.current = null;
      });
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [content]);
}
