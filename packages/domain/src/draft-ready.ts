// When the storefront saves a checkout draft (checkout-drafts.ts), without zod: the storefront
// reads it as the customer types.
import { normalizeAlgerianPhone } from './phone-number.ts';

/**
 * A name with a letter and a phone this shop accepts (Arabic-Indic digits, as typed on an Arabic
 * keyboard, count: phone-number.ts converts them with digits.ts).
 */
export function draftReady(name: string, phone: string): boolean {
  return /\p{L}/u.test(name) && normalizeAlgerianPhone(phone) !== null;
}
