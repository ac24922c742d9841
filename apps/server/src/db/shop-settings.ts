// The shop's settings kept in the database (shop_settings: a key and its text), read and written by
// every module that has some (the desk, the payment accounts, the ad platforms, the couriers' cash).
import type { Executor } from './database.ts';

export function findSettings(db: Executor, keys: readonly string[]) {
  return db.selectFrom('shop_settings').select(['key', 'value']).where('key', 'in', keys).execute();
}

export async function saveSettings(db: Executor, values: Record<string, string>, now: string): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('shop_settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
