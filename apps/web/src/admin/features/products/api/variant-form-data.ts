// The product form's colours, size scale and stock per variant (issue 30, docs/decisions/036-variants.md):
// what the form holds while the owner edits them, the `variants` field it sends, the 409 of a stock
// that moved meanwhile (ADR 016), and the photos' colours sent after the save.
import { z } from 'zod';
import { SIZES } from '@shop/domain/sizes';
import {
  MAX_COLORS,
  SWATCH,
  isSizeScale,
  parseSizeList,
  scaleSizes,
  sizeLabel,
  type SizeScale,
} from '@shop/domain/variants';
import type { Product, ProductImage } from '../../../lib/types.ts';

/** A colour as the form edits it: `key` is its id as text for a saved colour, "new-…" for a new one. */
export interface ColorDraft {
  key: string;
  id?: number;
  name: string;
  name_ar: string;
  swatch: string;
}

/** A variant's cells as typed; `seen` is the stock when the form opened (absent for a new variant). */
export interface RowDraft {
  stock: string;
  price_diff: string;
  sku: string;
  seen?: number;
}

export interface VariantDraft {
  scale: SizeScale;
  /** The owner's list for numbers and ages, as typed ("36, 38, 40"). */
  sizeText: string;
  colors: ColorDraft[];
  /** By `rowKey(colour key, size)`; a colour key is '' without colours. */
  rows: Record<string, RowDraft>;
  /** The colour each saved photo shows, by photo id (absent or null: every colour). */
  photoColors: Record<string, string | null>;
  /** The product had colours or another scale when opened: the variants are sent even if now plain. */
  wasVariant: boolean;
}

export const variantDraftSchema = z.custom<VariantDraft>();

export function rowKey(color: string, size: string): string {
  return `${color}|${size}`;
}

/** The colour keys the grid has rows for: '' when the product has no colours. */
export function colorKeysOf(draft: VariantDraft): string[] {
  return draft.colors.length > 0 ? draft.colors.map((c) => c.key) : [''];
}

/** The sizes the scale has now, or the error of the owner's list. */
export function sizesOf(draft: VariantDraft): { sizes: string[] } | { error: string } {
  const parsed = parseSizeList(draft.scale, draft.sizeText);
  if ('sizes' in parsed) return parsed;
  return { error: sizeListError(draft.scale, parsed.error, parsed.size) };
}

function sizeListError(scale: SizeScale, error: 'empty' | 'tooMany' | 'duplicate' | 'invalid', size?: string) {
  switch (error) {
    case 'empty':
      return scale === 'ages' ? 'Type the ages, e.g. 2 ans, 4 ans, 6 ans' : 'Type the sizes, e.g. 36, 38, 40';
    case 'tooMany':
      return 'At most 30 sizes';
    case 'duplicate':
      return `"${size ?? ''}" is listed twice`;
    case 'invalid':
      return scale === 'ages'
        ? `"${size ?? ''}" is not an age: write it like "2 ans" or "18 mois"`
        : `"${size ?? ''}" is not a size number: write it like 38 or 42,5`;
  }
}

/** A size as the owner reads it in the grid ("2 ans"; "One size" for the one-size scale). */
export function sizeShown(scale: SizeScale, size: string): string {
  return scale === 'one' ? 'One size' : sizeLabel(scale, size);
}

/** The list of a scale as the text field shows it ("36, 38" or "2 ans, 18 mois"). */
function sizeTextOf(scale: SizeScale, sizes: readonly string[]): string {
  if (scale === 'numbers') return sizes.map((s) => s.replace('.', ',')).join(', ');
  if (scale === 'ages') return sizes.map((s) => sizeLabel('ages', s)).join(', ');
  return '';
}

/** Whether the product is edited with the variant grid (colours, or a scale other than S-XXL). */
export function usesGrid(draft: VariantDraft): boolean {
  return draft.colors.length > 0 || draft.scale !== 'letters';
}

/** Whether the save sends `variants` (the grid, or a product that had colours or another scale). */
export function sendsVariants(draft: VariantDraft): boolean {
  return usesGrid(draft) || draft.wasVariant;
}

/** The form's variants as a product read gives them (a new product: letters, no colours). */
export function variantDraftOf(product?: Product): VariantDraft {
  const scale = product?.size_scale && isSizeScale(product.size_scale) ? product.size_scale : 'letters';
  const colors: ColorDraft[] = (product?.colors ?? []).map((c) => ({
    key: String(c.id),
    id: c.id,
    name: c.name,
    name_ar: c.name_ar ?? '',
    swatch: c.swatch,
  }));
  const rows: Record<string, RowDraft> = {};
  for (const v of product?.variants ?? []) {
    rows[rowKey(v.color_id === 0 ? '' : String(v.color_id), v.size)] = {
      stock: String(v.stock),
      price_diff: v.price_diff ? String(v.price_diff) : '',
      sku: v.sku ?? '',
      seen: v.stock,
    };
  }
  const photoColors: Record<string, string | null> = {};
  for (const image of product?.images ?? []) {
    if (image.color_id != null) photoColors[String(image.id)] = String(image.color_id);
  }
  return {
    scale,
    sizeText: sizeTextOf(scale, product?.size_list ?? []),
    colors,
    rows,
    photoColors,
    wasVariant: colors.length > 0 || scale !== 'letters',
  };
}

let newKeys = 0;

/** A figure of the five size fields as text ('' when empty). */
function cellText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}

/**
 * A new colour. The first colour of a product sold without colours takes the stock typed per size
 * (`plainSizes`, the five fields of the letter scale), so adding "Rouge" does not empty the stock.
 */
export function addColor(draft: VariantDraft, plainSizes?: Partial<Record<string, unknown>>): VariantDraft {
  newKeys += 1;
  const key = `new-${Date.now().toString(36)}-${newKeys}`;
  const color: ColorDraft = { key, name: '', name_ar: '', swatch: '#000000' };
  const rows = { ...draft.rows };
  if (draft.colors.length === 0) {
    const sizes = sizesOf(draft);
    for (const size of 'sizes' in sizes ? sizes.sizes : []) {
      const plain = rows[rowKey('', size)];
      const typed = draft.scale === 'letters' ? cellText(plainSizes?.[size]) : '';
      const stock = typed !== '' ? typed : (plain?.stock ?? '0');
      rows[rowKey(key, size)] = { stock, price_diff: plain?.price_diff ?? '', sku: plain?.sku ?? '' };
    }
  }
  return { ...draft, colors: [...draft.colors, color], rows };
}

export function removeColor(draft: VariantDraft, key: string): VariantDraft {
  const photoColors = Object.fromEntries(
    Object.entries(draft.photoColors).map(([id, c]) => [id, c === key ? null : c]),
  );
  return { ...draft, colors: draft.colors.filter((c) => c.key !== key), photoColors };
}

/** A problem the owner must fix before the save, by where it is shown. */
export interface VariantProblems {
  sizeList?: string;
  /** By colour key. */
  colorName?: Record<string, string>;
  swatch?: Record<string, string>;
  /** By row key. */
  stock?: Record<string, string>;
  priceDiff?: Record<string, string>;
  tooManyColors?: string;
}

const WHOLE = /^\d+$/;
const AMOUNT = /^-?\d+(?:[.,]\d{1,2})?$/;

/** What the owner must fix in the colours and grid; empty when the variants can be sent. */
export function variantProblems(draft: VariantDraft): VariantProblems {
  const problems: VariantProblems = {};
  const sizes = sizesOf(draft);
  if ('error' in sizes) problems.sizeList = sizes.error;
  if (draft.colors.length > MAX_COLORS) problems.tooManyColors = `At most ${MAX_COLORS} colours`;
  const names = new Set<string>();
  for (const color of draft.colors) {
    const name = color.name.trim().toLowerCase();
    if (!name) (problems.colorName ??= {})[color.key] = 'Give the colour a name';
    else if (names.has(name)) (problems.colorName ??= {})[color.key] = 'Another colour has this name';
    names.add(name);
    if (!SWATCH.test(color.swatch.toLowerCase())) (problems.swatch ??= {})[color.key] = 'Choose a colour';
  }
  if ('sizes' in sizes) {
    for (const color of colorKeysOf(draft)) {
      for (const size of sizes.sizes) {
        const key = rowKey(color, size);
        const row = draft.rows[key];
        const stock = (row?.stock ?? '0').trim();
        if (!WHOLE.test(stock)) (problems.stock ??= {})[key] = 'A whole number of at least 0';
        const diff = (row?.price_diff ?? '').trim();
        if (diff && !AMOUNT.test(diff)) (problems.priceDiff ??= {})[key] = 'An amount in Da, e.g. 200 or -150';
      }
    }
  }
  return problems;
}

export function hasProblems(problems: VariantProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** The `variants` field of the product form (docs/api.md): colours in the owner's order, every row. */
export interface VariantsPayload {
  colors: { id?: number; key: string; name: string; name_ar: string | null; swatch: string }[];
  rows: {
    color: string;
    size: string;
    stock: number;
    seen?: number;
    sku: string | null;
    price_diff: number;
  }[];
  /** The rows the form showed that are not sent (a colour or a size removed), with their stock seen. */
  removed: { color: string; size: string; seen: number }[];
}

/**
 * The variants to send. Without colours on the letter scale the stock comes from the five size
 * fields (`plainSizes`), as the form shows it.
 */
export function variantsPayload(draft: VariantDraft, plainSizes?: Partial<Record<string, unknown>>): VariantsPayload {
  const sizes = sizesOf(draft);
  const list = 'sizes' in sizes ? sizes.sizes : [];
  const plain = draft.colors.length === 0 && draft.scale === 'letters';
  const rows: VariantsPayload['rows'] = [];
  for (const color of colorKeysOf(draft)) {
    for (const size of list) {
      const row = draft.rows[rowKey(color, size)];
      const typed = plain ? cellText(plainSizes?.[size]) : (row?.stock ?? '');
      const diff = (row?.price_diff ?? '').trim().replace(',', '.');
      rows.push({
        color,
        size,
        stock: Number(typed.trim() === '' ? 0 : typed),
        ...(row?.seen !== undefined ? { seen: row.seen } : {}),
        sku: row?.sku.trim() ? row.sku.trim() : null,
        price_diff: diff ? Number(diff) : 0,
      });
    }
  }
  const sent = new Set(rows.map((row) => rowKey(row.color, row.size)));
  const removed: VariantsPayload['removed'] = [];
  for (const [key, row] of Object.entries(draft.rows)) {
    if (row.seen === undefined || sent.has(key)) continue;
    const cut = key.indexOf('|');
    removed.push({ color: key.slice(0, cut), size: key.slice(cut + 1), seen: row.seen });
  }
  return {
    removed,
    colors: draft.colors.map((c) => ({
      ...(c.id !== undefined ? { id: c.id } : {}),
      key: c.key,
      name: c.name.trim(),
      name_ar: c.name_ar.trim() ? c.name_ar.trim() : null,
      swatch: c.swatch.toLowerCase(),
    })),
    rows,
  };
}

/** Appends the variant fields to the multipart body of a product save. */
export function appendVariants(form: FormData, draft: VariantDraft, plainSizes?: Partial<Record<string, unknown>>) {
  form.append('size_scale', draft.scale);
  // Letters and one size have their fixed sizes: only the owner's lists are sent.
  if (draft.scale === 'numbers' || draft.scale === 'ages') form.append('size_list', draft.sizeText);
  form.append('variants', JSON.stringify(variantsPayload(draft, plainSizes)));
}

/**
 * The problems of a 400 (`data.errors[{ field, message }]`, `field` the path in the form:
 * `size_list`, `variants.colors.2.name`, `variants.rows.3.size`) beside the boxes they are about;
 * null when the answer names none of them.
 */
export function serverProblems(draft: VariantDraft, data: unknown): VariantProblems | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  const payload = variantsPayload(draft);
  const problems: VariantProblems = {};
  for (const error of errors as { field?: unknown; message?: unknown }[]) {
    if (typeof error.field !== 'string' || typeof error.message !== 'string') continue;
    const [root, list, index, part] = error.field.split('.');
    if (root === 'size_list') problems.sizeList = error.message;
    else if (root === 'variants' && list === 'colors') {
      const color = draft.colors[Number(index)];
      if (color && part === 'swatch') (problems.swatch ??= {})[color.key] = error.message;
      else if (color) (problems.colorName ??= {})[color.key] = error.message;
      else problems.tooManyColors = error.message;
    } else if (root === 'variants' && list === 'rows') {
      const row = payload.rows[Number(index)];
      if (!row) continue;
      const key = rowKey(row.color, row.size);
      if (part === 'price_diff') (problems.priceDiff ??= {})[key] = error.message;
      else (problems.stock ??= {})[key] = error.message;
    }
  }
  return hasProblems(problems) ? problems : null;
}

/** The 409 of a save whose variant stock moved since the form opened (ADR 016). */
export const variantsMovedSchema = z.object({
  moved: z.array(
    z.object({
      color_id: z.number().int().optional().default(0),
      size: z.string().nullable(),
      seen: z.number().int(),
      current: z.number().int(),
    }),
  ),
  variants: z.array(z.object({ color_id: z.number().int(), size: z.string(), stock: z.number().int() })),
});
export type VariantsMoved = z.infer<typeof variantsMovedSchema>;

export function variantsMovedOf(data: unknown): VariantsMoved | null {
  const parsed = variantsMovedSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * The grid after a 409: a variant that moved, or that the owner left as it was, shows what the
 * product holds now; one the owner changed and that did not move keeps what was typed. Every
 * figure seen becomes the current one, so the next save is a change against it.
 */
export function afterVariantsMoved(draft: VariantDraft, current: VariantsMoved): VariantDraft {
  const rows = { ...draft.rows };
  for (const v of current.variants) {
    const key = rowKey(v.color_id === 0 ? '' : String(v.color_id), v.size);
    const row = rows[key];
    if (!row) continue;
    const moved = current.moved.some((m) => (m.color_id ?? 0) === v.color_id && m.size === v.size);
    const untouched = row.seen !== undefined && row.stock.trim() === String(row.seen);
    rows[key] = { ...row, stock: moved || untouched ? String(v.stock) : row.stock, seen: v.stock };
  }
  return { ...draft, rows };
}

/** "Rouge / M" for a moved figure of the 409, by the colours and scale the form shows. */
export function movedLabel(draft: VariantDraft, colorId: number, size: string | null): string {
  const color = draft.colors.find((c) => c.id === colorId)?.name;
  const shown = size === null ? '' : sizeShown(draft.scale, size);
  return [color, shown].filter(Boolean).join(' / ');
}

/**
 * The photos' colours to send after the save (PUT /product/images/{id}, `colors`): each saved
 * photo with the colour the owner gave it, new colours found by their place in the answer, new
 * photos by their order among the answer's photos. Null when nothing differs from the answer.
 */
export function photoColorsPayload(
  draft: VariantDraft,
  saved: Product,
  newFiles: { colorKey: string | null }[],
  knownImageIds: readonly number[],
): {
  seen: number[];
  order: number[];
  primary_image_id: number | null;
  colors: { image_id: number; color_id: number | null }[];
} | null {
  const colorIds = new Map<string, number>();
  const answered = saved.colors ?? [];
  draft.colors.forEach((c, index) => {
    const id = c.id ?? answered[index]?.id;
    if (id !== undefined) colorIds.set(c.key, id);
  });
  const images = [...saved.images].sort((a, b) => a.position - b.position);
  const added = images.filter((image) => !knownImageIds.includes(image.id));
  const wanted = new Map<number, number | null>();
  for (const image of images) {
    const key = draft.photoColors[String(image.id)] ?? null;
    wanted.set(image.id, key === null ? null : (colorIds.get(key) ?? null));
  }
  if (added.length === newFiles.length) {
    added.forEach((image, index) => {
      const key = newFiles[index]?.colorKey ?? null;
      wanted.set(image.id, key === null ? null : (colorIds.get(key) ?? null));
    });
  }
  const changed = images.some((image: ProductImage) => (image.color_id ?? null) !== wanted.get(image.id));
  if (!changed) return null;
  const order = images.map((image) => image.id);
  const primary = images.find((image) => Number(image.is_primary) === 1)?.id ?? order[0] ?? null;
  return {
    seen: order,
    order,
    primary_image_id: primary,
    colors: images.map((image) => ({ image_id: image.id, color_id: wanted.get(image.id) ?? null })),
  };
}

/** The five letter sizes, for the form's plain fields. */
export const LETTERS: readonly string[] = SIZES;
export { scaleSizes };
