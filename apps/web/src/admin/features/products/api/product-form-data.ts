import { z } from 'zod';
import { productFieldsSchema } from '@shop/domain/catalog-schemas';
import { SIZES, SIZE_STOCK_FIELDS } from '@shop/domain/sizes';

/** The product form: the shared schema plus the "sold by size" switch of the form. */
export const productFormSchema = productFieldsSchema.extend({ sold_by_size: z.boolean() });
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** Multipart body of POST /product and POST /product/update/{id} (SPEC §7). */
export function toProductFormData(values: ProductFormValues, images: File[]): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  // Empty removes the Arabic text: the Arabic storefront then shows the French one.
  form.append('name_ar', values.name_ar ?? '');
  form.append('description_ar', values.description_ar ?? '');
  form.append('price', String(values.price));
  form.append('type_id', String(values.type_id));
  form.append('discount_percentage', String(values.discount_percentage));
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
  for (const file of images) form.append('images[]', file);
  return form;
}
