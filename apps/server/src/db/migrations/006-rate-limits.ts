import type { Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Counters of requests per key (a client address, an account) and time window, bumped by one
// atomic upsert each, so requests made at the same moment in any process sharing the database each
// get their own number. Sign-in attempts are counted here before the password is checked (the
// rows of login_attempts were counted first and written after the check, and 20 guesses sent at
// once all reached it), and so are customers' orders, coupon checks, ratings and stock checks on
// PostgreSQL without Redis (http/rate-limits.ts).
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('login_attempts').execute();
}
