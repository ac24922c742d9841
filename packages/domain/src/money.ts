// Money travels as Da with two decimals and is computed and stored as integer centimes.
import { CURRENCY_SUFFIX, MONEY_LOCALE } from './constants.ts';

export function toCentimes(da: number): number {
  return Math.round(da * 100);
}

export function toDa(centimes: number): number {
  return centimes / 100;
}

/** "1 234,50 Da" in fr-DZ formatting with two decimals (SPEC §9). */
export function formatDa(da: number): string {
  const formatted = new Intl.NumberFormat(MONEY_LOCALE, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(da) ? da : 0);
  return `${formatted}${CURRENCY_SUFFIX}`;
}
