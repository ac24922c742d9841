// What the shipping calls answer (docs/api.md, SPEC §3): a wilaya and its home-delivery fee in Da.
import { z } from 'zod';

export const shippingPriceSchema = z
  .object({
    id: z.number().int(),
    /** Official wilaya number; null for a name that is not one of Algeria's wilayas. */
    wilaya_code: z.number().int().nullable(),
    wilaya_name: z.string(),
    price: z.number(),
  })
  .meta({ id: 'ShippingPrice' });
export type ShippingPrice = z.infer<typeof shippingPriceSchema>;
