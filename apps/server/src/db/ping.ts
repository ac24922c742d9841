// The cheapest statement that proves the database answers (readiness: http/observability.ts).
import { sql } from 'kysely';
import type { Executor } from './database.ts';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
