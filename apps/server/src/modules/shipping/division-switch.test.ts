// The 69 wilayas of 1 January 2027 (DESIGN §7.3, docs/wilayas-2027.md), on SQLite and (second run)
// PostgreSQL, with the app's clock set by the test: the shop before and after midnight in Algiers,
// the switch (rows added once, the owner's fees kept, provisional fees), orders in a new wilaya and
// commune, a moved commune refused under its old wilaya, orders placed before keeping their wilaya.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commune } from '@shop/domain/geo/commune-schemas';
import type { AdminShippingPrice, ShippingPrice, WilayaDivisions } from '@shop/domain/shipping-responses';
import type { OrderStats } from '@shop/domain/order-responses';
import { buildApp } from '../../app.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import type { FastifyBaseLogger } from 'fastify';
import { divisionSwitcher, switchDivision, SWITCH_RETRY_MS } from './division-switch.ts';
import { createGeography, divisionOf } from './geography.ts';

const algiers = (local: string) => Date.parse(`${local}+01:00`);
const BEFORE = algiers('2026-12-31T23:59:00');
const AFTER = algiers('2027-01-01T00:00:00');

let now = BEFORE;
let t: TestContext;
let admin: Record<string, string>;
let product: number;

beforeAll(async () => {
  t = await createTestContext({ env: { GEO_DIVISION: 'auto' }, clock: () => now });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon', price: 450, stock: 500 });
});
afterAll(() => t.close());

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api${url}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}
const publicRows = () => get<ShippingPrice[]>('/ShippingPrice/read');
const adminRows = () => get<AdminShippingPrice[]>('/ShippingPrice/all', admin);
const row = async (code: number) => (await adminRows()).find((r) => r.wilaya_code === code);

let phones = 0;
/** A storefront order: its answer. */
function placeOrder(wilaya: string, commune: string, extra: { shipping_fee?: number; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/order${extra.lang ? `?lang=${extra.lang}` : ''}`,
    payload: {
      customer_name: 'Karim Benali',
      customer_phone: `0661${String(100_000 + ++phones).slice(-6)}`,
      customer_address: `${wilaya} | Cité 500 logements`,
      customer_postal_code: '28200',
      subtotal: 450,
      shipping_fee: extra.shipping_fee ?? 0,
      wilaya,
      delivery_type: 'home',
      commune,
      items: [{ product_id: product, quantity: 1, size: '' }],
    },
  });
}
/** The fee the server asks for (its 409 says it), then the order placed with it. */
async function placeAtServerFee(wilaya: string, commune: string) {
  const first = await placeOrder(wilaya, commune);
  if (first.statusCode === 201) return first;
  expect(first.statusCode, first.body).toBe(409);
  const fee = first.json<{ data: { shipping_fee: number } }>().data.shipping_fee;
  return placeOrder(wilaya, commune, { shipping_fee: fee });
}
const orderCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the 69 wilayas from 1 January 2027, Algiers time', () => {
  let oldOrder: number;

  it('before midnight: the 58, M’Sila with Bou Saâda among its communes, kept by browsers only until midnight', async () => {
    expect((await publicRows()).map((r) => r.wilaya_code)).toEqual(Array.from({ length: 58 }, (_, i) => i + 1));
    const divisions = await get<WilayaDivisions>('/ShippingPrice/divisions', admin);
    expect(divisions).toEqual({
      setting: 'auto',
      in_force: { id: 'wilayas-2019', wilayas: 58 },
      next: { id: 'wilayas-2026', at: '2026-12-31T23:00:00.000Z' },
      switches: [],
    });
    const res = await t.app.inject({ url: '/api/commune?wilaya=28' });
    const msila = res.json<{ data: Commune[] }>().data;
    expect(msila).toHaveLength(47);
    expect(msila.find((c) => c.name === 'Bou Saada')).toEqual({
      name: 'Bou Saada',
      name_ar: 'بوسعادة',
      postal_code: null,
    });
    // The list changes at midnight, one minute away: no cache keeps it longer.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect((await t.app.inject({ url: '/api/commune?wilaya=68' })).statusCode).toBe(404);

    // The owner's fees for M'Sila, and for two of its communes: Bou Saâda (leaving) and Magra (staying).
    const msilaRow = (await row(28))!;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/update',
      headers: admin,
      payload: { id: msilaRow.id, wilaya_name: "M'Sila", price: 750, stop_desk_price: 450 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db.kysely
      .insertInto('commune_fees')
      .values([
        {
          shipping_price_id: msilaRow.id,
          commune_name: 'Bou Saada',
          price_cents: 90_000,
          stop_desk_price_cents: 60_000,
        },
        { shipping_price_id: msilaRow.id, commune_name: 'Magra', price_cents: 80_000, stop_desk_price_cents: null },
      ])
      .execute();
    // Aflou added early by the owner, with a fee of their own: not offered before its day.
    const aflou = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/create',
      headers: admin,
      payload: { wilaya_name: 'Aflou', price: 1234 },
    });
    expect(aflou.statusCode, aflou.body).toBe(201);
    expect((await row(59))?.offered).toBe(false);
    expect((await publicRows()).some((r) => r.wilaya_name === 'Aflou')).toBe(false);
    const refused = await placeOrder('Aflou', 'Aflou', { shipping_fee: 1234 });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([400, 'Wilaya inconnue']);

    // An order of Bou Saâda, then in M'Sila.
    const placed = await placeAtServerFee("M'Sila", 'Bou Saâda');
    expect(placed.statusCode, placed.body).toBe(201);
    oldOrder = placed.json<{ data: { order_id: number } }>().data.order_id;
  });

  it('at midnight: 69 wilayas, each new one with its mother’s fees and communes’ fees, provisional; the owner’s kept', async () => {
    now = AFTER;
    const rows = await publicRows();
    expect(rows.map((r) => r.wilaya_code)).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    const bouSaada = (await row(68))!;
    expect(bouSaada).toMatchObject({
      wilaya_name: 'Bou Saâda',
      price: 750,
      stop_desk_price: 450,
      communes: [{ name: 'Bou Saada', price: 900, stop_desk_price: 600 }],
      provisional: true,
      offered: true,
    });
    // Another new wilaya takes its mother's fees as seeded (Biskra: 800 Da, no stop desk).
    expect(await row(61)).toMatchObject({
      wilaya_name: 'El Kantara',
      price: 800,
      stop_desk_price: null,
      communes: [],
      provisional: true,
    });
    // M'Sila itself is untouched, and Aflou keeps what the owner set.
    expect(await row(28)).toMatchObject({ price: 750, stop_desk_price: 450, provisional: false });
    expect((await row(28))?.communes.map((c) => c.name)).toEqual(['Bou Saada', 'Magra']);
    expect(await row(59)).toMatchObject({ wilaya_name: 'Aflou', price: 1234, provisional: false, offered: true });

    const divisions = await get<WilayaDivisions>('/ShippingPrice/divisions', admin);
    expect(divisions.in_force).toEqual({ id: 'wilayas-2026', wilayas: 69 });
    expect(divisions.next).toBeNull();
    expect(divisions.switches).toHaveLength(1);
    expect(divisions.switches[0]?.division).toBe('wilayas-2026');
    expect(divisions.switches[0]?.switched_at).toBe('2026-12-31T23:00:00.000Z');
    expect(divisions.switches[0]?.log).toEqual(
      expect.arrayContaining([
        '69 wilayas in force (wilayas-2026): 10 wilaya(s) added with provisional fees, 1 kept as the owner set it, 0 not added',
        '59 Aflou: kept the fees already set (home 1234 Da, no stop desk)',
        "68 Bou Saâda: added with the fees of 28 M'Sila (home 750 Da, stop desk 450 Da; 1 commune(s) priced apart: Bou Saada), provisional until saved",
      ]),
    );
  });

  it('runs once: a restart, or a second process, adds nothing, and a wilaya the owner removed stays removed', async () => {
    const elAbiodh = (await row(69))!;
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/delete',
      headers: admin,
      payload: { id: elAbiodh.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(await switchDivision(t.db.kysely, divisionOf('wilayas-2026'), new Date(AFTER))).toBeNull();
    const restarted = await buildApp({ config: t.config, db: t.db, logger: false, clock: () => AFTER });
    await restarted.ready();
    const res = await restarted.inject({ url: '/api/ShippingPrice/read' });
    expect(res.json<{ data: ShippingPrice[] }>().data).toHaveLength(68);
    await restarted.close();
    expect((await get<WilayaDivisions>('/ShippingPrice/divisions', admin)).switches).toHaveLength(1);
  });

  it('prices an order of a new wilaya by its commune, and keeps the wilaya each order was placed with', async () => {
    const atCommuneFee = await placeAtServerFee('Bou Saâda', 'bou saada');
    expect(atCommuneFee.statusCode, atCommuneFee.body).toBe(201);
    const slim = await placeAtServerFee('Bou Saada', 'Slim');
    expect(slim.statusCode, slim.body).toBe(201);
    const ids = [atCommuneFee, slim].map((r) => r.json<{ data: { order_id: number } }>().data.order_id);
    const rows = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'wilaya_name', 'commune_name', 'shipping_fee_cents'])
      .where('id', 'in', [oldOrder, ...ids])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.wilaya_name, r.commune_name, r.shipping_fee_cents / 100])).toEqual([
      ["M'Sila", 'Bou Saada', 900],
      ['Bou Saâda', 'Bou Saada', 900],
      ['Bou Saâda', 'Slim', 750],
    ]);

    // The order of December is still M'Sila's everywhere the owner looks, and the new ones Bou Saâda's.
    const stats = await get<OrderStats>('/order/stats', admin);
    const perWilaya = Object.fromEntries(stats.last_30_days.per_wilaya.map((w) => [w.wilaya, w.orders]));
    expect(perWilaya).toEqual({ 'Bou Saâda': 2, "M'Sila": 1 });
    const search = async (wilaya: string) =>
      (
        await get<{ data: { id: number }[] }>(
          `/order/searchOrders?wilaya=${encodeURIComponent(wilaya)}&limit=50`,
          admin,
        )
      ).data.map((o) => o.id);
    expect(await search("M'Sila")).toEqual([oldOrder]);
    expect((await search('Bou Saâda')).sort()).toEqual(ids.sort());
  });

  it('refuses a moved commune under its old wilaya, naming the new one, in French and Arabic, writing nothing', async () => {
    const before = await orderCount();
    const french = await placeOrder("M'Sila", 'Bou Saâda', { shipping_fee: 750 });
    expect(french.statusCode).toBe(400);
    expect(french.json<{ message: string }>().message).toBe(
      'Bou Saada fait désormais partie de la wilaya 68 - Bou Saâda : choisissez cette wilaya',
    );
    const arabic = await placeOrder("M'Sila", 'بوسعادة', { shipping_fee: 750, lang: 'ar' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json<{ message: string }>().message).toBe(
      'بلدية \u2066Bou Saada\u2069 أصبحت تابعة لولاية 68 - بوسعادة: اختر هذه الولاية',
    );
    // A commune that never was M'Sila's gets the usual answer; one that stays is taken.
    expect((await placeOrder("M'Sila", 'Bab El Oued', { shipping_fee: 750 })).json<{ message: string }>().message).toBe(
      "Cette commune n’est pas dans la wilaya M'Sila",
    );
    expect(await orderCount()).toBe(before);
    expect((await placeAtServerFee("M'Sila", 'Magra')).statusCode).toBe(201);
  });

  it('lists a wilaya’s communes of 2027, and those that left it with where they are now', async () => {
    const res = await t.app.inject({ url: '/api/commune?wilaya=28' });
    const msila = res.json<{ data: Commune[] }>().data;
    expect(msila.filter((c) => !c.moved_to)).toHaveLength(24);
    expect(msila.filter((c) => c.moved_to)).toHaveLength(23);
    expect(msila.find((c) => c.name === 'Bou Saada')).toEqual({
      name: 'Bou Saada',
      name_ar: 'بوسعادة',
      postal_code: null,
      moved_to: { code: 68, name: 'Bou Saâda' },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const bouSaada = (await t.app.inject({ url: '/api/commune?wilaya=bou%20saada' })).json<{ data: Commune[] }>().data;
    expect(bouSaada.map((c) => c.name)).toContain('Ouled Sidi Brahim');
    expect(bouSaada).toHaveLength(23);
  });

  it('a saved or imported fee is the owner’s: no longer provisional', async () => {
    const bouSaada = (await row(68))!;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/update',
      headers: admin,
      payload: { id: bouSaada.id, wilaya_name: 'Bou Saâda', price: 800, stop_desk_price: 500 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await row(68)).toMatchObject({ price: 800, provisional: false });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/import',
      headers: admin,
      payload: { rows: [{ wilaya_code: 60, price: 950, stop_desk_price: null }] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await row(60)).toMatchObject({ price: 950, provisional: false });
    expect((await row(62))?.provisional).toBe(true);
  });
});

describe('two processes reaching the day together', () => {
  it('switch once: one adds the wilayas, the other finds it done', async () => {
    const shop = await createTestContext();
    try {
      const division = divisionOf('wilayas-2026');
      const runs = await Promise.all([
        switchDivision(shop.db.kysely, division, new Date(AFTER)),
        switchDivision(shop.db.kysely, division, new Date(AFTER)),
      ]);
      expect(runs.filter((r) => r === null)).toHaveLength(1);
      const codes = await shop.db.kysely.selectFrom('shipping_prices').select('wilaya_code').execute();
      expect(codes.map((c) => c.wilaya_code).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 69 }, (_, i) => i + 1),
      );
    } finally {
      await shop.close();
    }
  });
});

describe('a switch that fails (the database out of reach)', () => {
  it('is logged, tried again by a request 30 s later rather than by every request, then done', async () => {
    const shop = await createTestContext();
    try {
      let failing = true;
      const flaky = shop.db.kysely.withPlugin({
        transformQuery: (args) => {
          if (failing) throw new Error('connection refused');
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      });
      let clock = AFTER;
      const errors: string[] = [];
      const log = { error: (_: unknown, message: string) => errors.push(message), info: () => undefined };
      const switcher = divisionSwitcher(
        flaky,
        createGeography('auto', () => clock),
        log as unknown as FastifyBaseLogger,
      );
      expect(switcher.pending()).toBe(true);
      await switcher.ensure();
      expect(errors).toEqual(['could not switch to the wilayas of wilayas-2026']);
      expect(switcher.pending()).toBe(false);
      clock += SWITCH_RETRY_MS;
      expect(switcher.pending()).toBe(true);
      failing = false;
      await switcher.ensure();
      expect(switcher.pending()).toBe(false);
      const rows = await shop.db.kysely.selectFrom('shipping_prices').select('wilaya_code').execute();
      expect(rows).toHaveLength(69);
    } finally {
      await shop.close();
    }
  });
});

describe('GEO_DIVISION', () => {
  it('switches early to the 69 (a shop whose couriers moved), or stays on the 58 after the day', async () => {
    const early = await createTestContext({ env: { GEO_DIVISION: 'wilayas-2026' }, clock: () => BEFORE });
    try {
      const res = await early.app.inject({ url: '/api/ShippingPrice/read' });
      expect(res.json<{ data: ShippingPrice[] }>().data).toHaveLength(69);
      // Nothing changes at a date any more: the lists may be kept a day.
      const communes = await early.app.inject({ url: '/api/commune?wilaya=68' });
      expect(communes.headers['cache-control']).toBe('public, max-age=86400');
    } finally {
      await early.close();
    }
    const late = await createTestContext({ env: { GEO_DIVISION: 'wilayas-2019' }, clock: () => AFTER });
    try {
      const res = await late.app.inject({ url: '/api/ShippingPrice/read' });
      expect(res.json<{ data: ShippingPrice[] }>().data).toHaveLength(58);
      expect(await late.db.kysely.selectFrom('division_switches').selectAll().execute()).toEqual([]);
    } finally {
      await late.close();
    }
  });
});
