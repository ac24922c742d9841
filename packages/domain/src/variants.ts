// Colours and size scales of a product (issue 30, docs/decisions/036-variants.md). A product sold
// by variant has a size scale and, optionally, colours; a variant is one colour (or none) in one
// size, with its own stock. The server decides with these rules; the storefront and the back
// office show with them.
//
// Size keys, as stored and as a cart line sends them:
// - letters: S, M, L, XL, XXL (sizes.ts; long names map to them, SPEC §5);
// - numbers: the merchant's numbers, "38", "40", "42.5";
// - ages: "2a" (years) or "18m" (months), shown "2 ans" / "18 mois";
// - one: "TU", shown "Taille unique" (a product sold in colours without sizes).
import { foldText } from './search-text.ts';
import { cartSize, SIZES, type LineSizeProblem } from './sizes.ts';
import { finalPriceCentimes } from './pricing.ts';

export const SIZE_SCALES = ['letters', 'numbers', 'ages', 'one'] as const;
export type SizeScale = (typeof SIZE_SCALES)[number];

export function isSizeScale(value: unknown): value is SizeScale {
  return typeof value === 'string' && (SIZE_SCALES as readonly string[]).includes(value);
}

/** The key of the one-size scale. */
export const ONE_SIZE = 'TU';

/** At most this many sizes in a scale and colours on a product. */
export const MAX_SCALE_SIZES = 30;
export const MAX_COLORS = 20;

const NUMBER_KEY = /^\d{1,3}(?:\.5)?$/;
/** Between numbers: spaces, semicolons, new lines, or a comma, except the comma of a half ("42,5"). */
const NUMBER_SEPARATOR = /[\s;]+|,(?!5(?!\d))/;
const AGE_KEY = /^(\d{1,2})([am])$/;

/** The sizes of a scale in order: letters and one size are fixed, numbers and ages are the owner's list. */
export function scaleSizes(scale: SizeScale, sizeList: readonly string[] | null): readonly string[] {
  if (scale === 'letters') return SIZES;
  if (scale === 'one') return [ONE_SIZE];
  return sizeList ?? [];
}

/** The stored JSON list of sizes read back (null, or anything not a list of strings, is no list). */
export function readSizeList(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** How a size is shown to a customer or on a slip. */
export function sizeLabel(scale: SizeScale, key: string, lang: 'fr' | 'ar' = 'fr'): string {
  if (scale === 'one' || key === ONE_SIZE) return lang === 'ar' ? 'مقاس واحد' : 'Taille unique';
  const age = scale === 'ages' ? AGE_KEY.exec(key) : null;
  if (age) {
    const [, count = '', unit] = age;
    if (lang === 'ar') return unit === 'a' ? `${count} سنوات` : `${count} أشهر`;
    const n = Number(count);
    return unit === 'a' ? `${count} ${n > 1 ? 'ans' : 'an'}` : `${count} mois`;
  }
  return key;
}

/**
 * One size as the owner or a client typed it, as its key in this scale, or null when it is not one:
 * letters as the cart's rule maps them, numbers as digits (a comma for the half: "42,5" → "42.5"),
 * ages as "2 ans", "2a", "18 mois", "18m" (Arabic digits too).
 */
export function sizeKeyOf(scale: SizeScale, typed: string): string | null {
  const text = foldText(typed).trim().replace(/\s+/g, ' ');
  if (scale === 'letters') {
    const size = cartSize(typed);
    return size ? size : null;
  }
  if (scale === 'one') return text === '' || text === 'tu' || text === 'taille unique' ? ONE_SIZE : null;
  if (scale === 'numbers') {
    const number = text.replace(',', '.');
    return NUMBER_KEY.test(number) ? String(Number(number)) : null;
  }
  const age = /^(\d{1,2}) ?(a|an|ans|m|mois)$/.exec(text);
  if (!age) return null;
  const [, count = '', unit = ''] = age;
  if (Number(count) === 0) return null;
  return `${Number(count)}${unit.startsWith('a') ? 'a' : 'm'}`;
}

/**
 * The owner's list of sizes for a scale, typed as one text (commas, semicolons or new lines
 * between sizes): the keys in the owner's order, or the first size that is not one.
 */
export function parseSizeList(
  scale: SizeScale,
  typed: string,
): { sizes: string[] } | { error: 'empty' | 'tooMany' | 'duplicate' | 'invalid'; size?: string } {
  if (scale === 'letters' || scale === 'one') return { sizes: [...scaleSizes(scale, null)] };
  const parts = typed
    .split(scale === 'numbers' ? NUMBER_SEPARATOR : /[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: 'empty' };
  if (parts.length > MAX_SCALE_SIZES) return { error: 'tooMany' };
  const sizes: string[] = [];
  for (const part of parts) {
    const key = sizeKeyOf(scale, part);
    if (key === null) return { error: 'invalid', size: part };
    if (sizes.includes(key)) return { error: 'duplicate', size: part };
    sizes.push(key);
  }
  return { sizes };
}

/** The URL key of a colour's name: "Rouge Bordeaux" → "rouge-bordeaux" (accents dropped). */
export function colorSlug(name: string): string {
  const slug = foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'couleur';
}

/** A swatch as stored: `#rrggbb`. */
export const SWATCH = /^#[0-9a-f]{6}$/;

/** A colour as the rules need it: its id (the stock's key), French name and URL key. */
export interface VariantColor {
  id: number;
  name: string;
  slug: string;
}

/** The variants of a product as the rules need them. */
export interface VariantProduct {
  /** Sold by variant (sizes, and colours if any); false for one stock (body care). */
  has_sizes: boolean;
  size_scale: SizeScale;
  /** Its colours, in the owner's order; empty when it has none. */
  colors: readonly VariantColor[];
  /** The variants it has: colour id (0 without colours) and size key. */
  variants: readonly { color_id: number; size: string }[];
}

export type LineVariantProblem = LineSizeProblem | 'colorRequired' | 'colorInvalid' | 'colorNotExpected';

/** The variant a cart line names: the colour's id (0 for none) and name ('' for none), the size key. */
export interface LineVariant {
  color_id: number;
  color: string;
  size: string;
}

/** The colour a line names, by its URL key or its name folded ("rouge", "Rouge", "ROUGE"). */
export function colorOf(colors: readonly VariantColor[], requested: string): VariantColor | undefined {
  const folded = foldText(requested).trim();
  return colors.find((c) => c.slug === folded || foldText(c.name).trim() === folded || c.slug === colorSlug(requested));
}

/**
 * The variant a cart line names for a product, by the one rule the order, the stock check and the
 * desk's edits share: a product with colours needs one of them; a product sold by size needs one
 * of its sizes (letters by the cart's rule, other scales by their keys; a one-size product takes
 * '' or "TU"); the colour and size must be a variant it has. A product with one stock takes
 * neither.
 */
export function lineVariant(
  product: VariantProduct,
  requested: { size: string; color?: string | null },
): LineVariant | { problem: LineVariantProblem } {
  const colorText = (requested.color ?? '').trim();
  let color: VariantColor | undefined;
  if (product.colors.length > 0) {
    if (!colorText) return { problem: 'colorRequired' };
    color = colorOf(product.colors, colorText);
    if (!color) return { problem: 'colorInvalid' };
  } else if (colorText) {
    return { problem: 'colorNotExpected' };
  }
  const sizeText = requested.size.trim();
  if (!product.has_sizes) return sizeText ? { problem: 'sizeNotExpected' } : { color_id: 0, color: '', size: '' };
  if (!sizeText && product.size_scale !== 'one') return { problem: 'sizeRequired' };
  const size = sizeKeyOf(product.size_scale, sizeText);
  if (size === null) return { problem: 'sizeInvalid' };
  const colorId = color?.id ?? 0;
  if (!product.variants.some((v) => v.color_id === colorId && v.size === size)) return { problem: 'sizeInvalid' };
  return { color_id: colorId, color: color?.name ?? '', size };
}

/** A variant's price before the product's discount: the product's price and the variant's difference, never below 0. */
export function variantPriceCentimes(priceCentimes: number, diffCentimes: number): number {
  return Math.max(0, priceCentimes + diffCentimes);
}

/** A variant's final unit price: its price with the product's discount. */
export function variantFinalPriceCentimes(
  priceCentimes: number,
  diffCentimes: number,
  discountPercentage: number,
): number {
  return finalPriceCentimes(variantPriceCentimes(priceCentimes, diffCentimes), discountPercentage);
}

/** An order line's label on a slip, an export or a courier's product list: "Robe été — Rouge / M". */
export function variantLineLabel(productName: string, color: string, sizeText: string): string {
  const parts = [color, sizeText].filter(Boolean).join(' / ');
  return parts ? `${productName} — ${parts}` : productName;
}

/**
 * A line in a list of lines (a slip, a courier's product list, the orders export): "Robe été —
 * Rouge / M" for a line in a colour; a line without one as it always was, "T-shirt (M)", "Savon".
 * `sizeText` is the size as the customer read it.
 */
export function lineText(productName: string, color: string | null | undefined, sizeText: string): string {
  if (color) return variantLineLabel(productName, color, sizeText);
  return sizeText ? `${productName} (${sizeText})` : productName;
}
