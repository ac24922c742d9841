import { sql, type Kysely } from 'kysely';
import { foldName } from '@shop/domain/name-fold';
import type { DialectKind } from '../connect.ts';

// What the owner's working day asked for:
// - Orders searched by a customer's name as people type it: without accents, in another order,
//   without hyphens (foldName). Neither database folds accents the same way by itself (SQLite
//   has no unaccent, PostgreSQL's is an extension), so each order keeps its name folded, written
//   with the name (orders.repository.ts, order-desk.repository.ts); the orders placed before are
//   folded here.
// - A product's photos keep the place the owner gives them (product_images.position): making one
//   primary no longer moves it. Existing photos keep the order they were shown in (primary first,
//   then oldest first).
// - A coupon may take a fixed amount off the subtotal instead of a percentage
//   (coupons.discount_amount_cents; null = the percentage).

/** Rows folded per statement: 2 parameters each, well under both databases' limits. */
const CHUNK = 500;

export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await sql`alter table orders add column customer_name_folded text not null default ''`.execute(db);
  await foldExistingNames(db);

  await sql`alter table coupons add column discount_amount_cents integer check (discount_amount_cents > 0)`.execute(db);

  await sql`alter table product_images add column position integer not null default 0`.execute(db);
  await sql`update product_images set position = (
    select count(*) from product_images as p
    where p.product_id = product_images.product_id
      and (p.is_primary > product_images.is_primary or (p.is_primary = product_images.is_primary and p.id < product_images.id))
  )`.execute(db);
}

/** Folds the name of every order, in chunks of CHUNK orders. */
export async function foldExistingNames(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; customer_name: string }>`
      select id, customer_name from orders where id > ${after} order by id limit ${CHUNK}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    // One statement per chunk; the values' columns are column1, column2 on both databases.
    const values = sql.join(rows.map((r) => sql`(cast(${r.id} as integer), ${foldName(r.customer_name)})`));
    await sql`update orders set customer_name_folded = v.column2
      from (values ${values}) as v where orders.id = v.column1`.execute(db);
    after = last.id;
  }
}
