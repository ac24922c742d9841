// The cash-on-delivery order desk, through HTTP, on SQLite and (second run) PostgreSQL:
// confirmation calls and their effects on status, stock and coupon uses; corrections before
// shipping; returns; notes and history; a phone's past orders, the blacklist and duplicates; the
// list's filters and bulk changes; the 30-day figures; the customer's tracking; moderation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderStats, OrderTracking } from '@shop/domain/order-responses';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertCoupon, insertProduct, productStock } from '../../../../test/fixtures.ts';

let t: TestContext;
let admin: Record<string, string>;
let wilayas: { name: string; price: number }[];
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  wilayas = (
    await t.db.kysely.selectFrom('shipping_prices').select(['wilaya_name', 'price_cents']).orderBy('id').execute()
  ).map((r) => ({ name: r.wilaya_name, price: r.price_cents / 100 }));
});
afterAll(() => t.close());

let phoneSeq = 0;
/** A fresh Algerian mobile number for each order that needs one. */
const freshPhone = () => `0661${String(100_000 + ++phoneSeq).slice(-6)}`;

async function place(
  items: { product_id: number; quantity: number; size?: string; price: number }[],
  { phone = freshPhone(), coupon = '', wilaya = wilayas[0]! } = {},
) {
  const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: 'Nadia Kaci',
      customer_phone: phone,
      customer_address: `${wilaya.name} | 5 rue des Frères`,
      customer_postal_code: '16000',
      subtotal,
      shipping_fee: wilaya.price,
      coupon_code: coupon,
      items: items.map(({ price: _, ...line }) => ({ size: '', ...line })),
    },
  });
  return res;
}

async function placed(...args: Parameters<typeof place>): Promise<number> {
  const res = await place(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { order_id: number } }>().data.order_id;
}

const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: unknown }>().data;
};
const order = (id: number) => get(`/api/order/getOrder/${id}`) as Promise<Order>;
const call = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/order/confirmation/${id}`, headers: admin, payload });
const setStatus = (id: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/order/updateOrderStatus/${id}`, headers: admin, payload: { status } });
const edit = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/order/edit/${id}`, headers: admin, payload });
const couponUses = async (id: number) =>
  (await t.db.kysely.selectFrom('coupons').select('current_uses').where('id', '=', id).executeTakeFirstOrThrow())
    .current_uses;

describe('the confirmation call', () => {
  it('queues new orders to confirm: call-backs due first, then the oldest, call-backs not due last', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon queue', price: 300, stock: 50 });
    const first = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    const second = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    const later = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    expect((await order(first)).confirmation).toBe('to_confirm');
    const soon = new Date(Date.now() - 60_000).toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call(later, { outcome: 'call_back', call_back_at: soon })).statusCode).toBe(200);
    expect((await call(first, { outcome: 'call_back', call_back_at: tomorrow })).statusCode).toBe(200);
    const queue = ((await get('/api/order/confirmQueue?limit=100')) as Order[]).map((o) => o.id);
    const ours = queue.filter((id) => [first, second, later].includes(id));
    expect(ours).toEqual([later, second, first]);
  });

  it('counts unanswered calls, and confirming approves the order, written to its history', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon appel', price: 300, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    await call(id, { outcome: 'no_answer' });
    const twice = await call(id, { outcome: 'no_answer' });
    expect(twice.json<{ data: Order }>().data).toMatchObject({ confirmation: 'no_answer', call_attempts: 2 });
    const confirmed = (await call(id, { outcome: 'confirmed' })).json<{ data: Order; message: string }>();
    expect(confirmed.message).toBe('Call outcome saved');
    expect(confirmed.data).toMatchObject({ status: 'approved', confirmation: 'confirmed', call_attempts: 2 });
    expect(confirmed.data.confirmed_at).not.toBeNull();
    const details = await order(id);
    expect(details.status_history?.map((h) => h.to_status)).toEqual(['pending', 'approved']);
    expect(details.events?.map((e) => [e.kind, e.detail, e.author])).toEqual([
      ['confirmation', 'No answer (attempt 1)', 'admin'],
      ['confirmation', 'No answer (attempt 2)', 'admin'],
      ['confirmation', 'Confirmed by phone', 'admin'],
    ]);
    // Confirmed orders leave the queue.
    expect(((await get('/api/order/confirmQueue?limit=100')) as Order[]).some((o) => o.id === id)).toBe(false);
  });

  it('refused by phone cancels the order: its stock and coupon use come back in one transaction', async () => {
    const shirt = await insertProduct(t.db.kysely, { name: 'Chemise refus', price: 1000, sizes: { M: 3 } });
    const couponId = await insertCoupon(t.db.kysely, { code: 'REFUS10', discount_percentage: 10, max_uses: 5 });
    const id = await placed([{ product_id: shirt, quantity: 2, size: 'M', price: 1000 }], { coupon: 'REFUS10' });
    expect(await productStock(t.db.kysely, shirt, 'M')).toBe(1);
    expect(await couponUses(couponId)).toBe(1);
    const res = await call(id, { outcome: 'refused', reason: 'changed_mind', note: 'A trouvé moins cher' });
    expect(res.json<{ data: Order }>().data).toMatchObject({
      status: 'cancelled',
      confirmation: 'refused',
      refusal_reason: 'changed_mind',
      refusal_note: 'A trouvé moins cher',
    });
    expect(await productStock(t.db.kysely, shirt, 'M')).toBe(3);
    expect(await productStock(t.db.kysely, shirt)).toBe(3);
    expect(await couponUses(couponId)).toBe(0);
    expect((await order(id)).events?.at(-1)?.detail).toBe('Refused by phone: Changed their mind — A trouvé moins cher');
  });

  it('puts an order that did not answer behind those waiting, and says when it was last tried', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon rappel', price: 300, stock: 50 });
    const tried = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    const waiting = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    const before = (await get('/api/order/confirmQueue?limit=100')) as Order[];
    expect(before.filter((o) => [tried, waiting].includes(o.id)).map((o) => [o.id, o.last_call_at])).toEqual([
      [tried, null],
      [waiting, null],
    ]);
    expect((await call(tried, { outcome: 'no_answer' })).statusCode).toBe(200);
    const after = (await get('/api/order/confirmQueue?limit=100')) as Order[];
    const ours = after.filter((o) => [tried, waiting].includes(o.id));
    expect(ours.map((o) => o.id)).toEqual([waiting, tried]);
    const lastCall = ours[1]?.last_call_at;
    expect(lastCall).toBe((await order(tried)).events?.at(-1)?.created_at);
  });

  it("cancels a pending order as unreachable at the owner's number of unanswered calls (3 unless set; 0 = never)", async () => {
    const settings = (await get('/api/settings/desk')) as { no_answer_limit: number };
    expect(settings.no_answer_limit).toBe(3);
    const putSettings = (no_answer_limit: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/desk',
        headers: admin,
        payload: { ...settings, no_answer_limit },
      });
    expect((await putSettings(2)).statusCode).toBe(200);
    try {
      const shirt = await insertProduct(t.db.kysely, { name: 'Chemise injoignable', price: 1000, sizes: { M: 3 } });
      const id = await placed([{ product_id: shirt, quantity: 2, size: 'M', price: 1000 }]);
      expect(await productStock(t.db.kysely, shirt, 'M')).toBe(1);
      const first = (await call(id, { outcome: 'no_answer' })).json<{ data: Order }>().data;
      expect(first).toMatchObject({ status: 'pending', confirmation: 'no_answer', call_attempts: 1 });
      const second = (await call(id, { outcome: 'no_answer' })).json<{ data: Order }>().data;
      expect(second).toMatchObject({
        status: 'cancelled',
        confirmation: 'refused',
        refusal_reason: 'unreachable',
        call_attempts: 2,
      });
      expect(await productStock(t.db.kysely, shirt, 'M')).toBe(3);
      expect((await order(id)).events?.map((e) => e.detail)).toEqual([
        'No answer (attempt 1)',
        'No answer (attempt 2)',
        'Refused by phone: Wrong number or unreachable — No answer after 2 calls',
      ]);
      expect(((await get('/api/order/confirmQueue?limit=100')) as Order[]).some((o) => o.id === id)).toBe(false);

      expect((await putSettings(0)).statusCode).toBe(200);
      const patient = await placed([{ product_id: shirt, quantity: 1, size: 'M', price: 1000 }]);
      for (let i = 0; i < 4; i++) await call(patient, { outcome: 'no_answer' });
      expect(await order(patient)).toMatchObject({ status: 'pending', confirmation: 'no_answer', call_attempts: 4 });
      expect((await putSettings(-1)).statusCode).toBe(400);
    } finally {
      await putSettings(3);
    }
  });

  it('is refused for an order already shipped, and for a bad outcome', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon expédié', price: 300, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    await setStatus(id, 'shipping');
    const before = await order(id);
    expect((await call(id, { outcome: 'confirmed' })).statusCode).toBe(409);
    expect((await call(id, { outcome: 'maybe' })).statusCode).toBe(400);
    expect((await call(id, { outcome: 'call_back', call_back_at: 'demain' })).statusCode).toBe(400);
    const after = await order(id);
    expect([after.confirmation, after.call_attempts, after.events]).toEqual([
      before.confirmation,
      before.call_attempts,
      before.events,
    ]);
  });
});

describe('notes', () => {
  it('are added with their author and shown in the order, oldest first', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon note', price: 300, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    for (const text of ['Rappeler après 18 h', 'Veut un emballage cadeau']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/order/notes/${id}`,
        headers: admin,
        payload: { text },
      });
      expect(res.statusCode).toBe(201);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/order/notes/${id}`,
      headers: admin,
      payload: { text: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect((await order(id)).notes?.map((n) => [n.author, n.text])).toEqual([
      ['admin', 'Rappeler après 18 h'],
      ['admin', 'Veut un emballage cadeau'],
    ]);
  });
});

describe('corrections before shipping', () => {
  it('changes lines, sizes and wilaya: stock moved, figures recomputed with the order discount, history written', async () => {
    const shirt = await insertProduct(t.db.kysely, {
      name: 'Chemise corrigée',
      price: 2000,
      discount_percentage: 10,
      sizes: { M: 5, L: 5 },
    });
    const soap = await insertProduct(t.db.kysely, { name: 'Savon ajouté', price: 300, stock: 10 });
    await insertCoupon(t.db.kysely, { code: 'EDIT10', discount_percentage: 10 });
    const id = await placed([{ product_id: shirt, quantity: 2, size: 'M', price: 1800 }], { coupon: 'EDIT10' });
    // The shirt's price changes after the order: the line kept keeps the price the customer was told.
    await t.db.kysely
      .updateTable('products')
      .set({ price_cents: 300_000, final_price_cents: 270_000 })
      .where('id', '=', shirt)
      .execute();
    const oran = wilayas.find((w) => w.name === 'Oran') ?? wilayas[1]!;
    const res = await edit(id, {
      wilaya: oran.name.toUpperCase(),
      address: '12 boulevard du Front de Mer',
      items: [
        { product_id: shirt, size: 'M', quantity: 1 },
        { product_id: shirt, size: 'Large', quantity: 1 },
        { product_id: soap, size: '', quantity: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: Order }>().data;
    // M kept at 1800, L new at today's 2700, soap 3 × 300: 5400; −10 %: 540; + Oran's fee.
    expect(after).toMatchObject({
      wilaya_name: oran.name,
      customer_address: `${oran.name} | 12 boulevard du Front de Mer`,
      subtotal: 5400,
      discount_percentage: 10,
      discount_amount: 540,
      shipping_fee: oran.price,
      final_total: 5400 - 540 + oran.price,
    });
    expect(after.order_items.map((i) => [i.size, i.quantity, i.unit_price])).toEqual([
      ['M', 1, 1800],
      ['L', 1, 2700],
      ['', 3, 300],
    ]);
    expect(await productStock(t.db.kysely, shirt, 'M')).toBe(4);
    expect(await productStock(t.db.kysely, shirt, 'L')).toBe(4);
    expect(await productStock(t.db.kysely, shirt)).toBe(8);
    expect(await productStock(t.db.kysely, soap)).toBe(7);
    const event = (await order(id)).events?.at(-1);
    expect(event?.kind).toBe('edit');
    expect(event?.detail).toContain(
      'lines: 2× Chemise corrigée (M) → 1× Chemise corrigée (M), 1× Chemise corrigée (L), 3× Savon ajouté',
    );
  });

  it("keeps a fixed-amount coupon's discount when the lines change, at most the new subtotal", async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon fixe', price: 400, stock: 20 });
    await insertCoupon(t.db.kysely, { code: 'FIXE300', discount_amount: 300 });
    const id = await placed([{ product_id: soap, quantity: 2, price: 400 }], { coupon: 'FIXE300' });
    expect(await order(id)).toMatchObject({ subtotal: 800, discount_amount: 300 });
    const more = (await edit(id, { items: [{ product_id: soap, quantity: 3 }] })).json<{ data: Order }>().data;
    expect(more).toMatchObject({ subtotal: 1200, discount_percentage: 0, discount_amount: 300 });
    expect(more.final_total).toBe(1200 - 300 + more.shipping_fee);
  });

  it('refuses a change the stock cannot cover, or of an order shipped, and changes nothing', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon rare', price: 300, stock: 3 });
    const id = await placed([{ product_id: soap, quantity: 2, price: 300 }]);
    const before = await order(id);
    const short = await edit(id, { items: [{ product_id: soap, quantity: 4 }] });
    expect(short.statusCode).toBe(409);
    expect(await productStock(t.db.kysely, soap)).toBe(1);
    expect((await order(id)).final_total).toBe(before.final_total);
    const unknown = await edit(id, { wilaya: 'Atlantis' });
    expect(unknown.statusCode).toBe(400);
    await setStatus(id, 'shipping');
    expect((await edit(id, { customer_name: 'Autre' })).statusCode).toBe(409);
    expect((await edit(id, {})).statusCode).toBe(400);
  });

  it('takes turns when two corrections of one order arrive together: stock stays exact', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon concurrent', price: 300, stock: 20 });
    const id = await placed([{ product_id: soap, quantity: 2, price: 300 }]);
    const answers = await Promise.all(
      [3, 5, 1, 4].map((quantity) => edit(id, { items: [{ product_id: soap, quantity }] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const final = (await order(id)).order_items[0]!.quantity;
    expect(await productStock(t.db.kysely, soap)).toBe(20 - final);
  });
});

describe('returns', () => {
  it('come back from shipping; the coupon use at once, the stock when the parcel is received, once', async () => {
    const shirt = await insertProduct(t.db.kysely, { name: 'Chemise retour', price: 1000, sizes: { S: 4 } });
    const couponId = await insertCoupon(t.db.kysely, { code: 'RETOUR5', discount_percentage: 5 });
    const id = await placed([{ product_id: shirt, quantity: 2, size: 'S', price: 1000 }], { coupon: 'RETOUR5' });
    expect((await setStatus(id, 'returned')).statusCode).toBe(409);
    await setStatus(id, 'shipping');
    const returned = await setStatus(id, 'returned');
    expect(returned.statusCode).toBe(200);
    expect(await couponUses(couponId)).toBe(0);
    expect(await productStock(t.db.kysely, shirt, 'S')).toBe(2);
    const received = await t.app.inject({ method: 'POST', url: `/api/order/returnReceived/${id}`, headers: admin });
    expect(received.statusCode).toBe(200);
    expect(received.json<{ data: Order }>().data.return_received_at).not.toBeNull();
    expect(await productStock(t.db.kysely, shirt, 'S')).toBe(4);
    const again = await t.app.inject({ method: 'POST', url: `/api/order/returnReceived/${id}`, headers: admin });
    expect(again.statusCode).toBe(409);
    expect(await productStock(t.db.kysely, shirt, 'S')).toBe(4);
    // Final once received.
    expect((await setStatus(id, 'shipping')).statusCode).toBe(409);
    expect((await setStatus(id, 'successful')).statusCode).toBe(409);
  });

  it('are listed apart: those received back, and those still on their way back', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon en route', price: 300, stock: 10 });
    const [back, coming] = [
      await placed([{ product_id: soap, quantity: 1, price: 300 }]),
      await placed([{ product_id: soap, quantity: 1, price: 300 }]),
    ];
    for (const id of [back, coming]) {
      await setStatus(id, 'shipping');
      expect((await setStatus(id, 'returned')).statusCode).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: `/api/order/returnReceived/${back}`, headers: admin });
    const listed = async (query: string) =>
      ((await get(`/api/order/searchOrders?page=1&limit=100&${query}`)) as { data: Order[] }).data.map((o) => o.id);
    const received = await listed('return_state=received');
    const onTheWay = await listed('return_state=on_the_way');
    expect(received).toContain(back);
    expect(received).not.toContain(coming);
    expect(onTheWay).toContain(coming);
    expect(onTheWay).not.toContain(back);
    expect(await listed('status=returned&return_state=on_the_way')).toEqual(onTheWay);
    const bad = await t.app.inject({ url: '/api/order/searchOrders?return_state=lost', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('can go back to shipping before it is received (the coupon use is taken again)', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon retour', price: 300, stock: 5 });
    const couponId = await insertCoupon(t.db.kysely, { code: 'RETOUR6', discount_percentage: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 300 }], { coupon: 'RETOUR6' });
    await setStatus(id, 'shipping');
    await setStatus(id, 'returned');
    expect((await setStatus(id, 'shipping')).statusCode).toBe(200);
    expect(await couponUses(couponId)).toBe(1);
  });
});

describe("a phone's past orders, the blacklist and duplicates", () => {
  it('show on every order: delivered, returned, refused by phone, cancelled', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon réputation', price: 300, stock: 50 });
    const phone = freshPhone();
    const line = [{ product_id: soap, quantity: 1, price: 300 }];
    const a = await placed(line, { phone });
    const b = await placed(line, { phone });
    const c = await placed(line, { phone });
    await setStatus(a, 'shipping');
    await setStatus(a, 'successful');
    await setStatus(b, 'shipping');
    await setStatus(b, 'returned');
    await call(c, { outcome: 'refused', reason: 'not_ordered' });
    expect((await order(c)).reputation).toEqual({ orders: 3, delivered: 1, returned: 1, refused: 1, cancelled: 1 });
  });

  it('flags a second open order from one phone within 24 hours as a possible duplicate', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon doublon', price: 300, stock: 50 });
    const phone = freshPhone();
    const first = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    const second = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    expect((await order(first)).possible_duplicate).toBe(false);
    expect((await order(second)).possible_duplicate).toBe(true);
  });

  it('names the order a possible duplicate doubles, on both orders, in the list and the details', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon jumeau', price: 300, stock: 50 });
    const phone = freshPhone();
    const first = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    const second = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    const alone = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    expect((await order(first)).duplicates).toEqual([second]);
    expect((await order(second)).duplicates).toEqual([first]);
    expect((await order(alone)).duplicates).toEqual([]);
    const listed = (await get(`/api/order/searchOrders?page=1&limit=20&phone=${phone}`)) as { data: Order[] };
    expect(listed.data.map((o) => [o.id, o.duplicates])).toEqual([
      [second, [first]],
      [first, [second]],
    ]);
    // An order of the same phone placed days before is not one of them.
    const old = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    await t.db.kysely
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(), possible_duplicate: 0 })
      .where('id', '=', old)
      .execute();
    expect((await order(old)).duplicates).toEqual([]);
    expect((await order(first)).duplicates).toEqual([second]);
  });

  it('holds or refuses orders from a blacklisted phone, as the owner chose', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon liste', price: 300, stock: 50 });
    const phone = freshPhone();
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/order/blacklist',
      headers: admin,
      payload: { phone: `+213 ${phone.slice(1)}`, reason: 'Trois colis refusés' },
    });
    expect(listed.statusCode).toBe(201);
    expect(((await get('/api/order/blacklist')) as { phone: string }[]).map((e) => e.phone)).toContain(phone);
    const held = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    expect((await order(held)).held).toBe(true);

    const settings = { blacklist_policy: 'refuse', low_stock_threshold: 3, review_moderation: false };
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/settings/desk', headers: admin, payload: settings })).statusCode,
    ).toBe(200);
    const before = await productStock(t.db.kysely, soap);
    const refused = await place([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'Nous ne pouvons pas prendre cette commande en ligne. Appelez-nous pour commander.',
    );
    expect(await productStock(t.db.kysely, soap)).toBe(before);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/order/blacklist/${phone}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect((await place([{ product_id: soap, quantity: 1, price: 300 }], { phone })).statusCode).toBe(201);
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/desk',
      headers: admin,
      payload: { ...settings, blacklist_policy: 'hold' },
    });
  });
});

describe('finding orders', () => {
  it('filters by status, confirmation, type, wilaya and date range, and says what each order holds', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon filtre', price: 300, stock: 50 });
    const tlemcen = wilayas.find((w) => w.name === 'Tlemcen') ?? wilayas[12]!;
    const id = await placed([{ product_id: soap, quantity: 2, price: 300 }], { wilaya: tlemcen });
    await call(id, { outcome: 'no_answer' });
    const today = new Date().toISOString().slice(0, 10);
    const page = (await get(
      `/api/order/searchOrders?status=pending&confirmation=no_answer&type=regular&wilaya=${encodeURIComponent(tlemcen.name.toLowerCase())}&from=${today}&to=${today}`,
    )) as { data: Order[] };
    expect(page.data.map((o) => o.id)).toContain(id);
    expect(
      page.data.every(
        (o) => o.status === 'pending' && o.confirmation === 'no_answer' && o.wilaya_name === tlemcen.name,
      ),
    ).toBe(true);
    expect(page.data.find((o) => o.id === id)?.item_summary).toBe('2× Savon filtre');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = (await get(`/api/order/searchOrders?confirmation=no_answer&to=${yesterday}`)) as { data: Order[] };
    expect(none.data.some((o) => o.id === id)).toBe(false);
    expect((await t.app.inject({ url: '/api/order/searchOrders?status=lost', headers: admin })).statusCode).toBe(400);
  });

  it('changes several orders at once, each on its own, and says which could not', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon lot', price: 300, stock: 50 });
    const a = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    const b = await placed([{ product_id: soap, quantity: 1, price: 300 }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/order/bulkStatus',
      headers: admin,
      payload: { ids: [a, b, 999_999], status: 'approved' },
    });
    expect(
      res.json<{ data: { results: { id: number; ok: boolean }[] } }>().data.results.map((r) => [r.id, r.ok]),
    ).toEqual([
      [a, true],
      [b, true],
      [999_999, false],
    ]);
    const returned = await t.app.inject({
      method: 'PUT',
      url: '/api/order/bulkStatus',
      headers: admin,
      payload: { ids: [a], status: 'returned' },
    });
    expect(returned.json<{ data: { results: { ok: boolean; message: string }[] } }>().data.results[0]).toEqual({
      id: a,
      ok: false,
      message: 'Only an order being shipped can be marked returned',
    });
  });
});

describe('the dashboard', () => {
  it('gives the last 30 days: confirmation, delivery and return rates, overall and per wilaya, and the low stock', async () => {
    const fresh = await createTestContext();
    try {
      const headers = await fresh.adminHeaders();
      const soap = await insertProduct(fresh.db.kysely, { name: 'Savon chiffres', price: 300, stock: 100 });
      const low = await insertProduct(fresh.db.kysely, {
        name: 'Robe presque finie',
        price: 300,
        sizes: { S: 2, M: 9 },
      });
      const [w1, w2] = [wilayas[0]!, wilayas[1]!];
      const placeIn = async (w: { name: string; price: number }) => {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/order',
          payload: {
            customer_name: 'Client',
            customer_phone: freshPhone(),
            customer_address: `${w.name} | rue`,
            customer_postal_code: '16000',
            subtotal: 300,
            shipping_fee: w.price,
            items: [{ product_id: soap, quantity: 1 }],
          },
        });
        return res.json<{ data: { order_id: number } }>().data.order_id;
      };
      const put = (url: string, payload: object) => fresh.app.inject({ method: 'PUT', url, headers, payload });
      // w1: 3 confirmed (2 delivered, 1 returned), 1 refused.
      for (const end of ['successful', 'successful', 'returned']) {
        const id = await placeIn(w1);
        await put(`/api/order/confirmation/${id}`, { outcome: 'confirmed' });
        await put(`/api/order/updateOrderStatus/${id}`, { status: 'shipping' });
        await put(`/api/order/updateOrderStatus/${id}`, { status: end });
      }
      await put(`/api/order/confirmation/${await placeIn(w1)}`, { outcome: 'refused', reason: 'price' });
      // w2: one waiting.
      await placeIn(w2);
      const stats = (await fresh.app.inject({ url: '/api/order/stats', headers })).json<{ data: OrderStats }>().data;
      expect(stats.by_status.returned).toBe(1);
      expect(stats.last_30_days).toMatchObject({
        orders: 5,
        confirmation_rate: 0.75,
        delivery_rate: 0.667,
        return_rate: 0.333,
      });
      expect(stats.last_30_days.per_wilaya).toEqual([
        { wilaya: w1.name, orders: 4, confirmation_rate: 0.75, delivery_rate: 0.667, return_rate: 0.333 },
        { wilaya: w2.name, orders: 1, confirmation_rate: null, delivery_rate: null, return_rate: null },
      ]);
      expect(stats.low_stock_threshold).toBe(3);
      expect(stats.low_stock).toContainEqual({
        product_id: low,
        name: 'Robe presque finie',
        color_id: 0,
        color: '',
        size: 'S',
        size_label: 'S',
        stock: 2,
      });
      expect(stats.low_stock.some((l) => l.product_id === low && l.size === 'M')).toBe(false);
      // The owner's threshold moves the list at once.
      await put('/api/settings/desk', { blacklist_policy: 'hold', low_stock_threshold: 10, review_moderation: false });
      const again = (await fresh.app.inject({ url: '/api/order/stats', headers })).json<{ data: OrderStats }>().data;
      expect(again.low_stock).toContainEqual({
        product_id: low,
        name: 'Robe presque finie',
        color_id: 0,
        color: '',
        size: 'M',
        size_label: 'M',
        stock: 9,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('the dashboard over a period', () => {
  it('counts the orders and revenue of today, 7 or 30 days, this month or all, the revenue also without delivery fees', async () => {
    const fresh = await createTestContext();
    try {
      const headers = await fresh.adminHeaders();
      const soap = await insertProduct(fresh.db.kysely, { name: 'Savon période', price: 1000, stock: 100 });
      const w = wilayas[0]!;
      const put = (url: string, payload: object) => fresh.app.inject({ method: 'PUT', url, headers, payload });
      /** A delivered order of 1000 Da + the wilaya's fee, placed `daysAgo` days ago. */
      const delivered = async (daysAgo: number) => {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/order',
          payload: {
            customer_name: 'Client',
            customer_phone: freshPhone(),
            customer_address: `${w.name} | rue`,
            customer_postal_code: '16000',
            subtotal: 1000,
            shipping_fee: w.price,
            items: [{ product_id: soap, quantity: 1 }],
          },
        });
        const id = res.json<{ data: { order_id: number } }>().data.order_id;
        for (const status of ['approved', 'shipping', 'successful']) {
          await put(`/api/order/updateOrderStatus/${id}`, { status });
        }
        const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
        await fresh.db.kysely.updateTable('orders').set({ created_at: at }).where('id', '=', id).execute();
        return id;
      };
      await delivered(0);
      await delivered(3);
      await delivered(20);
      await delivered(100);
      // Pending orders are those waiting now, whatever the period.
      await fresh.db.kysely
        .updateTable('orders')
        .set({ status: 'pending' })
        .where('id', '=', await delivered(200))
        .execute();
      const stats = async (period: string) => {
        const res = await fresh.app.inject({ url: `/api/order/stats?period=${period}`, headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ data: OrderStats }>().data;
      };
      const each = 1000 + w.price;
      for (const [period, orders, delivered] of [
        ['all', 5, 4],
        ['today', 1, 1],
        ['7d', 2, 2],
        ['30d', 3, 3],
      ] as const) {
        const figures = await stats(period);
        expect(figures, period).toMatchObject({
          period,
          total_orders: orders,
          pending_orders: 1,
          total_revenue: delivered * each,
          total_revenue_without_delivery: delivered * 1000,
        });
      }
      expect((await stats('today')).since).toBe(new Date().toISOString().slice(0, 10));
      expect((await stats('month')).since).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
      expect((await stats('all')).since).toBeNull();
      expect((await fresh.app.inject({ url: '/api/order/stats?period=year', headers })).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});

describe('tracking by the customer', () => {
  it('answers the timeline only when the number and the phone go together, the same 404 otherwise', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon suivi', price: 300, stock: 5 });
    const phone = freshPhone();
    const id = await placed([{ product_id: soap, quantity: 2, price: 300 }], { phone });
    await call(id, { outcome: 'confirmed' });
    await setStatus(id, 'shipping');
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`;
    const res = await t.app.inject({ url: `/api/order/track?order_id=${id}&phone=${encodeURIComponent(spaced)}` });
    expect(res.statusCode).toBe(200);
    const tracking = res.json<{ data: OrderTracking }>().data;
    expect(tracking).toMatchObject({
      order_id: id,
      status: 'shipping',
      items: [{ name: 'Savon suivi', size: '', quantity: 2 }],
      wilaya: wilayas[0]!.name,
    });
    expect(tracking.timeline.map((s) => s.step)).toEqual(['received', 'confirmed', 'shipping']);
    expect(JSON.stringify(tracking)).not.toContain('rue des Frères');
    expect(JSON.stringify(tracking)).not.toContain('Nadia');
    const wrongPhone = await t.app.inject({ url: `/api/order/track?order_id=${id}&phone=0550000000` });
    const wrongId = await t.app.inject({ url: `/api/order/track?order_id=${id + 10_000}&phone=${phone}` });
    for (const wrong of [wrongPhone, wrongId]) {
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ status: 404, message: 'Commande introuvable', data: null });
    }
  });

  it('is limited per client address', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_TRACKING: '2/15m' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await limited.app.inject({ url: '/api/order/track?order_id=1&phone=0550000000', remoteAddress: '10.7.0.1' }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('review moderation', () => {
  beforeEach(async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/desk',
      headers: admin,
      payload: { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: false },
    });
  });

  it('keeps new reviews out of sight and out of the average until the owner approves them', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/desk',
      headers: admin,
      payload: { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: true },
    });
    const soap = await insertProduct(t.db.kysely, { name: 'Savon avis', price: 300, stock: 5 });
    const phone = freshPhone();
    const id = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
    const rated = await t.app.inject({
      method: 'POST',
      url: '/api/rating/create',
      payload: {
        product_id: soap,
        order_id: id,
        customer_name: 'Nadia K',
        customer_phone: phone,
        rating: 4,
        review: 'Bien',
      },
    });
    expect(rated.statusCode).toBe(201);
    expect(rated.json<{ message: string }>().message).toBe('Merci pour votre avis ! Il sera publié après relecture.');
    const product = async () =>
      (await t.app.inject({ url: `/api/product/get/${soap}` })).json<{ data: { total_ratings: number } }>().data;
    const reviews = async () =>
      (await t.app.inject({ url: `/api/rating/getProductRatings/${soap}` })).json<{ data: { data: unknown[] } }>().data
        .data;
    expect((await product()).total_ratings).toBe(0);
    expect(await reviews()).toEqual([]);
    const ratingId = (
      await t.db.kysely
        .selectFrom('product_ratings')
        .select('id')
        .where('product_id', '=', soap)
        .executeTakeFirstOrThrow()
    ).id;
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/rating/approve',
      headers: admin,
      payload: { id: ratingId },
    });
    expect(approved.statusCode).toBe(200);
    expect((await product()).total_ratings).toBe(1);
    expect(await reviews()).toHaveLength(1);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/rating/approve',
      headers: admin,
      payload: { id: ratingId },
    });
    expect(twice.statusCode).toBe(404);

    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/BrandRating/create',
      payload: { customer_name: 'Karim', customer_phone: freshPhone(), rating: 5, review: 'Service rapide' },
    });
    const brandId = brand.json<{ data: { id: number } }>().data.id;
    const recent = async () =>
      (await t.app.inject({ url: '/api/BrandRating/getRecentRatings?limit=50' })).json<{ data: { id: number }[] }>()
        .data;
    expect((await recent()).some((r) => r.id === brandId)).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/BrandRating/approve', headers: admin, payload: { id: brandId } });
    expect((await recent()).some((r) => r.id === brandId)).toBe(true);
  });

  it("counts the published and the waiting reviews apart, as the owner's tabs list them", async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/desk',
      headers: admin,
      payload: { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: true },
    });
    const soap = await insertProduct(t.db.kysely, { name: 'Savon compté', price: 300, stock: 5 });
    const rate = async (rating: number) => {
      const phone = freshPhone();
      const id = await placed([{ product_id: soap, quantity: 1, price: 300 }], { phone });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/rating/create',
        payload: {
          product_id: soap,
          order_id: id,
          customer_name: 'Client',
          customer_phone: phone,
          rating,
          review: 'ok',
        },
      });
      expect(res.statusCode).toBe(201);
    };
    await rate(5);
    await rate(1);
    const ids = await t.db.kysely
      .selectFrom('product_ratings')
      .select('id')
      .where('product_id', '=', soap)
      .orderBy('id')
      .execute();
    await t.app.inject({ method: 'POST', url: '/api/rating/approve', headers: admin, payload: { id: ids[0]!.id } });
    const all = (await get('/api/rating/getAllRatings/1/100')) as {
      data: { product_id: number; summary: { average_rating: number; total_ratings: number } }[];
      total_ratings: number;
      published_ratings: number;
      waiting_ratings: number;
    };
    expect(all.published_ratings + all.waiting_ratings).toBe(all.total_ratings);
    const published = await t.db.kysely.selectFrom('product_ratings').select('id').where('approved', '=', 1).execute();
    expect(all.published_ratings).toBe(published.length);
    // The product's line counts and averages what the shop shows: the waiting 1-star is out.
    expect(all.data.find((g) => g.product_id === soap)?.summary).toEqual({ average_rating: 5, total_ratings: 1 });

    const brands = (await get('/api/BrandRating/getBrandRatings')) as {
      data: { approved: boolean }[];
      total: number;
      published: number;
      waiting: number;
    };
    expect(brands.published).toBe(brands.data.filter((r) => r.approved).length);
    expect(brands.waiting).toBe(brands.data.filter((r) => !r.approved).length);
  });
});
