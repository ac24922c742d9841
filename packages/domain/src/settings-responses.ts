// What the settings calls answer (DESIGN §3.10): the shop's details for its pages, and the
// accounts a custom order's advance payment goes to ('' for what the owner has not set).
import { z } from 'zod';
import { storefrontPixelsSchema } from './marketing.ts';

export const paymentAccountsSchema = z
  .object({ ccp: z.string(), rip: z.string(), baridimob: z.string() })
  .meta({ id: 'PaymentAccounts' });
export type PaymentAccounts = z.infer<typeof paymentAccountsSchema>;

export const shopSettingsSchema = z
  .object({
    shop_name: z.string(),
    phone: z.string(),
    email: z.string(),
    whatsapp: z.string(),
    whatsapp_url: z.string(),
    social: z.object({ facebook: z.string(), instagram: z.string(), tiktok: z.string() }),
    /** What one order may hold (MAX_QUANTITY_PER_LINE, MAX_LINES_PER_ORDER): the cart stops there. */
    order_limits: z.object({ max_quantity_per_line: z.number().int(), max_lines: z.number().int() }),
    payment: paymentAccountsSchema,
    /** The ad pixels the storefront loads after the first interaction (null: not configured). */
    pixels: storefrontPixelsSchema.optional(),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
