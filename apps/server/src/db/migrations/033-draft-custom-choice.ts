import { sql, type Kysely } from 'kysely';

// The custom order page's draft keeps what the customer chose so far (issue 31): the custom item
// (its id, or "cup" as the custom form sends it), the colour and the size, so the desk's "Create
// order" starts from them. '' when not chosen, and for a cart's draft.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table checkout_drafts add column custom_item text not null default ''`.execute(db);
  await sql`alter table checkout_drafts add column custom_color text not null default ''`.execute(db);
  await sql`alter table checkout_drafts add column custom_size text not null default ''`.execute(db);
}
