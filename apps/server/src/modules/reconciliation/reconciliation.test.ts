// The cash the couriers owe, through HTTP, on SQLite and (second run) PostgreSQL: parcels sent to a
// local Ecotrack tenant, delivered or returned as it says, then its statement imported: a parcel
// missing from the statement stays "delivered, not paid", a short payment shows its difference, a
// returned parcel charged its return fee is listed with it; a statement that cannot be read writes
// nothing; the stranded parcels and the cash after fees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { CourierAccount } from '@shop/domain/courier-accounts';
import {
  currentMonth,
  type Cash,
  type Reconciliation,
  type StatementResult,
  type StrandedParcel,
} from '@shop/domain/reconciliation';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { FAKE_ECOTRACK_TOKEN, startFakeEcotrack, type FakeEcotrack } from '../../../test/fake-ecotrack.ts';
import {
  addAccount,
  matchPlaces,
  placeOrder,
  readOrder,
  route,
  sendOrders,
  sync,
} from '../../../test/courier-accounts.ts';

let fake: FakeEcotrack;
let t: TestContext;
let admin: Record<string, string>;
let account: CourierAccount;
/** Delivered and paid in full, delivered and paid short, returned and charged, delivered and missing from the statement. */
const ids = { full: 0, short: 0, returned: 0, missing: 0 };
const tracking = { full: '', short: '', returned: '', missing: '' };
const due = { full: 0, short: 0 };

beforeAll(async () => {
  fake = await startFakeEcotrack();
  fake.limit = 10_000;
  t = await createTestContext({ env: { COURIER_SYNC_MINUTES: '0', COURIER_CALLS_PER_MINUTE: '10000' } });
  admin = await t.adminHeaders();
  const product = await insertProduct(t.db.kysely, { name: 'Savon', price: 450, stock: 500 });
  account = await addAccount(t, admin, {
    kind: 'ecotrack',
    name: 'DHD',
    host: fake.url,
    credentials: { token: FAKE_ECOTRACK_TOKEN },
  });
  await route(t, admin, [{ wilaya: null, account_id: account.id }]);
  await matchPlaces(t, admin, account.id);
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[key] = await placeOrder(t, admin, product, {
      wilaya: key === 'returned' ? 'Sétif' : 'Oran',
      commune: key === 'returned' ? 'Setif' : 'Oran',
    });
  }
  const sent = await sendOrders(t, admin, ids.full, ids.short, ids.returned, ids.missing);
  expect(sent.map((r) => r.message)).toEqual(sent.map((): unknown => expect.stringMatching(/^Sent/)));
  const [full = '', short = '', returned = '', missing = ''] = sent.map((r) => r.tracking_number ?? '');
  Object.assign(tracking, { full, short, returned, missing });
  fake.setStatus(tracking.full, 'livre_non_encaisse');
  fake.setStatus(tracking.short, 'livre_non_encaisse');
  fake.setStatus(tracking.missing, 'livre_non_encaisse');
  fake.setStatus(tracking.returned, 'retour_recu');
  await sync(t, admin, account.id);
  due.full = (await readOrder(t, admin, ids.full)).amount_due;
  due.short = (await readOrder(t, admin, ids.short)).amount_due;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Oran's fee at this tenant (fake: 600 + the wilaya's number), Sétif's return fee (200 + 19). */
const ORAN_FEE = 631;
const SETIF_RETURN = 219;

const statement = () =>
  [
    'Tracking;Montant versé;Frais de livraison',
    `${tracking.full};${(due.full - ORAN_FEE).toFixed(2).replace('.', ',')};${ORAN_FEE}`,
    `${tracking.short};${due.short - ORAN_FEE - 100};${ORAN_FEE}`,
    `${tracking.returned};-${SETIF_RETURN};`,
    'ECO-NOT-OURS;1500;',
  ].join('\n');

async function importCsv(csv: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/courier/statements',
    headers: admin,
    payload: { account_id: account.id, csv, file_name: 'releve-mars.csv' },
  });
}

async function reconciliation(): Promise<Reconciliation> {
  const res = await t.app.inject({
    url: `/api/courier/reconciliation?account=${account.id}&month=${currentMonth()}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Reconciliation }>().data;
}

describe("a courier's statement", () => {
  it('refuses a file it cannot read, naming every bad line, and writes nothing', async () => {
    const bad = await importCsv(`tracking;montant\n${tracking.full};douze\n;100\n${tracking.short};1 000,5`);
    expect(bad.statusCode).toBe(400);
    const errors = bad.json<{ data: { errors: { line: number; message: string }[] } }>().data.errors;
    expect(errors.map((e) => e.line)).toEqual([2, 3]);
    const noColumns = await importCsv('numero;total\nx;1');
    expect(noColumns.statusCode).toBe(400);
    expect(await t.db.kysely.selectFrom('courier_statements').select('id').execute()).toEqual([]);
    expect((await reconciliation()).totals.delivered_unpaid).toBe(3);
  });

  it('marks its parcels paid with their amounts; lists the line that is not ours; shows the short payment and the charged return', async () => {
    const res = await importCsv(statement());
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ data: StatementResult }>().data;
    expect(result).toMatchObject({ lines: 4, matched: 3, paid: 3, returns_charged: 1 });
    expect(result.unknown).toEqual([{ line: 5, tracking: 'ECO-NOT-OURS', message: expect.any(String) }]);
    expect(result.differences.map((d) => [d.order_id, d.difference])).toEqual([[ids.short, -100]]);
  });

  it('the month: the parcel missing from the statement is still delivered and not paid; paid, returned and differences listed', async () => {
    const month = await reconciliation();
    expect(month.delivered_unpaid.map((p) => p.order_id)).toEqual([ids.missing]);
    expect(month.paid.map((p) => p.order_id).sort((a, b) => a - b)).toEqual(
      [ids.full, ids.short, ids.returned].sort((a, b) => a - b),
    );
    expect(month.returned).toEqual([
      expect.objectContaining({
        order_id: ids.returned,
        return_fee: SETIF_RETURN,
        expected: -SETIF_RETURN,
        paid: -SETIF_RETURN,
        difference: 0,
      }),
    ]);
    expect(month.differences).toEqual([
      expect.objectContaining({
        order_id: ids.short,
        expected: due.short - ORAN_FEE,
        paid: due.short - ORAN_FEE - 100,
        difference: -100,
      }),
    ]);
    expect(month.totals).toMatchObject({
      delivered: 3,
      delivered_unpaid: 1,
      returned: 1,
      return_fees: SETIF_RETURN,
      difference: -100,
    });
    expect(month.totals.collected).toBeCloseTo(
      due.full + due.short + (await readOrder(t, admin, ids.missing)).amount_due,
      2,
    );
  });

  it('imported twice, sets the same values: nothing counted twice', async () => {
    expect((await importCsv(statement())).statusCode).toBe(200);
    const month = await reconciliation();
    expect(month.totals).toMatchObject({ delivered_unpaid: 1, difference: -100 });
    expect(month.paid).toHaveLength(3);
  });

  it('downloads the month as CSV for a French spreadsheet', async () => {
    const res = await t.app.inject({
      url: `/api/courier/reconciliation/export?account=${account.id}&month=${currentMonth()}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows: string[][] = parse(res.body, { bom: true, delimiter: ';' });
    expect(rows[0]?.[0]).toBe('Order');
    const short = rows.find((r) => r[0] === String(ids.short));
    expect(short?.[11]).toBe('-100,00');
    expect(rows).toHaveLength(5);
  });

  it('refuses a statement for an account that does not exist (404) and a bad month (400)', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/courier/statements',
      headers: admin,
      payload: { account_id: 9999, csv: 'tracking;amount\nx;1' },
    });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/courier/reconciliation?month=2026-13', headers: admin })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/courier/reconciliation' })).statusCode).toBe(401);
  });
});

describe('the cash after fees', () => {
  it('per courier and per wilaya: collected less delivery fees and return fees', async () => {
    const res = await t.app.inject({ url: '/api/courier/cash', headers: admin });
    const cash = res.json<{ data: Cash }>().data;
    const collected = due.full + due.short + (await readOrder(t, admin, ids.missing)).amount_due;
    const oran = cash.per_wilaya.find((w) => w.wilaya === 'Oran');
    expect(oran).toMatchObject({ delivered: 3, returned: 0, delivery_fees: 3 * ORAN_FEE, unknown_fees: 0 });
    expect(oran?.net).toBeCloseTo(collected - 3 * ORAN_FEE, 2);
    // Sétif only cost its return.
    expect(cash.per_wilaya.find((w) => w.wilaya === 'Sétif')).toMatchObject({
      delivered: 0,
      returned: 1,
      net: -SETIF_RETURN,
    });
    expect(cash.per_courier).toEqual([expect.objectContaining({ account_id: account.id, account: 'DHD' })]);
    expect(cash.per_courier[0]?.net).toBeCloseTo(collected - 3 * ORAN_FEE - SETIF_RETURN, 2);
  });
});

describe('stranded parcels', () => {
  it('lists a parcel not picked up after 48 hours and one with no news for the days set; the setting decides', async () => {
    const product = await insertProduct(t.db.kysely, { name: 'Bougie', price: 450, stock: 50 });
    const waiting = await placeOrder(t, admin, product);
    const quiet = await placeOrder(t, admin, product);
    const fresh = await placeOrder(t, admin, product);
    const sent = await sendOrders(t, admin, waiting, quiet, fresh);
    fake.setStatus(sent[1]?.tracking_number ?? '', 'en_livraison');
    fake.setStatus(sent[2]?.tracking_number ?? '', 'en_livraison');
    await sync(t, admin, account.id);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await t.db.kysely
      .updateTable('courier_parcels')
      .set({ created_at: daysAgo(3), status_changed_at: daysAgo(3) })
      .where('order_id', '=', waiting)
      .execute();
    await t.db.kysely
      .updateTable('courier_parcels')
      .set({ created_at: daysAgo(12), status_changed_at: daysAgo(10) })
      .where('order_id', '=', quiet)
      .execute();
    const listed = async () =>
      (await t.app.inject({ url: '/api/courier/stranded', headers: admin })).json<{ data: StrandedParcel[] }>().data;
    expect((await listed()).map((p) => [p.order_id, p.reason, p.days])).toEqual([
      [quiet, 'no_news', 10],
      [waiting, 'not_picked_up', 3],
    ]);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/courier/settings',
      headers: admin,
      payload: { stranded_days: 14 },
    });
    expect(set.json<{ data: unknown }>().data).toEqual({ stranded_days: 14 });
    expect((await listed()).map((p) => p.order_id)).toEqual([waiting]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/courier/settings',
      headers: admin,
      payload: { stranded_days: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
