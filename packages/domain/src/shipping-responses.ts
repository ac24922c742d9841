// What the shipping calls answer (docs/api.md, SPEC §3): a wilaya and its fees in Da, at home and
// at a stop desk (issue 16).
import { z } from 'zod';

export const shippingPriceSchema = z
  .object({
    id: z.number().int(),
    /** Official wilaya number; null for a name that is not one of Algeria's wilayas. */
    wilaya_code: z.number().int().nullable(),
    wilaya_name: z.string(),
    /** Home delivery fee (Da). */
    price: z.number(),
    /** Stop desk (point relais) fee (Da); null when this wilaya has no stop desk. */
    stop_desk_price: z.number().nullable(),
  })
  .meta({ id: 'ShippingPrice' });
export type ShippingPrice = z.infer<typeof shippingPriceSchema>;
