// First start on an empty database: the wilayas, the first admin and, unless SEED_DEMO=false,
// the demo catalogue. Each part only runs when its table is empty, so restarts change nothing.
import type { Config } from '../../config.ts';
import type { Db } from '../connect.ts';
import { ensureAdmin } from '../../modules/auth/auth.service.ts';
import { WILAYAS } from './wilayas.ts';
import { seedDemo } from './demo.ts';

export interface SeedReport {
  generatedAdminPassword?: string;
  demo: boolean;
}

export async function seed(db: Db, config: Config): Promise<SeedReport> {
  const k = db.kysely;
  const wilayas = await k.selectFrom('shipping_prices').select('id').limit(1).execute();
  if (wilayas.length === 0) {
    await k
      .insertInto('shipping_prices')
      .values(WILAYAS.map((w) => ({ wilaya_code: w.code, wilaya_name: w.name, price_cents: w.price * 100 })))
      .execute();
  }
  const admin = await ensureAdmin(k, config.adminUsername, config.adminPassword, config.passwordHashCost);
  const demo = config.seedDemo ? await seedDemo(db, config) : false;
  return { demo, ...(admin.generatedPassword ? { generatedAdminPassword: admin.generatedPassword } : {}) };
}
