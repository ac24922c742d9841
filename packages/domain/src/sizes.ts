// Sizes of SPEC §9 and the mapping of long names to short codes (SPEC §5, checkout).

export const SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

/** The admin's per-size stock fields (SPEC §3, admin product). */
export const SIZE_STOCK_FIELDS = {
  S: 'size_s',
  M: 'size_m',
  L: 'size_l',
  XL: 'size_xl',
  XXL: 'size_xxl',
} as const satisfies Record<Size, string>;

export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

const LONG_NAMES: Record<string, Size> = {
  small: 'S',
  medium: 'M',
  large: 'L',
  'x-large': 'XL',
  xlarge: 'XL',
  'xx-large': 'XXL',
  xxlarge: 'XXL',
};

/**
 * Maps a size as a cart may hold it (short code or long name) to its short code.
 * An unknown size defaults to M, as SPEC §5 says for checkout.
 */
export function toShortSize(value: string): Size {
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if (isSize(upper)) return upper;
  return LONG_NAMES[trimmed.toLowerCase()] ?? 'M';
}

/** A cart size as a short code: '' stays '', a long name maps, anything else is null (refused). */
export function cartSize(value: string): Size | '' | null {
  const trimmed = value.trim();
  if (!trimmed) return '';
  const upper = trimmed.toUpperCase();
  if (isSize(upper)) return upper;
  const short = toShortSize(trimmed);
  // toShortSize falls back to M for unknown names; only a real long name of M maps to M.
  if (short === 'M' && trimmed.toLowerCase() !== 'medium') return null;
  return short;
}

export type LineSizeProblem = 'sizeRequired' | 'sizeInvalid' | 'sizeNotExpected';

/**
 * The size row a cart line names for a product, by the one rule the order and the stock check
 * share: a product with sizes needs one of its own sizes (short code or long name); a product
 * without sizes takes none ('').
 */
export function lineSize(
  product: { has_sizes: boolean; sizes: readonly string[] },
  requested: string,
): { size: Size | '' } | { problem: LineSizeProblem } {
  const size = cartSize(requested);
  if (size === null) return { problem: 'sizeInvalid' };
  if (!product.has_sizes) return size ? { problem: 'sizeNotExpected' } : { size: '' };
  if (!size) return { problem: 'sizeRequired' };
  return product.sizes.includes(size) ? { size } : { problem: 'sizeInvalid' };
}
