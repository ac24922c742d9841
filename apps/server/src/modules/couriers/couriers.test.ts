// Couriers through HTTP, on SQLite and (second run) PostgreSQL, against a local Yalidine
// (test/fake-yalidine.ts) reached by the real client over a real HTTP connection: orders sent,
// refused, out of quota, timed out, with the courier down; no order left half-sent and never a
// second parcel for one order; statuses synced and pushed by the webhook; the exports and slips.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Order } from '@shop/domain/order-responses';
import type { CourierSendResult, CourierSyncResult, Slip } from '@shop/domain/courier';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import {
  fakeYalidineEnv,
  FAKE_API_ID,
  FAKE_API_TOKEN,
  startFakeYalidine,
  type FakeYalidine,
} from '../../../test/fake-yalidine.ts';
import { createYalidine } from './yalidine.ts';
import { CourierError } from './courier.ts';
import { YALIDINE_COLUMNS } from './exports.service.ts';
import { loadConfig } from '../../config.ts';

const WEBHOOK_SECRET = 'webhook-secret-0123456789';
let fake: FakeYalidine;
let t: TestContext;
let admin: Record<string, string>;
let product: number;

beforeAll(async () => {
  fake = await startFakeYalidine();
  t = await createTestContext({
    env: { ...fakeYalidineEnv(fake), YALIDINE_WEBHOOK_SECRET: WEBHOOK_SECRET, COURIER_TIMEOUT_SECONDS: '0.5' },
  });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon à l’huile d’olive', price: 450, stock: 500 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.postMode = 'ok';
  fake.refuse.clear();
  fake.headers = {};
  fake.delayMs = 0;
  await fake.start().catch(() => undefined);
});

let phoneSeq = 0;
const freshPhone = () => `0770${String(100_000 + ++phoneSeq).slice(-6)}`;

/** A placed order, approved unless told otherwise. */
async function anOrder({ status = 'approved', name = 'Nadia Kaci', wilaya = 'Oran' } = {}): Promise<number> {
  const price =
    (
      await t.db.kysely
        .selectFrom('shipping_prices')
        .select('price_cents')
        .where('wilaya_name', '=', wilaya)
        .executeTakeFirstOrThrow()
    ).price_cents / 100;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: name,
      customer_phone: freshPhone(),
      customer_address: `${wilaya} | 12 rue Larbi Ben M’hidi`,
      customer_postal_code: '31000',
      subtotal: 900,
      shipping_fee: price,
      items: [{ product_id: product, quantity: 2, size: '' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { order_id: number } }>().data.order_id;
  if (status !== 'pending') {
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/order/updateOrderStatus/${id}`,
      headers: admin,
      payload: { status },
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return id;
}

async function send(...orderIds: number[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/courier/send', headers: admin, payload: { orderIds } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CourierSendResult }>().data.results;
}

async function order(id: number): Promise<Order> {
  const res = await t.app.inject({ url: `/api/order/getOrder/${id}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Order }>().data;
}

/** Neither half-sent nor sent: approved, no tracking, no sending mark. */
async function expectNotSent(id: number) {
  const o = await order(id);
  expect(o.status).toBe('approved');
  expect(o.tracking_number).toBeNull();
  expect(o.courier_sent_at).toBeNull();
  expect(o.courier_error).toBeTruthy();
}

describe('sending orders to Yalidine', () => {
  it('creates the parcel, keeps its tracking number and label, ships the order and writes its history', async () => {
    const id = await anOrder();
    const [result] = await send(id);
    expect(result).toMatchObject({ id, ok: true });
    expect(result?.tracking_number).toMatch(/^yal-/);
    const o = await order(id);
    expect(o.status).toBe('shipping');
    expect(o.tracking_number).toBe(result?.tracking_number);
    expect(o.label_url).toContain(result?.tracking_number);
    expect(o.courier).toBe('yalidine');
    expect(o.courier_error).toBeNull();
    expect(o.events?.some((e) => e.kind === 'courier' && e.detail.includes(o.tracking_number ?? '?'))).toBe(true);
    expect(o.status_history?.at(-1)).toMatchObject({ from_status: 'approved', to_status: 'shipping' });
    // What Yalidine received: the documented fields; the commune falls back on the wilaya (no commune chosen).
    const body = fake.parcels.find((p) => p.order_id === String(id))?.body;
    expect(body).toMatchObject({
      order_id: String(id),
      firstname: 'Nadia',
      familyname: 'Kaci',
      address: '12 rue Larbi Ben M’hidi',
      to_wilaya_name: 'Oran',
      to_commune_name: 'Oran',
      price: o.final_total,
      is_stopdesk: false,
      freeshipping: true,
      has_exchange: false,
      product_list: '2x Savon à l’huile d’olive',
    });
    expect(body?.contact_phone).toBe(o.customer_phone);
    // Sending it again is refused, and makes no parcel.
    const [again] = await send(id);
    expect(again).toMatchObject({ ok: false });
    expect(again?.message).toMatch(/Already sent/);
    expect(fake.createdFor(id)).toBe(1);
  });

  it("a stop desk order goes to its stop desk, in the customer's commune", async () => {
    const id = await anOrder();
    await t.db.kysely
      .updateTable('orders')
      .set({ delivery_type: 'stop_desk', commune_name: 'Bir El Djir', stop_desk_id: '310101' })
      .where('id', '=', id)
      .execute();
    const slip = (await t.app.inject({ url: `/api/courier/slips?ids=${id}`, headers: admin })).json<{ data: Slip[] }>()
      .data[0];
    expect(slip).toMatchObject({
      delivery_type: 'stop_desk',
      commune: 'Bir El Djir',
      stop_desk_id: '310101',
      stop_desk_name: null,
    });
    expect((await send(id))[0]?.ok).toBe(true);
    expect(fake.parcels.find((p) => p.order_id === String(id))?.body).toMatchObject({
      is_stopdesk: true,
      stopdesk_id: '310101',
      to_commune_name: 'Bir El Djir',
    });
    // A stop desk order placed on the storefront names no centre: it gets the courier's centre
    // of its commune, else the first of its wilaya, and one in a wilaya without any is not sent.
    const inOran = await anOrder();
    const inAlger = await anOrder({ wilaya: 'Alger' });
    const inAdrar = await anOrder({ wilaya: 'Adrar' });
    await t.db.kysely
      .updateTable('orders')
      .set({ delivery_type: 'stop_desk', commune_name: 'Oran' })
      .where('id', 'in', [inOran, inAlger, inAdrar])
      .execute();
    const results = await send(inOran, inAlger, inAdrar);
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(fake.parcels.find((p) => p.order_id === String(inOran))?.body).toMatchObject({ stopdesk_id: '310101' });
    expect(fake.parcels.find((p) => p.order_id === String(inAlger))?.body).toMatchObject({ stopdesk_id: '160101' });
    expect(results[2]?.message).toMatch(/no stop desk in Adrar/);
    expect(fake.createdFor(inAdrar)).toBe(0);
    // The slips name the centres chosen, with their address when the courier gives one, without asking it.
    const calls = fake.calls.length;
    const slips = (
      await t.app.inject({ url: `/api/courier/slips?ids=${inOran},${inAlger},${inAdrar}`, headers: admin })
    ).json<{ data: Slip[] }>().data;
    expect(fake.calls.length).toBe(calls);
    expect(slips.map((s) => [s.stop_desk_id, s.stop_desk_name, s.stop_desk_address])).toEqual([
      ['310101', 'Agence d’Oran', null],
      ['160101', 'Agence de Bab Ezzouar', 'Cité 5 Juillet, bâtiment 12'],
      [null, null, null],
    ]);
    const order = await t.app.inject({ url: `/api/order/getOrder/${inOran}`, headers: admin });
    expect(order.json<{ data: { events: { detail: string }[] } }>().data.events.map((h) => h.detail)).toContain(
      'Stop desk chosen: Agence d’Oran (Oran, Yalidine centre 310101)',
    );
  });

  it('sends only approved orders', async () => {
    const pending = await anOrder({ status: 'pending' });
    const cancelled = await anOrder({ status: 'cancelled' });
    const results = await send(pending, cancelled);
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    expect(results[0]?.message).toMatch(/Only approved orders/);
    expect(fake.createdFor(pending) + fake.createdFor(cancelled)).toBe(0);
    expect((await order(pending)).courier_sent_at).toBeNull();
  });

  it('sends many at once, each answered on its own: a refused parcel keeps the reason and can be sent again', async () => {
    const good = await anOrder();
    const bad = await anOrder();
    fake.refuse.set(String(bad), 'La commune "Oran" est introuvable');
    const results = await send(good, bad, 999_999);
    expect(results.map((r) => [r.id, r.ok])).toEqual([
      [good, true],
      [bad, false],
      [999_999, false],
    ]);
    expect(results[1]?.message).toBe('La commune "Oran" est introuvable');
    expect(results[2]?.message).toMatch(/not found/);
    await expectNotSent(bad);
    expect((await order(bad)).courier_error).toBe('La commune "Oran" est introuvable');
    fake.refuse.clear();
    const [retry] = await send(bad);
    expect(retry?.ok).toBe(true);
    expect((await order(bad)).courier_error).toBeNull();
    expect(fake.createdFor(bad)).toBe(1);
  });

  it('a time-out after Yalidine made the parcel: the retry finds it and never creates a second one', async () => {
    const id = await anOrder();
    fake.postMode = 'hang-after-create';
    const [lost] = await send(id);
    expect(lost?.ok).toBe(false);
    expect(lost?.message).toMatch(/did not answer/);
    let o = await order(id);
    // Marked as sent with an unknown outcome: approved, no tracking number, the reason shown.
    expect(o.status).toBe('approved');
    expect(o.tracking_number).toBeNull();
    expect(o.courier_sent_at).not.toBeNull();
    expect(o.courier_error).toMatch(/may exist/);
    expect(fake.createdFor(id)).toBe(1);

    fake.postMode = 'ok';
    const posts = fake.calls.filter((c) => c.method === 'POST').length;
    const [retry] = await send(id);
    expect(retry?.ok).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'POST').length).toBe(posts);
    expect(fake.calls.some((c) => c.path === `/v1/parcels/?order_id=${id}`)).toBe(true);
    o = await order(id);
    expect(o.status).toBe('shipping');
    expect(o.tracking_number).toBe(fake.parcels.find((p) => p.order_id === String(id))?.tracking);
    expect(fake.createdFor(id)).toBe(1);
  });

  it('a time-out before Yalidine made anything: the retry looks, finds none, and creates exactly one', async () => {
    const id = await anOrder();
    fake.postMode = 'hang-before-create';
    expect((await send(id))[0]?.ok).toBe(false);
    expect(fake.createdFor(id)).toBe(0);
    fake.postMode = 'ok';
    expect((await send(id))[0]?.ok).toBe(true);
    expect(fake.createdFor(id)).toBe(1);
    expect((await order(id)).status).toBe('shipping');
  });

  it('Yalidine failing (500) leaves the outcome unknown; the next sync finds its parcel', async () => {
    const id = await anOrder();
    fake.postMode = 'error-500';
    expect((await send(id))[0]?.message).toMatch(/HTTP 500/);
    expect((await order(id)).courier_sent_at).not.toBeNull();
    // Meanwhile the parcel turns out to exist at Yalidine (made before it failed).
    fake.parcels.push({
      tracking: 'yal-LOST01',
      order_id: String(id),
      label: 'https://label/yal-LOST01',
      last_status: 'Expédié',
      body: {},
    });
    fake.postMode = 'ok';
    const sync = await t.app.inject({ method: 'POST', url: '/api/courier/sync', headers: admin });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json<{ data: CourierSyncResult }>().data.recovered).toBeGreaterThanOrEqual(1);
    const o = await order(id);
    expect(o.tracking_number).toBe('yal-LOST01');
    expect(o.status).toBe('shipping');
    expect(fake.createdFor(id)).toBe(1);
  });

  it('the courier down (connection refused): nothing half-sent, sent once it is back', async () => {
    const id = await anOrder();
    await fake.stop();
    const [down] = await send(id);
    expect(down?.ok).toBe(false);
    expect(down?.message).toMatch(/cannot be reached/);
    await expectNotSent(id);
    await fake.start();
    expect((await send(id))[0]?.ok).toBe(true);
    expect(fake.createdFor(id)).toBe(1);
  });

  it('the quota used up (429): not sent, the reason kept', async () => {
    const id = await anOrder();
    fake.postMode = 'quota-429';
    const [refused] = await send(id);
    expect(refused?.message).toMatch(/Too Many Requests/);
    await expectNotSent(id);
    expect(fake.createdFor(id)).toBe(0);
  });

  it('two sends of one order at the same time make one parcel', async () => {
    const id = await anOrder();
    const [a, b] = await Promise.all([send(id), send(id)]);
    expect([a[0]?.ok, b[0]?.ok].filter(Boolean)).toHaveLength(1);
    expect(fake.createdFor(id)).toBe(1);
    expect((await order(id)).status).toBe('shipping');
  });

  it('refuses a bad payload with a clear message, writing nothing', async () => {
    for (const payload of [{}, { orderIds: [] }, { orderIds: ['x'] }, { orderIds: [-1] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/courier/send', headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/courier/send', payload: { orderIds: [1] } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("Yalidine's quota headers", () => {
  it('stops calling once a window is used up, until that window is over', async () => {
    let clock = Date.parse('2026-03-01T10:00:00.200Z');
    const client = createYalidine(
      { apiUrl: fake.url, apiId: FAKE_API_ID, apiToken: FAKE_API_TOKEN, fromWilaya: 'Alger', timeoutMs: 2000 },
      () => clock,
    );
    fake.headers = { 'x-minute-quota-left': '0' };
    expect(await client.findParcelByOrder(424_242)).toBeNull();
    expect(client.quota()).toMatchObject({ minute: 0, second: 4, hour: 999, day: 9999 });
    const calls = fake.calls.length;
    const refused = await client.findParcelByOrder(424_242).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).reason).toBe('quota');
    expect((refused as CourierError).sent).toBe(false);
    expect(fake.calls.length).toBe(calls);
    // The next minute, calls go out again.
    fake.headers = {};
    clock = Date.parse('2026-03-01T10:01:00.100Z');
    expect(await client.findParcelByOrder(424_242)).toBeNull();
    expect(fake.calls.length).toBe(calls + 1);
  });

  it('sends wrong keys nowhere: a 401 is a refusal, nothing created', async () => {
    const client = createYalidine({
      apiUrl: fake.url,
      apiId: 'wrong',
      apiToken: 'wrong',
      fromWilaya: 'Alger',
      timeoutMs: 2000,
    });
    const error = await client.stopDesks().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CourierError);
    expect((error as CourierError).reason).toBe('refused');
  });

  it('lists the stop desks (centers)', async () => {
    const res = await t.app.inject({ url: '/api/courier/stopDesks', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { id: string; commune: string }[] }>().data).toContainEqual(
      expect.objectContaining({ id: '160101', commune: 'Bab Ezzouar' }),
    );
  });
});

describe('statuses from Yalidine', () => {
  async function shipped(): Promise<{ id: number; tracking: string }> {
    const id = await anOrder();
    const [r] = await send(id);
    return { id, tracking: r?.tracking_number ?? '' };
  }
  const setStatus = (tracking: string, status: string) => {
    const parcel = fake.parcels.find((p) => p.tracking === tracking);
    if (parcel) parcel.last_status = status;
  };

  it('sync: delivered → successful, returned → returned, in transit → stays shipping', async () => {
    const delivered = await shipped();
    const returned = await shipped();
    const travelling = await shipped();
    setStatus(delivered.tracking, 'Livré');
    setStatus(returned.tracking, 'Retourné au vendeur');
    setStatus(travelling.tracking, 'Sorti en livraison');
    const res = await t.app.inject({ method: 'POST', url: '/api/courier/sync', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ data: CourierSyncResult }>().data;
    expect(result.stopped).toBeNull();
    expect(result.moved).toBeGreaterThanOrEqual(2);
    expect((await order(delivered.id)).status).toBe('successful');
    expect((await order(returned.id)).status).toBe('returned');
    const t3 = await order(travelling.id);
    expect(t3.status).toBe('shipping');
    expect(t3.courier_status).toBe('Sorti en livraison');
    expect(t3.events?.some((e) => e.kind === 'courier' && e.detail.includes('Sorti en livraison'))).toBe(true);
  });

  it('sync stops and says why when the courier is down', async () => {
    await shipped();
    await fake.stop();
    const res = await t.app.inject({ method: 'POST', url: '/api/courier/sync', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: CourierSyncResult }>().data.stopped).toMatch(/cannot be reached/);
  });

  describe('webhook, over HTTP as Yalidine calls it', () => {
    let base: string;
    beforeAll(async () => {
      base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/courier/webhook/yalidine`;
    });

    /** Yalidine's signature: hex HMAC-SHA256 of the body's bytes with the webhook's secret key. */
    const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
    const post = (body: string, signature?: string) =>
      fetch(base, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'x-yalidine-signature': signature }),
        },
        body,
      });
    /** A status event as Yalidine sends it: spaced and escaped as its encoder writes it, not as JSON.stringify would. */
    const statusEvent = (events: { tracking: string; status: string; at: string }[]) =>
      `{"type": "parcel_status_updated", "events": [${events
        .map(
          (e, i) =>
            `{"event_id": "evt-${i}-${e.tracking}", "occurred_at": "${e.at}", "data": {"tracking": "${e.tracking}", "status": ${JSON.stringify(e.status).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}, "reason": ""}}`,
        )
        .join(', ')}]}`;

    it('answers the address check with its crc_token', async () => {
      const check = await fetch(`${base}?subscribe&crc_token=Zx81-abc_9`);
      expect(check.status).toBe(200);
      expect(check.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await check.text()).toBe('Zx81-abc_9');
      const without = await fetch(`${base}?subscribe`);
      expect(without.status).toBe(400);
    });

    it('applies signed status events, in the order they happened', async () => {
      const { id, tracking } = await shipped();
      // Sent out of order: delivered happened after out for delivery.
      const body = statusEvent([
        { tracking, status: 'Livré', at: '2026-03-02 15:00:00' },
        { tracking, status: 'Sorti en livraison', at: '2026-03-02 09:00:00' },
        { tracking: 'yal-NOBODY', status: 'Livré', at: '2026-03-02 16:00:00' },
      ]);
      expect(body).toContain('\\u00e9'); // the é as Yalidine's JSON writes it: the signature covers those bytes
      const res = await post(body, sign(body));
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toEqual({ received: 3, updated: 2 });
      const o = await order(id);
      expect(o.status).toBe('successful');
      expect(o.courier_status).toBe('Livré');
      // The same call again (Yalidine retries): nothing changes.
      const again = await post(body, sign(body));
      expect(((await again.json()) as { data: unknown }).data).toEqual({ received: 3, updated: 0 });
    });

    it('refuses a missing or wrong signature with 401 and writes nothing', async () => {
      const { id, tracking } = await shipped();
      const body = statusEvent([{ tracking, status: 'Livré', at: '2026-03-03 10:00:00' }]);
      const tampered = body.replace('Livr', 'LIVR');
      const cases: [string, string | undefined, RegExp][] = [
        [body, undefined, /Missing X-YALIDINE-SIGNATURE/],
        [body, '', /Missing X-YALIDINE-SIGNATURE/],
        [body, sign(body, `${WEBHOOK_SECRET}x`), /Invalid X-YALIDINE-SIGNATURE/],
        [body, sign(body).slice(0, 63), /Invalid X-YALIDINE-SIGNATURE/],
        [body, 'not-hex-'.repeat(8), /Invalid X-YALIDINE-SIGNATURE/],
        [tampered, sign(body), /Invalid X-YALIDINE-SIGNATURE/],
        // Signed over the re-serialised JSON, not the bytes sent.
        [body, sign(JSON.stringify(JSON.parse(body))), /Invalid X-YALIDINE-SIGNATURE/],
      ];
      const eventsBefore = (await order(id)).events?.length;
      for (const [sent, signature, message] of cases) {
        const res = await post(sent, signature);
        expect(res.status).toBe(401);
        expect(((await res.json()) as { message: string }).message).toMatch(message);
      }
      const o = await order(id);
      expect(o.status).toBe('shipping');
      expect(o.courier_status).toBeNull();
      expect(o.events?.length).toBe(eventsBefore);
      // The signature in capitals is the same digest.
      expect((await post(body, sign(body).toUpperCase())).status).toBe(200);
      expect((await order(id)).status).toBe('successful');
    });

    it('acknowledges the other event types without touching orders', async () => {
      const { id, tracking } = await shipped();
      const body = JSON.stringify({
        type: 'parcel_edited',
        events: [{ event_id: 'e1', occurred_at: '2026-03-04 10:00:00', data: { tracking, status: 'Livré' } }],
      });
      const res = await post(body, sign(body));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toEqual({ received: 1, updated: 0 });
      expect((await order(id)).courier_status).toBeNull();
      // A signed body that is not Yalidine's shape is a 400 with the reason.
      const bad = '{"nope": 1}';
      const refused = await post(bad, sign(bad));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBeTruthy();
    });
  });
});

describe("Yalidine's payment events", () => {
  const sign = (body: string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
  const post = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/courier/webhook/yalidine',
      headers: { 'content-type': 'application/json', 'x-yalidine-signature': sign(body) },
      payload: body,
    });
  const parcelRow = (id: number) =>
    t.db.kysely.selectFrom('courier_parcels').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();

  it('marks the parcel paid once Yalidine says payed, with its payment id, and a replay changes nothing', async () => {
    const id = await anOrder();
    const [sent] = await send(id);
    const tracking = sent?.tracking_number ?? '';
    const ready = JSON.stringify({
      type: 'parcel_payment_updated',
      events: [
        {
          event_id: 'pay-ready-1',
          occurred_at: '2026-03-04 10:00:00',
          data: { tracking, status: 'ready', payment_id: null },
        },
      ],
    });
    expect((await post(ready)).json<{ data: unknown }>().data).toEqual({ received: 1, updated: 1 });
    expect(await parcelRow(id)).toMatchObject({ payment_status: 'ready', remitted_at: null });
    const payed = JSON.stringify({
      type: 'parcel_payment_updated',
      events: [
        {
          event_id: 'pay-1',
          occurred_at: '2026-03-05 10:00:00',
          data: { tracking, status: 'payed', payment_id: 'PAY-77' },
        },
      ],
    });
    expect((await post(payed)).json<{ data: unknown }>().data).toEqual({ received: 1, updated: 1 });
    const paid = await parcelRow(id);
    expect(paid).toMatchObject({ payment_status: 'payed', remittance_ref: 'PAY-77' });
    expect(paid.remitted_at).toBeTruthy();
    // Yalidine retries: the same event again is acknowledged and changes nothing.
    expect((await post(payed)).json<{ data: unknown }>().data).toEqual({ received: 1, updated: 0 });
    expect((await parcelRow(id)).remitted_at).toBe(paid.remitted_at);
  });
});

describe('exports and slips', () => {
  const parseCsv = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(body, { bom: true, delimiter: ';', relax_column_count: false });
    return rows;
  };

  it("the chosen orders in Yalidine's bulk-import layout", async () => {
    const a = await anOrder({ name: 'Éloïse Benali' });
    const b = await anOrder({ name: '=HYPERLINK("http://evil") Amine' });
    const res = await t.app.inject({ url: `/api/courier/export/yalidine?ids=${a},${b}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="yalidine-parcels-/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...YALIDINE_COLUMNS]);
    const cell = (row: string[] | undefined, column: (typeof YALIDINE_COLUMNS)[number]) =>
      row?.[YALIDINE_COLUMNS.indexOf(column)];
    expect(rows.map((r) => cell(r, 'order_id'))).toEqual([String(a), String(b)]);
    expect([cell(rows[0], 'firstname'), cell(rows[0], 'familyname')]).toEqual(['Éloïse', 'Benali']);
    expect(cell(rows[0], 'address')).toBe('12 rue Larbi Ben M’hidi');
    // A formula stays text: it starts with a quote.
    expect(cell(rows[1], 'firstname')).toBe('\'=HYPERLINK("http://evil")');
    const total = (await order(a)).final_total;
    expect(cell(rows[0], 'price')).toBe(String(total));
    expect(cell(rows[0], 'is_stopdesk')).toBe('0');
    // Grouped as written in Algeria: a spreadsheet keeps it as text, with its leading 0.
    const phone = (await order(a)).customer_phone;
    expect(cell(rows[0], 'contact_phone')).toBe(phone.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4'));
  });

  it("the accountant's file follows the orders list's filters", async () => {
    const shippedId = await anOrder({ name: 'Saïd Comptable' });
    await send(shippedId);
    const pendingId = await anOrder({ status: 'pending', name: 'Saïd Comptable' });
    const res = await t.app.inject({ url: '/api/order/export?format=csv&status=shipping&q=Comptable', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toContain('Total (DA)');
    expect(rows.map((r) => r[0])).toEqual([String(shippedId)]);
    const row = Object.fromEntries((header ?? []).map((h, i) => [h, rows[0]?.[i]]));
    const o = await order(shippedId);
    // The time the back office shows (Algiers, UTC+1 all year), said in the header.
    const placed = new Date(o.created_at.includes('T') ? o.created_at : `${o.created_at.replace(' ', 'T')}Z`);
    const algiers = new Date(placed.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(row['Date (Africa/Algiers)']).toBe(algiers);
    expect(row.Phone).toMatch(/^0[567]\d{2} \d{2} \d{2} \d{2}$/);
    expect(row.Phone?.replaceAll(' ', '')).toBe(o.customer_phone);
    expect(row).toMatchObject({
      Customer: 'Saïd Comptable',
      Status: 'shipping',
      Wilaya: 'Oran',
      Tracking: o.tracking_number,
      'Total (DA)': o.final_total.toFixed(2).replace('.', ','),
    });
    const all = parseCsv((await t.app.inject({ url: '/api/order/export?q=Comptable', headers: admin })).body);
    expect(all.slice(1).map((r) => r[0])).toEqual([String(shippedId), String(pendingId)]);

    const wrong = await t.app.inject({ url: '/api/order/export?format=xlsx', headers: admin });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/format must be csv/);
    expect((await t.app.inject({ url: '/api/order/export?status=lost', headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/order/export' })).statusCode).toBe(401);
  });

  it('slips of several orders, in the order asked, the amount to collect being the final total', async () => {
    const a = await anOrder();
    const b = await anOrder();
    const res = await t.app.inject({ url: `/api/courier/slips?ids=${b},${a},999999`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const slips = res.json<{ data: Slip[] }>().data;
    expect(slips.map((s) => s.id)).toEqual([b, a]);
    expect(slips[0]).toMatchObject({
      delivery_type: 'home',
      wilaya_name: 'Oran',
      commune: null,
      address: '12 rue Larbi Ben M’hidi',
      amount: (await order(b)).final_total,
      items: [{ name: 'Savon à l’huile d’olive', size: '', quantity: 2, color: null }],
      // Who sends the parcel: the shop of the configuration.
      sender_name: t.config.shop.name,
      sender_phone: t.config.shop.phone,
    });
    expect((await t.app.inject({ url: '/api/courier/slips?ids=1,abc', headers: admin })).statusCode).toBe(400);

    // A custom order's item, in French and with its colour, on the slip and on the courier's label.
    const at = new Date().toISOString();
    const custom = await t.db.kysely
      .insertInto('orders')
      .values({
        type: 'custom',
        status: 'approved',
        customer_name: 'Lina Cherif',
        customer_phone: freshPhone(),
        customer_address: 'Oran | 5 rue des Frères',
        customer_postal_code: '31000',
        wilaya_name: 'Oran',
        subtotal_cents: 350_000,
        discount_percentage: 0,
        discount_cents: 0,
        shipping_fee_cents: 60_000,
        final_total_cents: 410_000,
        coupon_id: null,
        coupon_code: null,
        custom_item_id: null,
        clothing_type: 'Hoodie',
        color: 'Noir',
        size: 'M',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [slip] = (await t.app.inject({ url: `/api/courier/slips?ids=${custom.id}`, headers: admin })).json<{
      data: Slip[];
    }>().data;
    expect(slip?.items).toEqual([{ name: 'Personnalisée : Hoodie', size: 'M', quantity: 1, color: 'Noir' }]);
    const exported = await t.app.inject({ url: `/api/courier/export/yalidine?ids=${custom.id}`, headers: admin });
    expect(exported.body).toContain('Personnalisée : Hoodie M Noir');
    expect(exported.body).not.toContain('Custom');
    expect((await t.app.inject({ url: '/api/courier/slips?ids=999998', headers: admin })).statusCode).toBe(404);
  });

  it('says the courier is configured', async () => {
    const res = await t.app.inject({ url: '/api/courier/status', headers: admin });
    expect(res.json<{ data: unknown }>().data).toMatchObject({ courier: 'yalidine', configured: true, webhook: true });
  });
});

describe('the configuration', () => {
  it('wants both Yalidine keys or neither, and a long enough webhook secret', () => {
    expect(() => loadConfig({ YALIDINE_API_ID: 'id-only' })).toThrow(
      /YALIDINE_API_TOKEN: YALIDINE_API_ID and YALIDINE_API_TOKEN go together/,
    );
    expect(() => loadConfig({ YALIDINE_WEBHOOK_SECRET: 'short' })).toThrow(
      /YALIDINE_WEBHOOK_SECRET: must be at least 16/,
    );
    expect(() => loadConfig({ YALIDINE_API_URL: 'ftp://x' })).toThrow(/YALIDINE_API_URL/);
    expect(loadConfig({}).courier).toMatchObject({ yalidine: undefined, webhookSecret: undefined, syncMinutes: 30 });
    expect(loadConfig({ YALIDINE_API_ID: 'a', YALIDINE_API_TOKEN: 'b' }).courier.yalidine).toEqual({
      apiUrl: 'https://api.yalidine.app/v1',
      apiId: 'a',
      apiToken: 'b',
      fromWilaya: 'Alger',
    });
  });
});

describe('without a courier account', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext();
  });
  afterAll(() => bare.close());

  it('shows no courier, refuses to send and has no webhook', async () => {
    const headers = await bare.adminHeaders();
    const status = await bare.app.inject({ url: '/api/courier/status', headers });
    expect(status.json<{ data: unknown }>().data).toMatchObject({ courier: null, configured: false, webhook: false });
    const sent = await bare.app.inject({
      method: 'POST',
      url: '/api/courier/send',
      headers,
      payload: { orderIds: [1] },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json<{ message: string }>().message).toMatch(/No courier account/);
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/courier/webhook/yalidine',
      headers: { 'x-yalidine-signature': 'a'.repeat(64) },
      payload: { type: 'parcel_status_updated', events: [] },
    });
    expect(hook.statusCode).toBe(404);
    expect((await bare.app.inject({ url: '/api/courier/webhook/yalidine?subscribe&crc_token=x' })).statusCode).toBe(
      404,
    );
    // Exports work without an account.
    const csv = await bare.app.inject({ url: '/api/order/export', headers });
    expect(csv.statusCode).toBe(200);
  });
});
