import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct, productStock } from '../../../test/fixtures.ts';
import { up } from './018-sized-stock-sums.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('sets a sized product whose stock drifted from its sizes to their sum, and leaves the others', async () => {
  const drifted = await insertProduct(t.db.kysely, { sizes: { S: 2, M: 3 } });
  await t.db.kysely.updateTable('products').set({ stock: 8 }).where('id', '=', drifted).execute();
  const right = await insertProduct(t.db.kysely, { sizes: { S: 1, M: 1 } });
  const single = await insertProduct(t.db.kysely, { stock: 7 });
  // Run again on the migrated database, as a first start runs it on a shop's data.
  await up(t.db.kysely as unknown as Kysely<unknown>, t.db.kind);
  expect(await productStock(t.db.kysely, drifted)).toBe(5);
  expect(await productStock(t.db.kysely, right)).toBe(2);
  expect(await productStock(t.db.kysely, single)).toBe(7);
});
