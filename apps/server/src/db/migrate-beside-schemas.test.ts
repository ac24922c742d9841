// PostgreSQL: a shop's migrations find their bookkeeping tables in the shop's own schema, so
// another process creating and dropping schemas of the same database meanwhile does not fail them.
// Kysely's own introspector read every column of every schema, and failed ("schema … does not
// exist") when one was dropped under it: the tests, each file migrating a schema of its own two
// files at a time, met it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './connect.ts';
import { pendingMigrations } from './migrate.ts';
import { migratedDatabase, testDatabaseUrl, testDialect } from '../../test/harness.ts';

describe.skipIf(testDialect !== 'postgres')('migrations beside schemas created and dropped', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase());
  });
  afterAll(() => close());

  it('find their tables while another connection drops schemas one after the other', async () => {
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    let stop = false;
    let dropped = 0;
    const churn = (async () => {
      for (let n = 0; !stop; n++) {
        const schema = `churn_${process.pid}_${n}`;
        const tables = Array.from(
          { length: 10 },
          (_, i) => `create table ${schema}.t${i} (id serial primary key, a text, b int)`,
        );
        await other.query(`create schema ${schema}; ${tables.join('; ')}`);
        await other.query(`drop schema ${schema} cascade`);
        dropped++;
      }
    })();
    try {
      // Until schemas were dropped under the reads often enough for the old introspector to fail
      // (it failed within the first five schemas, in two runs out of two).
      for (let reads = 0; reads < 100 || dropped < 30; reads++) expect(await pendingMigrations(db)).toBe(0);
    } finally {
      stop = true;
      await churn;
      await other.end();
    }
  });
});
