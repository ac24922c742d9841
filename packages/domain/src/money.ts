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
 */
export function formatDa(da: number, lang: keyof typeof CURRENCY_SUFFIXES = 'fr'): string {
  const formatted = new Intl.NumberFormat(MONEY_LOCALE, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(da) ? da : 0);
  return `${formatted}${CURRENCY_SUFFIXES[lang]}`;
}
