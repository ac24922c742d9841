// Algerian phone numbers as people type them (DESIGN §3: one rule for the pages and the server).
// The national plan (ARPCE): mobiles are 0 + 9 digits starting 5, 6 or 7 (0555 12 34 56);
// geographic fixed lines are 0 + 8 digits starting 2, 3 or 4 (021 23 45 67). People also write
// the country code (+213 or 00213, sometimes keeping the trunk 0) and group the digits with
// spaces, dashes, dots or brackets, in Western or Arabic-Indic digits. Everything is stored in the national form: 0555123456.
// No zod here: a page that only checks a phone (the tracking form) does not download zod.
import { toAsciiDigits } from './digits.ts';

const MOBILE = /^0[567]\d{8}$/;
const FIXED = /^0[234]\d{7}$/;
const SEPARATORS = /[\s.\-()/\u00a0\u202f]/g;

/** The number in its national form (0XXXXXXXXX), or null when it is not an Algerian number. */
export function normalizeAlgerianPhone(input: string): string | null {
  let digits = toAsciiDigits(input).replace(SEPARATORS, '');
  const international = /^(?:\+|00)213(\d+)$/.exec(digits) ?? /^213(\d{8,9})$/.exec(digits);
  if (international?.[1]) digits = international[1];
  if (!/^\d+$/.test(digits)) return null;
  if (!digits.startsWith('0')) digits = `0${digits}`;
  return MOBILE.test(digits) || FIXED.test(digits) ? digits : null;
}

/**
 * A stored number grouped as Algerians write it: mobiles 0555 12 34 56, fixed lines 021 23 45 67.
 * Anything else is given back as it is.
 */
export function formatAlgerianPhone(phone: string): string {
  if (MOBILE.test(phone)) return phone.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4');
  if (FIXED.test(phone)) return phone.replace(/^(\d{3})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4');
  return phone;
}

export const PHONE_MESSAGES = {
  required: 'Le numéro de téléphone est requis',
  invalid: 'Numéro de téléphone invalide (ex. 0555 12 34 56)',
} as const;

/** Longest phone text accepted before it is read (spaces and a country code included). */
export const PHONE_INPUT_MAX = 30;

/** What is wrong with a typed phone, in French, or null when it is an Algerian number. */
export function phoneError(input: string): string | null {
  const value = input.trim();
  if (value === '') return PHONE_MESSAGES.required;
  if (value.length > PHONE_INPUT_MAX || normalizeAlgerianPhone(value) === null) return PHONE_MESSAGES.invalid;
  return null;
}
