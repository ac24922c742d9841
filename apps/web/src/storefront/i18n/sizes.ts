// Sizes in the page's language: "Medium" on the French pages, "متوسط (M)" on the Arabic ones.
import { isSize, type Size } from '@shop/domain/sizes';
import { localized, t, type MessageKey } from './i18n.ts';

const SIZE_KEYS: Record<Size, MessageKey> = {
  S: 'size.S',
  M: 'size.M',
  L: 'size.L',
  XL: 'size.XL',
  XXL: 'size.XXL',
};

/** A product's size by its name (the size picker, the cart): "Small" … "XX-Large", or in Arabic; another size as it is. */
export function sizeLabel(size: string): string {
  return isSize(size) ? t(SIZE_KEYS[size]) : size;
}

/**
 * A size the owner wrote into a custom item ("S", "M"…): as written on the French pages, its
 * Arabic label on the Arabic ones when it is one of the shop's sizes.
 */
export function sizeName(size: string): string {
  return localized(size, isSize(size) ? t(SIZE_KEYS[size]) : null);
}
