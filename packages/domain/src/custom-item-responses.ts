// What the custom-order item calls answer (docs/api.md, SPEC §3).
import { z } from 'zod';

export const customItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** The Arabic name and description; null: the French ones are shown. */
    name_ar: z.string().nullable(),
    description_ar: z.string().nullable(),
    base_price: z.number(),
    /** Null for the cup, which has no sizes. */
    available_sizes: z.array(z.string()).nullable(),
    available_colors: z.array(z.string()),
    active: z.boolean(),
  })
  .meta({ id: 'CustomItem' });
export type CustomItem = z.infer<typeof customItemSchema>;
