// Sizes of SPEC §9 and the mapping of long names to short codes (SPEC §5, checkout).

export const SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

export const SIZE_LABELS: Record<Size, string> = {
  S: 'Small',
  M: 'Medium',
  L: 'Large',
  XL: 'X-Large',
  XXL: 'XX-Large',
};

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
