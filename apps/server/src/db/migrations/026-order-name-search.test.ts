// The search by name through the trigram indexes (SQLite and PostgreSQL): on a shop of the
// previous release upgraded, and as names are written, changed and deleted afterwards, each
// search finds exactly the orders whose folded name holds every folded word, and a word of three
// letters or more is looked up in the index, not by reading every name, and the words of a search
// together, in one lookup.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { foldName, nameSearchWords } from '@shop/domain/name-fold';
import type { Db } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { migratedDatabase, testDialect } from '../../../test/harness.ts';
import { orderRow } from '../../../test/fixtures.ts';
import { listOrders } from '../../modules/orders/orders.repository.ts';
import { planOf, statementsOf } from '../../../test/query-plans.ts';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase('025-product-sales'));
});
afterAll(() => close());

const FIRST = ['Aïcha', 'Amina', 'Samira', 'Karim', 'Yacine', 'Lina', 'Mohamed', 'سمير', 'أمينة', 'Zoé'];
const LAST = ['Aït Ahmed', 'Benali', 'Tebboune', 'Ben-Youcef', 'Kaci', 'بن علي', 'Ould Ali', 'Li'];

async function insertOrder(name: string): Promise<number> {
  const at = '2026-03-01T10:00:00.000Z';
  const row = await db.kysely.insertInto('orders').values(orderRow(name, at)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const SEARCHES = [
  'aicha',
  'AMINA benali',
  'ait ahmed',
  'ahm',
  'li',
  'ben',
  'youcef ben',
  'سمير',
  'امينه',
  'zoe li',
  'xyz',
];

/** What each search must find: the orders whose folded name holds every folded word. */
async function expectSearchesMatch() {
  const names = await db.kysely.selectFrom('orders').select(['id', 'customer_name']).execute();
  for (const q of SEARCHES) {
    const words = nameSearchWords(q);
    const expected = names
      .filter((o) => words.every((w) => foldName(o.customer_name).includes(w)))
      .map((o) => o.id)
      .sort((a, b) => b - a);
    const found = (await listOrders(db.kysely, { q }, 10_000, 0)).map((o) => o.id);
    expect(found, q).toEqual(expected);
  }
}

it('finds the same orders through the index, before and after names change', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 120; i++)
    ids.push(await insertOrder(`${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`));
  await migrate(db);
  await expectSearchesMatch();

  for (let i = 0; i < 40; i++) ids.push(await insertOrder(`${LAST[i % LAST.length]} ${FIRST[(i * 3) % FIRST.length]}`));
  for (const id of ids.slice(0, 30)) {
    const name = `${FIRST[(id * 5) % FIRST.length]} ${LAST[id % LAST.length]}`;
    await db.kysely
      .updateTable('orders')
      .set({ customer_name: name, customer_name_folded: foldName(name) })
      .where('id', '=', id)
      .execute();
  }
  await db.kysely.deleteFrom('orders').where('id', 'in', ids.slice(30, 45)).execute();
  await expectSearchesMatch();
});

it('looks a word of three letters or more up in the index, all the words of a search at once', async () => {
  if (db.kind === 'sqlite') {
    const [statement] = await statementsOf(db, (k) => listOrders(k, { q: 'Amina Benali' }, 20, 0));
    const plan = await planOf(db, statement!);
    // One lookup with both words (L0L0), not one list of every order holding each word.
    expect(plan.match(/orders_name_fts VIRTUAL TABLE INDEX/g), plan).toHaveLength(1);
    expect(plan).toMatch(/orders_name_fts VIRTUAL TABLE INDEX 0:L0L0\b/);
    return;
  }
  // A small table is read whole by choice; forbidden to, the planner shows it can use the index.
  const plan = await db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return sql<{
      'QUERY PLAN': string;
    }>`explain select id from orders where customer_name_folded like ${'%amina%'}`.execute(trx);
  });
  expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/orders_name_folded_trgm/);
});

it.runIf(testDialect === 'postgres')(
  'on PostgreSQL, a build of the index stopped half-way is built again at the next start',
  async () => {
    const valid = async () =>
      (
        await sql<{ indisvalid: boolean }>`select i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname = 'orders_name_folded_trgm' and c.relnamespace = current_schema()::regnamespace`.execute(
          db.kysely,
        )
      ).rows.map((r) => r.indisvalid);
    expect(await valid()).toEqual([true]);
    // What a CREATE INDEX CONCURRENTLY stopped half-way leaves: the index, marked invalid.
    await sql`update pg_index set indisvalid = false where indexrelid = 'orders_name_folded_trgm'::regclass`.execute(
      db.kysely,
    );
    expect(await valid()).toEqual([false]);
    await migrate(db);
    expect(await valid()).toEqual([true]);
    await expectSearchesMatch();
  },
);
