// An order of one of the 69 wilayas of 2027 sent to a courier of the 58 (Yalidine today), on SQLite
// and (second run) PostgreSQL, through the local Yalidine over HTTP, which knows the 58 only: the
// parcel goes with the wilaya it was made from and the commune, the slips and files say both, and
// Yalidine's fee grid of a new wilaya is read from its mother's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { CourierSendResult, Slip } from '@shop/domain/courier';
import type { AdminShippingPrice, FeeGridPreview } from '@shop/domain/shipping-responses';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { fakeYalidineEnv, startFakeYalidine, type FakeYalidine } from '../../../test/fake-yalidine.ts';
import { parcelOf } from './couriers.service.ts';

let fake: FakeYalidine;
let t: TestContext;
let admin: Record<string, string>;
let product: number;

beforeAll(async () => {
  fake = await startFakeYalidine();
  fake.centres.push({
    center_id: 280201,
    name: 'Agence de Bou Saâda',
    address: 'Route de Biskra',
    gps: '35.2133,4.1811',
    commune_id: 2820,
    commune_name: 'Bou Saada',
    wilaya_id: 28,
    wilaya_name: "M'Sila",
  });
  t = await createTestContext({ env: { ...fakeYalidineEnv(fake), GEO_DIVISION: 'wilayas-2026' } });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon', price: 450, stock: 500 });
  // Bou Saâda has a stop desk fee of its own.
  const bouSaada = (await t.app.inject({ url: '/api/ShippingPrice/all', headers: admin }))
    .json<{ data: AdminShippingPrice[] }>()
    .data.find((w) => w.wilaya_code === 68)!;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/ShippingPrice/update',
    headers: admin,
    payload: { id: bouSaada.id, wilaya_name: 'Bou Saâda', price: 700, stop_desk_price: 400 },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let phones = 0;
/** An approved order of Bou Saâda, delivered at home or at a stop desk. */
async function bouSaadaOrder(deliveryType: 'home' | 'stop_desk', commune = 'Bou Saâda'): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: 'Yacine Hamdi',
      customer_phone: `0770${String(200_000 + ++phones).slice(-6)}`,
      customer_address: 'Bou Saâda | Rue de la mosquée',
      customer_postal_code: '28200',
      subtotal: 450,
      shipping_fee: deliveryType === 'home' ? 700 : 400,
      wilaya: 'Bou Saâda',
      delivery_type: deliveryType,
      commune,
      items: [{ product_id: product, quantity: 1, size: '' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { order_id: number } }>().data.order_id;
  const approved = await t.app.inject({
    method: 'PUT',
    url: `/api/order/updateOrderStatus/${id}`,
    headers: admin,
    payload: { status: 'approved' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

describe('an order of a wilaya newer than the courier’s 58', () => {
  let home: number;
  let desk: number;

  it('goes to Yalidine as its mother wilaya with its commune, at a home or at the centre of its commune', async () => {
    home = await bouSaadaOrder('home');
    desk = await bouSaadaOrder('stop_desk', 'Ouled Sidi Brahim');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/courier/send',
      headers: admin,
      payload: { orderIds: [home, desk] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: CourierSendResult }>().data.results.map((r) => r.ok)).toEqual([true, true]);
    const body = (id: number) => fake.parcels.find((p) => p.order_id === String(id))?.body;
    expect(body(home)).toMatchObject({
      to_wilaya_name: "M'Sila",
      to_commune_name: 'Bou Saada',
      from_wilaya_name: 'Alger',
      is_stopdesk: false,
      price: 1150,
    });
    // The only centre of M'Sila's in the new wilaya, found though the order says Bou Saâda.
    expect(body(desk)).toMatchObject({
      to_wilaya_name: "M'Sila",
      to_commune_name: 'Ouled Sidi Brahim',
      is_stopdesk: true,
      stopdesk_id: '280201',
    });
    // A courier of the 69 would get the new wilaya itself.
    const row = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', home).executeTakeFirstOrThrow();
    expect(parcelOf(row, [], 0, 'wilayas-2026')).toMatchObject({ wilaya: 'Bou Saâda', wilayaCode: 68 });
    expect(parcelOf(row, [], 0, 'wilayas-2019')).toMatchObject({ wilaya: "M'Sila", wilayaCode: 28 });
  });

  it('is printed and exported with both wilayas: the order’s and the one the courier knows', async () => {
    const slips = (await t.app.inject({ url: `/api/courier/slips?ids=${home},${desk}`, headers: admin })).json<{
      data: Slip[];
    }>().data;
    expect(slips.map((s) => [s.wilaya_name, s.wilaya_label, s.commune])).toEqual([
      ['Bou Saâda', "68 Bou Saâda (28 M'Sila)", 'Bou Saada'],
      ['Bou Saâda', "68 Bou Saâda (28 M'Sila)", 'Ouled Sidi Brahim'],
    ]);
    expect(slips[1]).toMatchObject({ stop_desk_id: '280201', stop_desk_name: 'Agence de Bou Saâda' });

    const csv = async (url: string) => {
      const rows: string[][] = parse((await t.app.inject({ url, headers: admin })).body, { bom: true, delimiter: ';' });
      return rows;
    };
    const [header = [], ...lines] = await csv(`/api/courier/export/yalidine?ids=${home}`);
    const line = Object.fromEntries(header.map((h, i) => [h, lines[0]?.[i]]));
    expect(line).toMatchObject({ to_wilaya_name: "M'Sila", to_commune_name: 'Bou Saada' });
    const [accHeader = [], ...accLines] = await csv(`/api/order/export?ids=${home}`);
    const accounting = Object.fromEntries(accHeader.map((h, i) => [h, accLines[0]?.[i]]));
    expect(accounting).toMatchObject({ Wilaya: "68 Bou Saâda (28 M'Sila)", Commune: 'Bou Saada' });
  });

  it('reads Yalidine’s fee grid of a new wilaya from its mother’s, asked once for both', async () => {
    fake.calls.length = 0;
    fake.fees.set(28, {
      name: "M'Sila",
      communes: [
        { id: 2801, name: "M'Sila", express_home: 650, express_desk: 400 },
        { id: 2829, name: 'Maarif', express_home: 650, express_desk: 400 },
        { id: 2820, name: 'Bou Saada', express_home: 800, express_desk: 450 },
        { id: 2821, name: 'Ouled Sidi Brahim', express_home: 800, express_desk: 450 },
        { id: 2843, name: 'Slim', express_home: 900, express_desk: 450 },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/import/yalidine',
      headers: admin,
      payload: { wilaya_codes: [28, 68] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: FeeGridPreview }>().data;
    expect(preview.skipped).toEqual([]);
    const byCode = Object.fromEntries(preview.rows.map((r) => [r.wilaya_code, r]));
    // M'Sila: its own communes only; Bou Saâda: its communes out of M'Sila's grid, Slim priced apart.
    expect(byCode[28]).toMatchObject({ price: { new: 650 }, stop_desk_price: { new: 400 }, communes: [] });
    expect(byCode[28]?.note).toContain("3 commune(s) of Yalidine's M'Sila are in 68 Bou Saâda now");
    expect(byCode[68]).toMatchObject({
      wilaya_name: 'Bou Saâda',
      price: { old: 700, new: 800 },
      stop_desk_price: { old: 400, new: 450 },
      communes: [{ name: 'Slim', price: 900, stop_desk_price: null }],
    });
    expect(byCode[68]?.note).toContain("Yalidine's grid of 28 M'Sila, its communes in 68 Bou Saâda");
    const feeCalls = fake.calls.filter((c) => c.path.startsWith('/v1/fees/'));
    expect(feeCalls.map((c) => c.path)).toEqual(['/v1/fees/?from_wilaya_id=16&to_wilaya_id=28']);
  });
});

describe('a courier said to speak the 69 (YALIDINE_DIVISION=wilayas-2026)', () => {
  it('gets the new wilaya itself: the local Yalidine, which knows the 58, refuses it and the owner reads why', async () => {
    const shop = await createTestContext({
      env: { ...fakeYalidineEnv(fake), GEO_DIVISION: 'wilayas-2026', YALIDINE_DIVISION: 'wilayas-2026' },
    });
    try {
      const owner = await shop.adminHeaders();
      const item = await insertProduct(shop.db.kysely, { name: 'Savon', price: 450, stock: 5 });
      const placed = await shop.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          customer_name: 'Yacine Hamdi',
          customer_phone: '0770999001',
          customer_address: 'Bou Saâda | Rue de la mosquée',
          customer_postal_code: '28200',
          subtotal: 450,
          shipping_fee: 700,
          wilaya: 'Bou Saâda',
          delivery_type: 'home',
          commune: 'Bou Saâda',
          items: [{ product_id: item, quantity: 1, size: '' }],
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json<{ data: { order_id: number } }>().data.order_id;
      await shop.app.inject({
        method: 'PUT',
        url: `/api/order/updateOrderStatus/${id}`,
        headers: owner,
        payload: { status: 'approved' },
      });
      const sent = await shop.app.inject({
        method: 'POST',
        url: '/api/courier/send',
        headers: owner,
        payload: { orderIds: [id] },
      });
      expect(sent.json<{ data: CourierSendResult }>().data.results).toMatchObject([
        { id, ok: false, message: 'Unknown wilaya: Bou Saâda' },
      ]);
    } finally {
      await shop.close();
    }
  });
});
