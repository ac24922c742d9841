// Formatting shared by the storefront and the admin: French dates and ratings (SPEC §9).

const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/** "2026-03-12T10:00:00Z" → "12 mars 2026"; an unreadable date gives an empty string. */
export function formatFrenchLongDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

/** Star ratings are clamped between 0 and 5 (SPEC §5, display). */
export function clampRating(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : 0;
  if (!Number.isFinite(n)) return 0;
  return Math.min(5, Math.max(0, n));
}

/** "4,5": one decimal with the French decimal comma (SPEC §9). */
export function formatRating(value: unknown): string {
  return clampRating(value).toFixed(1).replace('.', ',');
}

/** "4,5/5": one decimal followed by "/5" (SPEC §9). */
export function formatRatingOutOf5(value: unknown): string {
  return `${formatRating(value)}/5`;
}

/** Numeric inputs are parsed as decimals; missing values count as 0 (SPEC §5). */
export function toNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}
