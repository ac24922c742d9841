// The API's shapes of the communes (GET /api/commune): apart from the lookups of communes.ts,
// which the storefront's first load uses without zod.
import { z } from 'zod';

/** What GET /api/commune answers for each commune, sorted by French name. */
export const communeSchema = z
  .object({
    name: z.string(),
    name_ar: z.string(),
    postal_code: z.string().nullable(),
    /**
     * Set on a commune that left this wilaya for a newer one (Bou Saâda, asked under M'Sila from
     * 2027): the wilaya it is in now, where it must be ordered. Absent on the wilaya's own communes.
     */
    moved_to: z.object({ code: z.number().int(), name: z.string() }).optional(),
  })
  .meta({ id: 'Commune' });
export type Commune = z.infer<typeof communeSchema>;

export const communeQuerySchema = z.object({
  wilaya: z
    .string({ error: 'Précisez la wilaya (numéro ou nom)' })
    .trim()
    .min(1, { error: 'Précisez la wilaya (numéro ou nom)' })
    .max(100, { error: 'Wilaya inconnue' }),
});
