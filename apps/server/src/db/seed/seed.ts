// First start on an empty database: the wilayas, the first admin and, unless SEED_DEMO=false,
// the demo catalogue. Each part only runs when its table is empty, so restarts change nothing.
// Processes started together on one empty PostgreSQL database would each find the tables empty
// and each insert (one then died on the admin's unique name): each part looks and writes in a
// transaction holding an advisory lock, so the second process finds what the first wrote.
import type { Config } from '../../config.ts';
import type { Db } from '../connect.ts';
import { holdSeedingLock } from './seeding-lock.ts';
import { ensureAdmin } from '../../modules/auth/auth.service.ts';
import { WILAYAS } from './wilayas.ts';
import { seedDemo } from './demo.ts';

export interface SeedReport {
  generatedAdminPassword?: string;
  demo: boolean;
}

export async function seed(db: Db, config: Config): Promise<SeedReport> {
  const admin = await db.kysely.transaction().execute(async (trx) => {
    await holdSeedingLock(trx);
    const wilayas = await trx.selectFrom('shipping_prices').select('id').limit(1).execute();
    if (wilayas.length === 0) {
      await trx
        .insertInto('shipping_prices')
        .values(WILAYAS.map((w) => ({ wilaya_code: w.code, wilaya_name: w.name, price_cents: w.price * 100 })))
        .execute();
    }
    return ensureAdmin(trx, config.adminUsername, config.adminPassword, config.passwordHashCost);
  });
  const demo = config.seedDemo ? await seedDemo(db, config) : false;
  return { demo, ...(admin.generatedPassword ? { generatedAdminPassword: admin.generatedPassword } : {}) };
}
