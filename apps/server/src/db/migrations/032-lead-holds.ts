import { sql, type Kysely } from 'kysely';

// A lead of the desk is held by one user at a time, as an order is (migration 023): the agent who
// opens it holds it until `claim_expires_at` (DESK_CLAIM_MINUTES from their last sign of life);
// their call's outcome, or "Give back", ends it. Null: nobody holds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table checkout_drafts add column claimed_by integer references users(id)`.execute(db);
  await sql`alter table checkout_drafts add column claim_expires_at text`.execute(db);
}
