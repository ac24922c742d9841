// A large export over a real HTTP connection, on SQLite and (second run) PostgreSQL: thousands of
// orders, more than the old single-file limit, come back all of them, oldest first, with their
// lines and payments, and the answer is a stream (chunked, no length known in advance), not a
// string built before the first byte.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { orderRow } from '../../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { ACCOUNTING_COLUMNS, YALIDINE_COLUMNS } from './exports.service.ts';

const ORDERS = 6_001;
let t: TestContext;
let base: string;
let admin: Record<string, string>;
let ids: number[];
const statusOf = (i: number) => (i % 3 === 0 ? 'shipping' : i % 3 === 1 ? 'approved' : 'pending');

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  const at = new Date('2026-03-01T10:00:00.000Z').toISOString();
  const orders = Array.from({ length: ORDERS }, (_, i) =>
    orderRow(`Client ${i}`, at, {
      status: statusOf(i),
      customer_phone: `0555${String(i).padStart(6, '0')}`,
      customer_address: 'Oran | 5 rue des Frères',
      customer_postal_code: '31000',
      wilaya_name: 'Oran',
      subtotal_cents: 100_000 + i,
      final_total_cents: 160_000 + i,
    }),
  );
  ids = [];
  for (let i = 0; i < orders.length; i += 200) {
    const rows = await t.db.kysely
      .insertInto('orders')
      .values(orders.slice(i, i + 200))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  const items = ids.map((order_id, i) => ({
    order_id,
    product_id: null,
    product_name: `Savon ${i}`,
    product_description: '',
    product_type: null,
    product_image: null,
    size: '',
    quantity: 1 + (i % 4),
    price_at_time_cents: 25_000,
    product_discount_percentage: 0,
    unit_final_price_cents: 25_000,
  }));
  for (let i = 0; i < items.length; i += 300) {
    await t.db.kysely
      .insertInto('order_items')
      .values(items.slice(i, i + 300))
      .execute();
  }
  // Every seventh order paid 100 DA in advance.
  const payments = ids
    .filter((_, i) => i % 7 === 0)
    .map((order_id) => ({
      order_id,
      amount_cents: 10_000,
      method: 'ccp',
      paid_on: '2026-03-01',
      author: null,
      created_at: at,
    }));
  for (let i = 0; i < payments.length; i += 300) {
    await t.db.kysely
      .insertInto('order_payments')
      .values(payments.slice(i, i + 300))
      .execute();
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
}, 120_000);
afterAll(() => t.close());

async function download(path: string) {
  const response = await fetch(`${base}${path}`, { headers: admin });
  // The file's bytes as they are, its byte-order mark included.
  const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  const rows: string[][] = parse(body, { bom: true, delimiter: ';' });
  return { response, body, header: rows[0] ?? [], rows: rows.slice(1) };
}

describe('a large export', () => {
  it("the accountant's file of every order: all rows, oldest first, streamed", async () => {
    const { response, body, header, rows } = await download('/order/export?format=csv');
    expect(response.status).toBe(200);
    // A stream: sent in chunks as it is written, its length unknown when the first byte leaves.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(header).toEqual([...ACCOUNTING_COLUMNS]);
    expect(rows.map((r) => Number(r[0]))).toEqual(ids);
    const column = (name: (typeof ACCOUNTING_COLUMNS)[number]) => ACCOUNTING_COLUMNS.indexOf(name);
    const last = ORDERS - 1;
    expect(rows[last]?.[column('Customer')]).toBe(`Client ${last}`);
    expect(rows[last]?.[column('Items')]).toContain(`Savon ${last}`);
    expect(rows[last]?.[column('Total (DA)')]).toBe(((160_000 + last) / 100).toFixed(2).replace('.', ','));
    // What was paid in advance is the order's own, in every batch.
    const paidRows = rows.filter((r) => r[column('Paid in advance (DA)')] === '100,00').map((r) => Number(r[0]));
    expect(paidRows).toEqual(ids.filter((_, i) => i % 7 === 0));
  });

  it('follows the filters across batches, and the chosen orders in the courier layout', async () => {
    const shipping = await download('/order/export?status=shipping');
    expect(shipping.rows.map((r) => Number(r[0]))).toEqual(ids.filter((_, i) => statusOf(i) === 'shipping'));
    const named = await download(`/order/export?q=${encodeURIComponent('client 5999')}`);
    expect(named.rows.map((r) => Number(r[0]))).toEqual([ids[5999]]);

    const chosen = ids.filter((_, i) => i % 13 === 0).reverse();
    const yalidine = await download(`/courier/export/yalidine?ids=${chosen.join(',')}`);
    expect(yalidine.response.headers.get('transfer-encoding')).toBe('chunked');
    expect(yalidine.header).toEqual([...YALIDINE_COLUMNS]);
    expect(yalidine.rows.map((r) => Number(r[0]))).toEqual([...chosen].reverse());
  });

  it('an empty export is the header alone', async () => {
    const { response, rows, header } = await download('/order/export?from=2030-01-01');
    expect(response.status).toBe(200);
    expect(header).toEqual([...ACCOUNTING_COLUMNS]);
    expect(rows).toEqual([]);
  });
});
