// What the owner and the operator do to an order, made safe, through HTTP on SQLite and (second
// run) PostgreSQL, with a local Yalidine (test/fake-yalidine.ts) over real HTTP: every status move
// decided by the transition table; an order with a parcel cancelled only through its courier; a
// courier's word the order contradicts shown, never dropped; payments received in advance and the
// amount left to collect; a desk outcome undone; an order held for a blacklisted phone taking no
// stock until released; an order's correction racing customers' orders without a deadlock.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { CourierSendResult, Slip } from '@shop/domain/courier';
import type { Order, OrderTracking } from '@shop/domain/order-responses';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import { statusChoices, transition } from '@shop/domain/order-transitions';
import { createTestContext, testDialect, type TestContext } from '../../../../test/harness.ts';
import { insertCoupon, insertProduct, productStock } from '../../../../test/fixtures.ts';
import { fakeYalidineEnv, startFakeYalidine, type FakeYalidine } from '../../../../test/fake-yalidine.ts';

const WEBHOOK_SECRET = 'webhook-secret-of-the-trust-tests';
let fake: FakeYalidine;
let t: TestContext;
let admin: Record<string, string>;
let oranFee: number;

beforeAll(async () => {
  fake = await startFakeYalidine();
  t = await createTestContext({
    env: { ...fakeYalidineEnv(fake), YALIDINE_WEBHOOK_SECRET: WEBHOOK_SECRET, COURIER_TIMEOUT_SECONDS: '0.5' },
  });
  admin = await t.adminHeaders();
  oranFee =
    (
      await t.db.kysely
        .selectFrom('shipping_prices')
        .select('price_cents')
        .where('wilaya_name', '=', 'Oran')
        .executeTakeFirstOrThrow()
    ).price_cents / 100;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  await fake.start().catch(() => undefined);
});

let phoneSeq = 0;
const freshPhone = () => `0662${String(100_000 + ++phoneSeq).slice(-6)}`;

async function place(
  lines: { product_id: number; quantity: number; size?: string; price: number }[],
  { phone = freshPhone(), coupon = '' } = {},
) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: 'Samira Tebboune',
      customer_phone: phone,
      customer_address: 'Oran | 3 rue de Mostaganem',
      customer_postal_code: '31000',
      subtotal,
      shipping_fee: oranFee,
      coupon_code: coupon,
      items: lines.map(({ price: _, ...line }) => ({ size: '', ...line })),
    },
  });
}

async function placed(...args: Parameters<typeof place>): Promise<number> {
  const res = await place(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { order_id: number } }>().data.order_id;
}

async function order(id: number): Promise<Order> {
  const res = await t.app.inject({ url: `/api/order/getOrder/${id}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Order }>().data;
}

const setStatus = (id: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/order/updateOrderStatus/${id}`, headers: admin, payload: { status } });
const call = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/order/confirmation/${id}`, headers: admin, payload });
const undo = (id: number) =>
  t.app.inject({ method: 'POST', url: `/api/order/confirmation/undo/${id}`, headers: admin });
const pay = (id: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/order/payments/${id}`, headers: admin, payload });

async function send(id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/courier/send',
    headers: admin,
    payload: { orderIds: [id] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [result] = res.json<{ data: CourierSendResult }>().data.results;
  expect(result?.ok, result?.message).toBe(true);
  return result?.tracking_number ?? '';
}

async function inQueue(id: number): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/order/confirmQueue?limit=100', headers: admin });
  return res.json<{ data: Order[] }>().data.some((o) => o.id === id);
}

describe('status moves follow one transition table', () => {
  /** An order brought to `status` by moves the table allows. */
  async function orderIn(status: OrderStatus | 'returned-received', product: number): Promise<number> {
    const id = await placed([{ product_id: product, quantity: 1, price: 200 }]);
    const path: Record<typeof status, string[]> = {
      pending: [],
      approved: ['approved'],
      shipping: ['shipping'],
      successful: ['successful'],
      cancelled: ['cancelled'],
      returned: ['shipping', 'returned'],
      'returned-received': ['shipping', 'returned'],
    };
    for (const step of path[status]) expect((await setStatus(id, step)).statusCode).toBe(200);
    if (status === 'returned-received') {
      const res = await t.app.inject({ method: 'POST', url: `/api/order/returnReceived/${id}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }

  it('answers every pair of statuses as the table says, and the admin is offered exactly those', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon des transitions', price: 200, stock: 500 });
    for (const from of [...ORDER_STATUSES, 'returned-received'] as const) {
      for (const to of ORDER_STATUSES) {
        const id = await orderIn(from, soap);
        const before = await order(id);
        const position = {
          status: before.status,
          reserved: before.stock_reserved,
          hasParcel: before.tracking_number !== null,
          returnReceived: before.return_received_at !== null,
        };
        const expected = transition(position, to);
        const res = await setStatus(id, to);
        const allowed = expected.ok || expected.refusal === 'unchanged';
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
        expect((await order(id)).status, `${from} → ${to}`).toBe(allowed ? to : before.status);
        expect(statusChoices(position).includes(to), `${from} → ${to} offered`).toBe(allowed);
      }
    }
  });

  it('keeps the call state with the status: an order set back to pending is to confirm again', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon de retour', price: 200, stock: 10 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    expect((await call(id, { outcome: 'confirmed' })).statusCode).toBe(200);
    expect(await inQueue(id)).toBe(false);
    expect((await setStatus(id, 'pending')).statusCode).toBe(200);
    const o = await order(id);
    expect([o.status, o.confirmation, o.confirmed_at]).toEqual(['pending', 'to_confirm', null]);
    expect(await inQueue(id)).toBe(true);
    // Approved by the status menu is confirmed; shipped is past the call too.
    expect((await setStatus(id, 'shipping')).statusCode).toBe(200);
    expect((await order(id)).confirmation).toBe('confirmed');
  });
});

describe('an order that has a parcel', () => {
  it('is cancelled by cancelling its parcel at the courier first, before pick-up: stock back, parcel gone', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon annulé chez Yalidine', price: 200, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 2, price: 200 }]);
    expect((await setStatus(id, 'approved')).statusCode).toBe(200);
    const tracking = await send(id);
    expect(await productStock(t.db.kysely, soap)).toBe(3);

    const res = await setStatus(id, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.parcels.some((p) => p.tracking === tracking)).toBe(false);
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path.includes(tracking))).toBe(true);
    const o = await order(id);
    expect([o.status, o.tracking_number, o.courier]).toEqual(['cancelled', null, null]);
    expect(o.events?.some((e) => e.detail === `Parcel ${tracking} cancelled at Yalidine`)).toBe(true);
    expect(await productStock(t.db.kysely, soap)).toBe(5);
  });

  it('is not cancelled once the parcel is picked up: 409 with the reason, nothing changed', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon ramassé', price: 200, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 2, price: 200 }]);
    expect((await setStatus(id, 'approved')).statusCode).toBe(200);
    const tracking = await send(id);
    const parcel = fake.parcels.find((p) => p.tracking === tracking);
    if (!parcel) throw new Error('the fake has the parcel');
    parcel.last_status = 'Ramassé';

    const res = await setStatus(id, 'cancelled');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain(`Yalidine did not cancel parcel ${tracking}`);
    const o = await order(id);
    expect([o.status, o.tracking_number]).toEqual(['shipping', tracking]);
    expect(await productStock(t.db.kysely, soap)).toBe(3);
    // Nor through the bulk change, which says why for that order.
    const bulk = await t.app.inject({
      method: 'PUT',
      url: '/api/order/bulkStatus',
      headers: admin,
      payload: { ids: [id], status: 'cancelled' },
    });
    expect(bulk.json<{ data: { results: { ok: boolean }[] } }>().data.results[0]?.ok).toBe(false);
    expect((await order(id)).status).toBe('shipping');
  });

  it('is not cancelled while the courier cannot be reached: 503, nothing changed', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon hors ligne', price: 200, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    expect((await setStatus(id, 'approved')).statusCode).toBe(200);
    const tracking = await send(id);
    await fake.stop();
    const res = await setStatus(id, 'cancelled');
    expect(res.statusCode).toBe(503);
    expect((await order(id)).tracking_number).toBe(tracking);
    expect(await productStock(t.db.kysely, soap)).toBe(4);
  });

  it('shows the owner a courier status the order contradicts, instead of dropping it', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon revenu quand même', price: 200, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    expect((await setStatus(id, 'approved')).statusCode).toBe(200);
    const tracking = await send(id);
    // The owner marks it delivered by mistake; the courier then says the parcel is coming back.
    expect((await setStatus(id, 'successful')).statusCode).toBe(200);
    const body = JSON.stringify({
      type: 'parcel_status_updated',
      events: [
        {
          event_id: `evt-${tracking}`,
          occurred_at: '2026-02-01 10:00:00',
          data: { tracking, status: 'Retour vers vendeur' },
        },
      ],
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/courier/webhook/yalidine',
      headers: {
        'content-type': 'application/json',
        'x-yalidine-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(hook.statusCode, hook.body).toBe(200);

    const o = await order(id);
    expect(o.status).toBe('successful');
    expect(o.courier_attention).toContain('Yalidine says "Retour vers vendeur" (returned) but the order is successful');
    expect(o.events?.at(-1)?.detail).toContain('flagged for a check');
    const flagged = await t.app.inject({ url: '/api/order/searchOrders?attention=true', headers: admin });
    expect(flagged.json<{ data: { data: Order[] } }>().data.data.map((r) => r.id)).toEqual([id]);

    const checked = await t.app.inject({ method: 'POST', url: `/api/order/courierChecked/${id}`, headers: admin });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await order(id)).courier_attention).toBeNull();
  });
});

describe('payments received before delivery', () => {
  it('leave only the rest to collect: on the parcel, the slip, the export and /suivi', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon prépayé', price: 1000, stock: 5 });
    const phone = freshPhone();
    const id = await placed([{ product_id: soap, quantity: 2, price: 1000 }], { phone });
    const total = 2000 + oranFee;
    expect((await order(id)).amount_due).toBe(total);

    expect((await pay(id, { amount: total + 1, method: 'ccp' })).statusCode).toBe(400);
    expect((await pay(id, { amount: 0, method: 'ccp' })).statusCode).toBe(400);
    expect((await pay(id, { amount: 500, method: 'cheque' })).statusCode).toBe(400);
    const paid = await pay(id, { amount: '1500,50', method: 'ccp', reference: 'CCP 0012345', paid_on: '2026-11-20' });
    expect(paid.statusCode, paid.body).toBe(201);
    const o = paid.json<{ data: Order }>().data;
    expect([o.amount_paid, o.amount_due]).toEqual([1500.5, total - 1500.5]);
    expect(o.payments).toMatchObject([
      { amount: 1500.5, method: 'ccp', reference: 'CCP 0012345', paid_on: '2026-11-20' },
    ]);

    const track = await t.app.inject({ url: `/api/order/track?order_id=${id}&phone=${phone}` });
    expect(track.json<{ data: OrderTracking }>().data.amount_due).toBe(total - 1500.5);
    const slip = await t.app.inject({ url: `/api/courier/slips?ids=${id}`, headers: admin });
    expect(slip.json<{ data: Slip[] }>().data[0]?.amount).toBe(total - 1500.5);
    const csv = await t.app.inject({ url: `/api/order/export?ids=${id}`, headers: admin });
    const rows: Record<string, string>[] = parse(csv.body, { bom: true, delimiter: ';', columns: true });
    const row = rows[0];
    expect(row?.['To collect (DA)']).toBe((total - 1500.5).toFixed(2).replace('.', ','));

    expect((await setStatus(id, 'approved')).statusCode).toBe(200);
    const tracking = await send(id);
    expect(fake.parcels.find((p) => p.tracking === tracking)?.body.price).toBe(Math.round(total - 1500.5));
    // The parcel now says what to collect: payments no longer change here.
    expect((await pay(id, { amount: 100, method: 'cash' })).statusCode).toBe(409);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/payments/${id}/${o.payments[0]?.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(409);
  });

  it('can remove a payment recorded by mistake, and refuse a cancelled order', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon erreur de saisie', price: 1000, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 1000 }]);
    const o = (await pay(id, { amount: 300, method: 'baridimob' })).json<{ data: Order }>().data;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/payments/${id}/${o.payments[0]?.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: Order }>().data.amount_paid).toBe(0);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/payments/${id}/999999`, headers: admin })).statusCode,
    ).toBe(404);
    expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
    expect((await pay(id, { amount: 100, method: 'cash' })).statusCode).toBe(409);
  });
});

describe('a desk outcome undone', () => {
  it('puts a mis-tapped "Confirmed" back: pending, to confirm, in the queue again', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon confirmé par erreur', price: 200, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    expect((await call(id, { outcome: 'no_answer' })).statusCode).toBe(200);
    const confirmed = (await call(id, { outcome: 'confirmed' })).json<{ data: Order }>().data;
    expect(confirmed.undoable_call?.detail).toBe('Confirmed by phone');

    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<{ data: Order }>().data;
    expect([o.status, o.confirmation, o.call_attempts, o.confirmed_at]).toEqual(['pending', 'no_answer', 1, null]);
    expect(o.events?.at(-1)?.detail).toBe('Undone: Confirmed by phone');
    expect(await inQueue(id)).toBe(true);
    expect(await productStock(t.db.kysely, soap)).toBe(4);
    // Once: the call before it (a no answer) is not undone by a second tap.
    expect((await undo(id)).statusCode).toBe(409);
  });

  it('puts a refusal back with its stock and coupon use taken again, and refuses when they are gone', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon refusé par erreur', price: 200, stock: 1 });
    const couponId = await insertCoupon(t.db.kysely, { code: 'UNDO10', discount_percentage: 10, max_uses: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 200 }], { coupon: 'UNDO10' });
    expect((await call(id, { outcome: 'refused', reason: 'changed_mind' })).statusCode).toBe(200);
    expect(await productStock(t.db.kysely, soap)).toBe(1);
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Order }>().data).toMatchObject({ status: 'pending', confirmation: 'to_confirm' });
    expect(await productStock(t.db.kysely, soap)).toBe(0);
    const uses = await t.db.kysely
      .selectFrom('coupons')
      .select('current_uses')
      .where('id', '=', couponId)
      .executeTakeFirstOrThrow();
    expect(uses.current_uses).toBe(1);

    // Refused again, the last unit sold to someone else meanwhile: the undo cannot take it back.
    expect((await call(id, { outcome: 'refused', reason: 'price' })).statusCode).toBe(200);
    await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    const refused = await undo(id);
    expect(refused.statusCode).toBe(409);
    expect((await order(id)).status).toBe('cancelled');
    expect(await productStock(t.db.kysely, soap)).toBe(0);
  });

  it('is refused once the order has moved on since the call', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon déjà corrigé', price: 200, stock: 5 });
    const id = await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    expect((await call(id, { outcome: 'confirmed' })).statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers: admin,
      payload: { address: '4 rue de Tlemcen' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Order }>().data.undoable_call).toBeNull();
    expect((await undo(id)).statusCode).toBe(409);

    const other = await placed([{ product_id: soap, quantity: 1, price: 200 }]);
    expect((await call(other, { outcome: 'confirmed' })).statusCode).toBe(200);
    expect((await setStatus(other, 'shipping')).statusCode).toBe(200);
    expect((await undo(other)).statusCode).toBe(409);
    expect((await order(other)).status).toBe('shipping');
  });
});

describe('an order held for a blacklisted phone', () => {
  it('takes no units until it is confirmed: a prank cannot take the last ones', async () => {
    const scarf = await insertProduct(t.db.kysely, { name: 'Foulard dernier', price: 900, sizes: { M: 1 } });
    const prankster = freshPhone();
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/order/blacklist',
      headers: admin,
      payload: { phone: prankster, reason: 'Fausses commandes' },
    });
    expect(listed.statusCode, listed.body).toBe(201);

    const held = await placed([{ product_id: scarf, size: 'M', quantity: 1, price: 900 }], { phone: prankster });
    expect(await order(held)).toMatchObject({ held: true, stock_reserved: false });
    expect(await productStock(t.db.kysely, scarf, 'M')).toBe(1);

    // A real customer takes the last one; the held order can no longer be confirmed, and says why.
    const real = await placed([{ product_id: scarf, size: 'M', quantity: 1, price: 900 }]);
    expect(await productStock(t.db.kysely, scarf, 'M')).toBe(0);
    const refused = await call(held, { outcome: 'confirmed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('Not enough stock to confirm');
    expect((await order(held)).status).toBe('pending');

    // Cancelling the held order gives nothing back: it took nothing.
    expect((await setStatus(held, 'cancelled')).statusCode).toBe(200);
    expect(await productStock(t.db.kysely, scarf, 'M')).toBe(0);
    expect((await setStatus(real, 'cancelled')).statusCode).toBe(200);
    expect(await productStock(t.db.kysely, scarf, 'M')).toBe(1);
  });

  it('takes its units when confirmed, and gives them back when cancelled after', async () => {
    const scarf = await insertProduct(t.db.kysely, { name: 'Foulard retenu', price: 900, sizes: { L: 3 } });
    const phone = freshPhone();
    await t.app.inject({ method: 'POST', url: '/api/order/blacklist', headers: admin, payload: { phone } });
    const held = await placed([{ product_id: scarf, size: 'L', quantity: 2, price: 900 }], { phone });
    expect(await productStock(t.db.kysely, scarf, 'L')).toBe(3);
    // Corrected while held: still nothing taken.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${held}`,
      headers: admin,
      payload: { items: [{ product_id: scarf, size: 'L', quantity: 3 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await productStock(t.db.kysely, scarf, 'L')).toBe(3);

    expect((await call(held, { outcome: 'confirmed' })).statusCode).toBe(200);
    expect(await order(held)).toMatchObject({ status: 'approved', stock_reserved: true });
    expect(await productStock(t.db.kysely, scarf, 'L')).toBe(0);
    // An undo of that confirmation puts the order back as it was: held, its units free again.
    expect((await undo(held)).statusCode).toBe(200);
    expect(await order(held)).toMatchObject({ status: 'pending', stock_reserved: false });
    expect(await productStock(t.db.kysely, scarf, 'L')).toBe(3);
    expect((await setStatus(held, 'approved')).statusCode).toBe(200);
    expect((await setStatus(held, 'cancelled')).statusCode).toBe(200);
    expect(await productStock(t.db.kysely, scarf, 'L')).toBe(3);
  });
});

describe.runIf(testDialect === 'postgres')('corrections racing customers on PostgreSQL', () => {
  it('never deadlock into a 500: every edit and order answers, and the stock stays exact', async () => {
    const a = await insertProduct(t.db.kysely, { name: 'Produit A (course)', price: 100, stock: 10_000 });
    const b = await insertProduct(t.db.kysely, { name: 'Produit B (course)', price: 100, stock: 10_000 });
    const editsOf: number[] = [];
    for (let i = 0; i < 8; i++) editsOf.push(await placed([{ product_id: b, quantity: 1, price: 100 }]));
    const statuses: number[] = [];
    for (let round = 0; round < 25; round++) {
      // Each correction swaps its order's line between the two products (old given back, new
      // taken) while customers buy both, in the other order.
      const [from, to] = round % 2 === 0 ? [b, a] : [a, b];
      const answers = await Promise.all([
        ...editsOf.map((id) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/order/edit/${id}`,
            headers: admin,
            payload: { items: [{ product_id: to, quantity: 1 }] },
          }),
        ),
        ...Array.from({ length: 8 }, () =>
          place([
            { product_id: to, quantity: 1, price: 100 },
            { product_id: from, quantity: 1, price: 100 },
          ]),
        ),
      ]);
      statuses.push(...answers.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const orders = await t.db.kysely
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.product_id', 'order_items.quantity'])
      .where('order_items.product_id', 'in', [a, b])
      .where('orders.status', '!=', 'cancelled')
      .execute();
    for (const product of [a, b]) {
      const sold = orders.filter((o) => o.product_id === product).reduce((n, o) => n + o.quantity, 0);
      expect(await productStock(t.db.kysely, product)).toBe(10_000 - sold);
    }
  });
});
