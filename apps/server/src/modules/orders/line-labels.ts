// How an order line is shown to a person (slips, exports, a courier's product list, the order's
// history): "Robe été — Rouge / M" (variantLineLabel, ADR 036), its size as the customer read it.
import { lineText, sizeLabel, variantLineLabel } from '@shop/domain/variants';

/**
 * A stored size key as shown to a person, without its product's scale (the product may have
 * changed or gone since): the keys say their scale themselves, an age is "2a" or "18m" (shown
 * "2 ans", "18 mois"), one size "TU" ("Taille unique"); letters and numbers show as they are.
 */
export function orderedSizeLabel(size: string): string {
  return size ? sizeLabel('ages', size) : '';
}

/** An order line's label: its product's name, then its colour and size if it has them. */
export function orderLineLabel(line: { product_name: string; color?: string | null; size: string }): string {
  return variantLineLabel(line.product_name, line.color ?? '', orderedSizeLabel(line.size));
}

/** A line in a list of lines (a courier's product list, the orders export): domain `lineText`. */
export function orderLineText(line: { product_name: string; color?: string | null; size: string }): string {
  return lineText(line.product_name, line.color, orderedSizeLabel(line.size));
}
