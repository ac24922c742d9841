// A product's colours and variants (ADR 036): how the rows read are shown (every product read),
// and how the product form's `size_scale`, `size_list` and `variants` are checked and written,
// against the stock the owner saw (ADR 016): a figure that moved is a 409 and nothing is written.
import { toCentimes, toDa } from '@shop/domain/money';
import {
  colorSlug,
  isSizeScale,
  parseSizeList,
  readSizeList,
  scaleSizes,
  sizeKeyOf,
  sizeLabel,
  variantFinalPriceCentimes,
  MAX_SCALE_SIZES,
  type SizeScale,
} from '@shop/domain/variants';
import {
  productScaleSchema,
  productVariantsInputSchema,
  type ProductVariantsInput,
} from '@shop/domain/catalog-schemas';
import type { ProductColor, ProductImage, ProductVariant, SizeStock } from '@shop/domain/catalog-responses';
import type { MovedCell } from '@shop/domain/stock-edits';
import type { Executor, ProductRow } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import * as repo from './catalog.repository.ts';

type ColorRow = Awaited<ReturnType<typeof repo.findColorsOf>>[number];
type VariantRow = Awaited<ReturnType<typeof repo.findVariantsOf>>[number];

/** The scale of a product row (anything unknown is letters, the scale of every product before). */
export function scaleOf(row: Pick<ProductRow, 'size_scale'>): SizeScale {
  return isSizeScale(row.size_scale) ? row.size_scale : 'letters';
}

/** The sizes of a product row's scale, in order. */
export function sizeListOf(row: Pick<ProductRow, 'size_scale' | 'size_list'>): readonly string[] {
  return scaleSizes(scaleOf(row), readSizeList(row.size_list));
}

/** What a product read adds for its variants, from its rows (ADR 036, docs/api.md). */
export interface VariantRead {
  size_scale: SizeScale;
  size_list: string[];
  colors: ProductColor[];
  variants: ProductVariant[];
  sizes: SizeStock[];
  size_s: number;
  size_m: number;
  size_l: number;
  size_xl: number;
  size_xxl: number;
}

/**
 * A product's colours, variants and sizes as read: variants in colour order then the scale's
 * order; `sizes` the scale's sizes with the stock of the product without colours, or of its
 * first colour; `size_s…size_xxl` the sums over colours for letters.
 */
export function variantRead(
  row: ProductRow,
  colorRows: readonly ColorRow[],
  variantRows: readonly VariantRow[],
  images: readonly ProductImage[],
): VariantRead {
  const scale = scaleOf(row);
  const sizeList = [...sizeListOf(row)];
  const colors = colorRows.map((c) => ({
    id: c.id,
    name: c.name,
    name_ar: c.name_ar,
    slug: c.slug,
    swatch: c.swatch,
    image_ids: images.filter((i) => i.color_id === c.id).map((i) => i.id),
  }));
  const sized = row.has_sizes === 1;
  const colorPlace = new Map(colorRows.map((c, index) => [c.id, index]));
  const sizePlace = (size: string) => {
    const index = sizeList.indexOf(size);
    return index === -1 ? sizeList.length : index;
  };
  const rows = sized
    ? [...variantRows].sort(
        (a, b) =>
          (colorPlace.get(a.color_id) ?? -1) - (colorPlace.get(b.color_id) ?? -1) ||
          sizePlace(a.size) - sizePlace(b.size) ||
          a.size.localeCompare(b.size),
      )
    : [];
  const colorById = new Map(colorRows.map((c) => [c.id, c]));
  const variants = rows.map((v): ProductVariant => {
    const color = colorById.get(v.color_id);
    return {
      color_id: v.color_id,
      color: color?.name ?? '',
      color_ar: color?.name_ar ?? null,
      slug: color?.slug ?? '',
      swatch: color?.swatch ?? '',
      size: v.size,
      size_label: sizeLabel(scale, v.size),
      stock: v.stock,
      sku: v.sku,
      price_diff: toDa(v.price_diff_cents),
      final_price: toDa(
        variantFinalPriceCentimes(row.price_cents, v.price_diff_cents, Number(row.discount_percentage)),
      ),
    };
  });
  const shownColor = colorRows[0]?.id ?? 0;
  const shownStock = new Map(rows.filter((v) => v.color_id === shownColor).map((v) => [v.size, v.stock]));
  const letterSum = (size: string) =>
    scale === 'letters' ? rows.filter((v) => v.size === size).reduce((n, v) => n + v.stock, 0) : 0;
  return {
    size_scale: scale,
    size_list: sizeList,
    colors,
    variants,
    sizes: sized ? sizeList.map((name) => ({ name, stock: shownStock.get(name) ?? 0 })) : [],
    size_s: letterSum('S'),
    size_m: letterSum('M'),
    size_l: letterSum('L'),
    size_xl: letterSum('XL'),
    size_xxl: letterSum('XXL'),
  };
}

// ---- The product form's variants ----

export const VARIANTS_NOT_JSON = 'variants must be a JSON text: { "colors": [...], "rows": [...] }';
export const SCALE_WITHOUT_VARIANTS = 'Send the variants (stock rows) with the size scale';
export const SIZE_LIST_EMPTY = 'Type the sizes of this scale, separated by commas (like 38, 40, 42)';
export const SIZE_LIST_TOO_LONG = `A scale has at most ${MAX_SCALE_SIZES} sizes`;
export const SIZE_LIST_TWICE = (size: string) => `The size "${size}" is typed twice`;
export const SIZE_LIST_INVALID = (scale: SizeScale, size: string) =>
  scale === 'ages'
    ? `"${size}" is not an age: type ages like 2 ans, 18 mois (or 2a, 18m)`
    : `"${size}" is not a size in numbers: type sizes like 38, 40 or 42.5`;
export const SIZE_NOT_IN_SCALE = (size: string, sizes: readonly string[]) =>
  `The size "${size}" is not one of this product's sizes (${sizes.join(', ')})`;
export const COLOR_NOT_OF_PRODUCT = (id: number) =>
  `The colour ${id} is not one of this product's (it may have been deleted meanwhile): reopen the product`;
export const PRICE_BELOW_ZERO = (label: string) =>
  `With its price difference, ${label} would cost less than 0 Da: lower the difference`;
export const PHOTO_COLOR_NOT_OF_PRODUCT = (id: number) => `The colour ${id} is not one of this product's colours`;

function refused(field: string, message: string) {
  return badRequest(message, { errors: [{ field, message }] });
}

/** The form's scale and variants, as sent; null when it sends no `variants` (the spec's fields apply). */
export interface VariantsForm {
  scale: SizeScale | undefined;
  /** The owner's typed list (numbers, ages), undefined when not sent. */
  sizeListText: string | undefined;
  input: ProductVariantsInput;
}

/** Reads `size_scale`, `size_list` and `variants` of a multipart form; 400 on anything malformed. */
export function variantsFormOf(fields: Record<string, string>): VariantsForm | null {
  const scaleFields = productScaleSchema.safeParse({
    ...(fields.size_scale?.trim() ? { size_scale: fields.size_scale.trim() } : {}),
    ...(fields.size_list !== undefined ? { size_list: fields.size_list } : {}),
  });
  if (!scaleFields.success) {
    const issue = scaleFields.error.issues[0];
    throw refused(issue?.path.map(String).join('.') ?? 'size_scale', issue?.message ?? 'Invalid size scale');
  }
  const text = fields.variants?.trim();
  if (!text) {
    if (scaleFields.data.size_scale !== undefined) throw refused('variants', SCALE_WITHOUT_VARIANTS);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refused('variants', VARIANTS_NOT_JSON);
  }
  const parsed = productVariantsInputSchema.safeParse(json);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({
      field: ['variants', ...i.path.map(String)].join('.'),
      message: i.message,
    }));
    throw badRequest(errors[0]?.message ?? VARIANTS_NOT_JSON, { errors });
  }
  return { scale: scaleFields.data.size_scale, sizeListText: scaleFields.data.size_list, input: parsed.data };
}

/** A variant row decided: its colour (an existing id, or a new colour's key) and size key. */
interface PlannedRow {
  color: { id: number } | { key: string } | null;
  size: string;
  stock: number;
  seen: number | undefined;
  sku: string | null;
  priceDiffCents: number;
  label: string;
}

/** The form checked against the product as it is (its colours, its scale): what to write. */
export interface VariantsPlan {
  scale: SizeScale;
  sizes: readonly string[];
  /** Stored size_list: the owner's keys for numbers and ages, null otherwise. */
  sizeList: string | null;
  colors: { id: number | undefined; key: string; name: string; name_ar: string | null; swatch: string }[];
  rows: PlannedRow[];
  removed: { colorId: number; size: string; seen: number }[];
}

/**
 * Checks the form against the product as it is: the scale's sizes (the typed list parsed), the
 * colours (an existing one must be the product's), each row's size in the scale, no variant twice,
 * no price below 0. 400 naming what is wrong; nothing is written.
 */
export function planVariants(
  form: VariantsForm,
  product: { size_scale: string; size_list: string | null } | null,
  existingColorIds: ReadonlySet<number>,
  priceDa: number,
): VariantsPlan {
  const scale = form.scale ?? (product ? scaleOf(product) : 'letters');
  let sizes: readonly string[];
  if (scale === 'numbers' || scale === 'ages') {
    if (form.sizeListText === undefined && product && scaleOf(product) === scale) {
      sizes = sizeListOf(product);
      if (sizes.length === 0) throw refused('size_list', SIZE_LIST_EMPTY);
    } else {
      const parsed = parseSizeList(scale, form.sizeListText ?? '');
      if ('error' in parsed) {
        const size = parsed.size ?? '';
        const message =
          parsed.error === 'empty'
            ? SIZE_LIST_EMPTY
            : parsed.error === 'tooMany'
              ? SIZE_LIST_TOO_LONG
              : parsed.error === 'duplicate'
                ? SIZE_LIST_TWICE(size)
                : SIZE_LIST_INVALID(scale, size);
        throw refused('size_list', message);
      }
      sizes = parsed.sizes;
    }
  } else {
    sizes = scaleSizes(scale, null);
  }

  const colors = form.input.colors.map((c, index) => {
    if (c.id !== undefined && !existingColorIds.has(c.id)) {
      throw refused(`variants.colors.${index}.id`, COLOR_NOT_OF_PRODUCT(c.id));
    }
    return {
      id: c.id,
      key: c.id !== undefined ? String(c.id) : c.key,
      name: c.name,
      name_ar: c.name_ar ?? null,
      swatch: c.swatch,
    };
  });
  const colorByKey = new Map(colors.map((c) => [c.key, c]));
  const seenVariants = new Set<string>();
  const priceCents = toCentimes(priceDa);
  const rows = form.input.rows.map((row, index): PlannedRow => {
    const size = sizeKeyOf(scale, row.size);
    if (size === null || size === '' || !sizes.includes(size)) {
      throw refused(`variants.rows.${index}.size`, SIZE_NOT_IN_SCALE(row.size, sizes));
    }
    const color = row.color === '' ? undefined : colorByKey.get(row.color);
    const label = [color?.name ?? '', sizeLabel(scale, size, 'fr')].filter(Boolean).join(' / ');
    const variantKey = `${row.color}\u0000${size}`;
    if (seenVariants.has(variantKey)) {
      const message = `The variant ${label} is listed twice`;
      throw refused(`variants.rows.${index}`, message);
    }
    seenVariants.add(variantKey);
    const priceDiffCents = toCentimes(row.price_diff);
    if (priceCents + priceDiffCents < 0) throw refused(`variants.rows.${index}.price_diff`, PRICE_BELOW_ZERO(label));
    return {
      color: color ? (color.id !== undefined ? { id: color.id } : { key: color.key }) : null,
      size,
      stock: row.stock,
      seen: row.seen,
      sku: row.sku ?? null,
      priceDiffCents,
      label,
    };
  });
  const removed = form.input.removed.map((r) => {
    const colorId = r.color === '' ? 0 : Number(r.color);
    return { colorId: Number.isInteger(colorId) ? colorId : -1, size: r.size, seen: r.seen };
  });
  return {
    scale,
    sizes,
    sizeList: scale === 'numbers' || scale === 'ages' ? JSON.stringify(sizes) : null,
    colors,
    rows,
    removed,
  };
}

/** The figures of the form that moved since it was opened (every row seen, every removed row). */
export function movedVariants(
  plan: VariantsPlan,
  current: readonly VariantRow[],
  colorName: ReadonlyMap<number, string>,
): (MovedCell & { colorId: number; size: string })[] {
  const stockOf = (colorId: number, size: string) =>
    current.find((v) => v.color_id === colorId && v.size === size)?.stock ?? 0;
  const moved: (MovedCell & { colorId: number; size: string })[] = [];
  for (const row of plan.rows) {
    if (row.seen === undefined) continue;
    const colorId = row.color && 'id' in row.color ? row.color.id : row.color ? -1 : 0;
    const now = colorId === -1 ? 0 : stockOf(colorId, row.size);
    if (now !== row.seen) moved.push({ cell: row.label, seen: row.seen, current: now, colorId, size: row.size });
  }
  for (const row of plan.removed) {
    const now = stockOf(row.colorId, row.size);
    if (now !== row.seen) {
      const label = [colorName.get(row.colorId) ?? '', row.size].filter(Boolean).join(' / ');
      moved.push({ cell: label, seen: row.seen, current: now, colorId: row.colorId, size: row.size });
    }
  }
  return moved;
}

/** Makes a new colour's URL key unique among the product's: "rouge", then "rouge-2", "rouge-3". */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const base = colorSlug(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Writes a checked plan over the product's colours and rows as they are (read in the caller's
 * transaction, after the stock rows were locked): colours missing from the form deleted with their
 * rows, the others updated in the form's order (their slug kept), new ones added; rows not in the
 * form deleted, the others set. Answers the product's new stock (the sum of its rows).
 */
export async function writeVariantsPlan(
  trx: Executor,
  productId: number,
  plan: VariantsPlan,
  existingColors: readonly ColorRow[],
  existingRows: readonly VariantRow[],
): Promise<number> {
  const kept = new Set(plan.colors.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  const gone = existingColors.filter((c) => !kept.has(c.id)).map((c) => c.id);
  await repo.deleteColors(trx, productId, gone);
  const slugs = new Set(existingColors.filter((c) => kept.has(c.id)).map((c) => c.slug));
  const idOfKey = new Map<string, number>();
  for (const [position, color] of plan.colors.entries()) {
    if (color.id !== undefined) {
      await repo.updateColor(trx, productId, color.id, {
        name: color.name,
        name_ar: color.name_ar,
        swatch: color.swatch,
        position,
      });
      idOfKey.set(color.key, color.id);
      continue;
    }
    const slug = uniqueSlug(color.name, slugs);
    slugs.add(slug);
    const id = await repo.insertColor(trx, {
      product_id: productId,
      name: color.name,
      name_ar: color.name_ar,
      slug,
      swatch: color.swatch,
      position,
    });
    idOfKey.set(color.key, id);
  }
  const rows = plan.rows.map((row) => ({
    color_id: row.color === null ? 0 : 'id' in row.color ? row.color.id : (idOfKey.get(row.color.key) ?? 0),
    size: row.size,
    stock: row.stock,
    sku: row.sku,
    price_diff_cents: row.priceDiffCents,
  }));
  const wanted = new Set(rows.map((r) => `${r.color_id}\u0000${r.size}`));
  const goneColors = new Set(gone);
  await repo.deleteVariants(
    trx,
    productId,
    existingRows.filter((r) => !goneColors.has(r.color_id) && !wanted.has(`${r.color_id}\u0000${r.size}`)),
  );
  await repo.writeVariants(trx, productId, rows);
  return rows.reduce((sum, r) => sum + r.stock, 0);
}
