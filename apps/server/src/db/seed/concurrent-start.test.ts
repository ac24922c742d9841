// Two processes started at once on one empty PostgreSQL database (a deploy of two machines, a
// container scaled to two): both migrate and seed it, both start, and the shop has one admin, one
// set of wilayas and one demo catalogue. Before, both found the tables empty and both inserted:
// one died on the admin's unique name. SQLite is one process per database file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { connect, type Db } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { seed } from './seed.ts';
import { testDialect, GENEROUS_LIMITS } from '../../../test/harness.ts';
import { WILAYAS } from './wilayas.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? '';

async function onServer(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(testDialect !== 'postgres')('two processes starting at once on an empty PostgreSQL database', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
  let config: Config;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    await onServer(`create schema ${schema}`);
    config = loadConfig({
      DATABASE_URL: PG_URL,
      DATA_DIR: tmp,
      // One shared folder, as two processes on one machine (or one bucket) would share.
      UPLOADS_DIR: path.join(tmp, 'uploads'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'concurrent-start-123',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      ...GENEROUS_LIMITS,
    });
    a = connect(config.database, { searchPath: schema });
    b = connect(config.database, { searchPath: schema });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await onServer(`drop schema if exists ${schema} cascade`);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('both migrate and seed; one admin, one set of wilayas, one demo catalogue, no stray picture', async () => {
    // Both migrate at once (the Migrator's advisory lock makes them take turns), then both seed
    // at once: the second finds what the first wrote.
    const migrations = await Promise.allSettled([migrate(a), migrate(b)]);
    expect(migrations.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const seeds = await Promise.allSettled([seed(a, config), seed(b, config)]);
    expect(seeds.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const demos = seeds.map((r) => r.status === 'fulfilled' && r.value.demo);
    expect(demos.filter(Boolean)).toHaveLength(1);

    const k = a.kysely;
    expect(await k.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }]);
    const wilayas = await k.selectFrom('shipping_prices').select('wilaya_code').execute();
    expect(wilayas).toHaveLength(WILAYAS.length);
    const types = await k.selectFrom('product_types').select('name').orderBy('id').execute();
    expect(types.map((t) => t.name)).toEqual(['T-shirts', 'Hoodies', 'Pantalons', 'Soins du corps']);
    expect(await k.selectFrom('products').select('id').execute()).toHaveLength(28);
    expect(await k.selectFrom('custom_order_items').select('id').execute()).toHaveLength(3);
    expect(await k.selectFrom('coupons').select('code').execute()).toEqual([{ code: 'BIENVENUE10' }]);
    // The process whose catalogue was not written took its pictures away again.
    const images = await k.selectFrom('product_images').select('image_url').execute();
    const files = fs.readdirSync(config.uploadsDir).filter((f) => f.endsWith('.webp'));
    expect(files.sort()).toEqual(images.map((i) => path.basename(i.image_url)).sort());

    // And a third start changes nothing.
    await migrate(b);
    expect((await seed(b, config)).demo).toBe(false);
    expect(await k.selectFrom('users').select('id').execute()).toHaveLength(1);
  });
});
