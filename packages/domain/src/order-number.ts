// An order's number as a customer types it to follow the order (/suivi): the thank-you screen
// shows it as "#1234", so a "#" and spaces are forgiven, and Arabic-Indic digits read as theirs.
// No zod here (the tracking page's chunk).
import { toAsciiDigits } from './digits.ts';

/** Order ids are PostgreSQL integers. */
export const ORDER_NUMBER_MAX = 2_147_483_647;

export const ORDER_NUMBER_MESSAGES = {
  required: 'Le numéro de commande est requis',
  invalid: 'Numéro de commande invalide',
} as const;

/** "1234", "#1234", "n° 12 34" → 1234; null when it is not an order number. */
export function readOrderNumber(input: string): number | null {
  const digits = toAsciiDigits(input)
    .replace(/^\s*(?:n°|#)/i, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 && n <= ORDER_NUMBER_MAX ? n : null;
}

/** What is wrong with a typed order number, in French, or null. */
export function orderNumberError(input: string): string | null {
  if (input.trim() === '') return ORDER_NUMBER_MESSAGES.required;
  return readOrderNumber(input) === null ? ORDER_NUMBER_MESSAGES.invalid : null;
}
