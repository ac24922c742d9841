import type { Executor } from '../../db/database.ts';

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
