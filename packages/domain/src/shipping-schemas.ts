import { z } from 'zod';
import { idSchema, moneySchema, requiredText } from './common-schemas.ts';

export const shippingPriceCreateSchema = z.object({
  wilaya_name: requiredText('Wilaya name is required', 100),
  price: moneySchema('Price'),
  /** Official wilaya number (1-58…); optional, kept when omitted on update. */
  wilaya_code: z.coerce
    .number({ error: 'Wilaya code must be a number' })
    .int({ error: 'Wilaya code must be a whole number' })
    .min(1, { error: 'Wilaya code must be at least 1' })
    .max(999, { error: 'Wilaya code is too large' })
    .nullable()
    .optional(),
});

export const shippingPriceUpdateSchema = shippingPriceCreateSchema.extend({ id: idSchema });
export const shippingPriceDeleteSchema = z.object({ id: idSchema });
