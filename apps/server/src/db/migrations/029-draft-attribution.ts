import type { Kysely } from 'kysely';

// checkout_drafts.attribution: where the customer came from when the draft was saved (the order's
// attribution fields, checked by the same schema, with the request's address and user agent), as
// JSON, so that the order the desk makes from the lead carries it as the customer's order would.
// Null for drafts saved before, or without any.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_drafts').addColumn('attribution', 'text').execute();
}
