// Formatting shared by the storefront and the admin: ratings and numbers (SPEC §9).

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
