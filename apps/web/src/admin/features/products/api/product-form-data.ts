import { z } from 'zod';
import { productFieldsSchema } from '@shop/domain/catalog-schemas';
import type { StockMoved } from '@shop/domain/catalog-responses';
import { SIZES, SIZE_STOCK_FIELDS, type Size } from '@shop/domain/sizes';
import { stockEditsOf } from '@shop/domain/stock-edits';
import type { Product } from '../../../lib/types.ts';
import { appendVariants, variantDraftSchema, type VariantDraft } from './variant-form-data.ts';

/**
 * The stock figures the form was opened with (or last told by a 409): what the owner's changes are
 * sent against (DESIGN §7.1). Part of the values so that a draft kept over a new sign-in keeps it.
 */
const seenSchema = z.object({
  sold_by_size: z.boolean(),
  stock: z.number(),
  sizes: z.partialRecord(z.enum(SIZES), z.number()),
});
export type SeenStock = z.infer<typeof seenSchema>;

/** The product form: the shared schema plus the "sold by size" switch and the figures seen. */
export const productFormSchema = productFieldsSchema.extend({
  sold_by_size: z.boolean(),
  seen: seenSchema.optional(),
  /** The size scale, colours and stock per variant (variant-form-data.ts), checked by `variantProblems`. */
  variants: variantDraftSchema.optional(),
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The figures of a product as the form opens it. */
export function seenStockOf(product: Product): SeenStock {
  const sizes = Object.fromEntries(SIZES.map((size) => [size, product[SIZE_STOCK_FIELDS[size]] ?? 0]));
  return {
    // A product read from an older answer without has_sizes: sold by size when a size has stock.
    sold_by_size: product.has_sizes ?? SIZES.some((size) => (sizes[size] ?? 0) > 0),
    stock: product.stock,
    sizes,
  };
}

function appendFields(form: FormData, values: ProductFormValues, images: File[]) {
  form.append('name', values.name);
  form.append('description', values.description);
  // Empty removes the Arabic text: the Arabic storefront then shows the French one.
  form.append('name_ar', values.name_ar ?? '');
  form.append('description_ar', values.description_ar ?? '');
  form.append('price', String(values.price));
  form.append('type_id', String(values.type_id));
  form.append('discount_percentage', String(values.discount_percentage));
  for (const file of images) form.append('images[]', file);
}

/** Multipart body of POST /product (SPEC §7): a new product's stock, every size or its one stock. */
export function toProductFormData(values: ProductFormValues, images: File[]): FormData {
  const form = new FormData();
  appendFields(form, values, images);
  if (values.sold_by_size) {
    let total = 0;
    for (const size of SIZES) {
      const stock = values.sizes[size] ?? 0;
      total += stock;
      form.append(SIZE_STOCK_FIELDS[size], String(stock));
    }
    form.append('stock', String(total));
  } else {
    form.append('stock', String(values.stock ?? 0));
  }
  return form;
}

/** Multipart body of POST /product for a product with colours or another size scale: its variants. */
export function toVariantProductData(values: ProductFormValues, images: File[], variants: VariantDraft): FormData {
  const form = new FormData();
  appendFields(form, values, images);
  appendVariants(form, variants, values.sizes);
  return form;
}

/**
 * Multipart body of POST /product/update/{id} for a product edited with its variants: every
 * variant, each existing one beside the stock seen when the form opened (docs/api.md); from one
 * stock, the switch against the stock seen, as the sizes' switch does.
 */
export function toVariantUpdateData(
  values: ProductFormValues,
  seen: SeenStock,
  images: File[],
  variants: VariantDraft,
): FormData {
  const form = new FormData();
  appendFields(form, values, images);
  if (!seen.sold_by_size) {
    form.append('has_sizes', 'true');
    form.append('seen_stock', String(seen.stock));
  }
  appendVariants(form, variants, values.sizes);
  return form;
}

/**
 * Multipart body of POST /product/update/{id}: the stock only where the owner changed it, each
 * new figure beside the one seen (docs/api.md, "Stock edits"); nothing of the stock otherwise, so
 * that units sold while the form was open stay sold.
 */
export function toProductUpdateData(values: ProductFormValues, seen: SeenStock, images: File[]): FormData {
  const form = new FormData();
  appendFields(form, values, images);
  if (values.sold_by_size && seen.sold_by_size) {
    for (const edit of stockEditsOf(seen.sizes, values.sizes)) {
      const field = SIZE_STOCK_FIELDS[edit.cell as Size];
      form.append(field, String(edit.stock));
      form.append(`seen_${field}`, String(edit.seen));
    }
  } else if (!values.sold_by_size && !seen.sold_by_size) {
    for (const edit of stockEditsOf({ stock: seen.stock }, { stock: values.stock })) {
      form.append('stock', String(edit.stock));
      form.append('seen_stock', String(edit.seen));
    }
  } else if (values.sold_by_size) {
    // To sizes: its units are distributed against the one stock seen.
    form.append('has_sizes', 'true');
    form.append('seen_stock', String(seen.stock));
    for (const size of SIZES) form.append(SIZE_STOCK_FIELDS[size], String(values.sizes[size] ?? 0));
  } else {
    // To one stock: the server sums the sizes, unless the owner typed another total.
    form.append('has_sizes', 'false');
    if (values.stock !== undefined && values.stock !== seen.stock) {
      form.append('stock', String(values.stock));
      form.append('seen_stock', String(seen.stock));
    }
  }
  return form;
}

/**
 * The form after a 409 (the stock moved since it was opened): every figure the owner did not
 * change, and every one that moved, shows what the product holds now; the others keep what the
 * owner typed. The figures seen become the current ones, so a new save is a change against them.
 */
export function afterStockMoved(values: ProductFormInput, seen: SeenStock, current: StockMoved) {
  const now: SeenStock = {
    sold_by_size: current.has_sizes,
    stock: current.stock,
    sizes: Object.fromEntries(SIZES.map((size) => [size, current.sizes.find((s) => s.name === size)?.stock ?? 0])),
  };
  const movedSizes = new Set(current.moved.map((m) => m.size));
  const typed = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));
  const sizes = Object.fromEntries(
    SIZES.map((size) => {
      const value = typed(values.sizes?.[size]);
      const keep = value !== seen.sizes[size] && !movedSizes.has(size) && current.has_sizes === seen.sold_by_size;
      return [size, keep ? values.sizes?.[size] : (now.sizes[size] ?? 0)];
    }),
  );
  const ownStockKept = typed(values.stock) !== seen.stock && !movedSizes.has(null) && !current.has_sizes;
  return { sizes, stock: ownStockKept ? values.stock : now.stock, seen: now };
}
