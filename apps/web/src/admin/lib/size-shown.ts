import { ONE_SIZE, sizeLabel } from '@shop/domain/variants';

/**
 * An order line's size as the owner reads it: a letter or a number as it is, an age key as its
 * words ("2a" → "2 ans", "18m" → "18 mois"), the one-size key as "Taille unique". A line keeps its
 * size key, not its product's scale, so the key's form tells which it is.
 */
export function sizeShown(size: string): string {
  if (size === ONE_SIZE) return sizeLabel('one', size);
  return /^\d{1,2}[am]$/.test(size) ? sizeLabel('ages', size) : size;
}
