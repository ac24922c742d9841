// Money travels as Da with two decimals and is computed and stored as integer centimes.
import { CURRENCY_SUFFIX, MONEY_LOCALE } from './constants.ts';

export function toCentimes(da: number): number {
  return Math.round(da * 100);
}

export function toDa(centimes: number): number {
  return centimes / 100;
}

/** The currency after an amount, per storefront language: "Da" in French, "دج" in Arabic. */
export const CURRENCY_SUFFIXES = { fr: CURRENCY_SUFFIX, ar: '\u00a0دج' } as const;

/**
 * "1 234,50 Da" in fr-DZ formatting with two decimals (SPEC §9); in Arabic "1 234,50 دج", the
 * same Western digits and grouping (as Algerian shops print prices) with the Arabic currency sign.
 * A negative amount (a discount) in Arabic starts with a left-to-right mark, as Intl's Arabic
 * locales write one: without it the right-to-left line puts the minus after the digits, "588,00-".
 */
export function formatDa(da: number, lang: keyof typeof CURRENCY_SUFFIXES = 'fr'): string {
  const amount = Number.isFinite(da) ? da : 0;
  const formatted = new Intl.NumberFormat(MONEY_LOCALE, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  const mark = lang === 'ar' && formatted.startsWith('-') ? '\u200e' : '';
  return `${mark}${formatted}${CURRENCY_SUFFIXES[lang]}`;
}
