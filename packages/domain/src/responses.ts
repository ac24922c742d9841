// The envelope every JSON answer travels in (DESIGN §3.1) as zod schemas. The server declares
// them on its routes, where they document the API and keep a route from sending more than its
// contract; the web app infers its types from them (type-only imports: no zod in its pages).
// They hold no transform: the server encodes answers with them (fastify-type-provider-zod).
import { z } from 'zod';

/** `{ status, message, data }` with the data of one answer. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

export const paginationSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    has_next_page: z.boolean(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** A paginated list: `data = { data: [...], pagination }` (DESIGN §3.1). */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}
export interface Paginated<T> {
  data: T[];
  pagination: Pagination;
}

/** One field of a refused payload and what is wrong with it. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() }).meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * A refused or failed call: a clear message, and for a payload that failed validation the fields
 * at fault (`data.errors`); null data otherwise.
 */
export const errorEnvelopeSchema = envelopeSchema(z.object({ errors: z.array(fieldErrorSchema) }).nullable()).meta({
  id: 'Error',
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** An answer that carries nothing but its message (deletions, logout). */
export const emptyEnvelopeSchema = envelopeSchema(z.null());
