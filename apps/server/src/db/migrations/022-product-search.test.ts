import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { up } from './022-product-search.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('migration 022 (product search keys)', () => {
  it("writes the search key of every existing product's names", async () => {
    const id = await insertProduct(t.db.kysely, { name: 'Crème à l’Argan', name_ar: 'كريم الأرغان' });
    // The shop as it was before the migration: no search_text column (nor its index).
    if (t.db.kind === 'postgres') await sql`drop index if exists products_search_trgm`.execute(t.db.kysely);
    await sql`alter table products drop column search_text`.execute(t.db.kysely);
    await up(t.db.kysely as unknown as Kysely<unknown>, t.db.kind);
    const row = await t.db.kysely
      .selectFrom('products')
      .select('search_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toBe('cremealargan كريمالارغان');
    const found = await t.app.inject({ method: 'GET', url: '/api/product/getAll?page=1&q=creme%20argan' });
    expect(found.json<{ data: { data: { id: number }[] } }>().data.data.map((p) => p.id)).toEqual([id]);
  });
});
