import { z } from 'zod';
import { idSchema, moneySchema, requiredText } from './common-schemas.ts';

export const shippingPriceCreateSchema = z.object({
  wilaya_name: requiredText('Wilaya name is required', 100),
  price: moneySchema('Price'),
});

export const shippingPriceUpdateSchema = shippingPriceCreateSchema.extend({ id: idSchema });
export const shippingPriceDeleteSchema = z.object({ id: idSchema });
