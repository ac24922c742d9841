import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export interface CustomItemValues {
  name: string;
  description: string;
  /** Absent on an update: kept as it is. */
  name_ar?: string | null;
  description_ar?: string | null;
  base_price_cents: number;
  available_sizes: string | null;
  available_colors: string;
  active: number;
}

export function listCustomItems(db: Executor, includeInactive: boolean) {
  return db
    .selectFrom('custom_order_items')
    .selectAll()
    .$if(!includeInactive, (qb) => qb.where('active', '=', 1))
    .orderBy('id')
    .execute();
}

export function insertCustomItem(db: Executor, values: CustomItemValues, now: string) {
  return db
    .insertInto('custom_order_items')
    .values({ ...values, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCustomItem(db: Executor, id: number, values: CustomItemValues) {
  return db.updateTable('custom_order_items').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export function toggleCustomItem(db: Executor, id: number) {
  return db
    .updateTable('custom_order_items')
    .set({ active: sql<number>`1 - active` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Orders keep their clothing_type; the foreign key sets their custom_item_id to null. */
export function deleteCustomItem(db: Executor, id: number) {
  return db.deleteFrom('custom_order_items').where('id', '=', id).executeTakeFirst();
}
