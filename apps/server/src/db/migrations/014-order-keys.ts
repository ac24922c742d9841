import type { Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// An order placed again after its answer was lost (a dropped mobile connection, a proxy's 502, a
// reload) must not be placed twice: the storefront sends an Idempotency-Key with each order, the
// same key when it sends the same order again, and the server keeps the key of every order placed
// with one, with a fingerprint of what was ordered (orders/order-keys.ts).
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .createTable('order_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
