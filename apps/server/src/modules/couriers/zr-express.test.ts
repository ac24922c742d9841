// ZR Express through HTTP, on SQLite and (second run) PostgreSQL, against a local ZR Express
// (test/fake-zr-express.ts) reached by the real client: its territories matched once, parcels made
// with the territory ids and hub, refusals, the 429, time-outs, the courier down, never a second
// parcel, statuses, and its Svix-signed webhook taken once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourierAccount } from '@shop/domain/courier-accounts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import {
  FAKE_ZR_KEY,
  FAKE_ZR_TENANT,
  FAKE_ZR_WEBHOOK_SECRET,
  startFakeZrExpress,
  svixHeaders,
  type FakeZrExpress,
} from '../../../test/fake-zr-express.ts';
import {
  addAccount,
  matchPlaces,
  parcelRow,
  placeOrder,
  readOrder,
  route,
  sendOrders,
  sync,
} from '../../../test/courier-accounts.ts';

let fake: FakeZrExpress;
let t: TestContext;
let admin: Record<string, string>;
let product: number;
let account: CourierAccount;

beforeAll(async () => {
  fake = await startFakeZrExpress();
  t = await createTestContext({
    env: { COURIER_TIMEOUT_SECONDS: '0.5', COURIER_SYNC_MINUTES: '0', COURIER_CALLS_PER_MINUTE: '10000' },
  });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon', price: 450, stock: 500 });
  account = await addAccount(t, admin, {
    kind: 'zr_express',
    name: 'ZR Express',
    host: `${fake.url}/api/v1`,
    credentials: { api_key: FAKE_ZR_KEY, tenant_id: FAKE_ZR_TENANT },
    webhook_secret: FAKE_ZR_WEBHOOK_SECRET,
  });
  await route(t, admin, [{ wilaya: null, account_id: account.id }]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.createMode = 'ok';
  fake.delayMs = 0;
  await fake.start();
});

const order = (options: Parameters<typeof placeOrder>[3] = {}) => placeOrder(t, admin, product, options);

describe('ZR Express', () => {
  it('matches its territories and hubs once', async () => {
    const places = await matchPlaces(t, admin, account.id);
    expect(places.communes_matched).toBe(4);
    expect(places.desks).toBe(2);
  });

  it('makes the parcel with the wilaya and commune territories, keeps the tracking number its parcel carries and its rates', async () => {
    const id = await order({ wilaya: 'Alger', commune: 'Bab Ezzouar' });
    const [result] = await sendOrders(t, admin, id);
    expect(result).toMatchObject({ ok: true });
    const made = fake.parcels.find((p) => p.externalId === String(id));
    const bab = fake.territories.find((x) => x.name === 'Bab Ezzouar');
    const o = await readOrder(t, admin, id);
    expect(made?.body).toMatchObject({
      amount: o.amount_due,
      deliveryType: 'home',
      deliveryAddress: { districtTerritoryId: bab?.id, cityTerritoryId: bab?.parentId },
      customer: { phone: { number1: expect.stringMatching(/^\+2136/) } },
    });
    expect(o).toMatchObject({ status: 'shipping', tracking_number: made?.trackingNumber, courier: 'zr_express' });
    expect(await parcelRow(t, id)).toMatchObject({ delivery_fee_cents: 65_000, return_fee_cents: 25_000 });
  });

  it('sends a stop desk order to the hub of its wilaya', async () => {
    const id = await order({ wilaya: 'Oran', commune: 'Oran', stopDesk: true });
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(true);
    const made = fake.parcels.find((p) => p.externalId === String(id));
    const hub = fake.hubs.find((h) => h.name === 'Hub Oran 31');
    expect(made?.body).toMatchObject({ deliveryType: 'pickup-point', deliveryAddress: { hubId: hub?.id } });
    expect(
      (await t.db.kysely.selectFrom('orders').select('stop_desk_name').where('id', '=', id).executeTakeFirstOrThrow())
        .stop_desk_name,
    ).toBe('Hub Oran 31');
  });

  it('refuses a commune it has no territory for, before calling it', async () => {
    const id = await order({ wilaya: 'Oran', commune: 'Arzew' });
    const calls = fake.calls.length;
    const [result] = await sendOrders(t, admin, id);
    expect(result?.message).toMatch(/no territory for Arzew/);
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/parcels')).length).toBe(
      fake.calls.slice(0, calls).filter((c) => c.method === 'POST' && c.path.endsWith('/parcels')).length,
    );
    expect(await readOrder(t, admin, id)).toMatchObject({ courier_sent_at: null, tracking_number: null });
  });

  it('a 429: not sent; a time-out after the parcel was made: the retry finds it by its externalId, never a second one', async () => {
    fake.createMode = 'quota-429';
    const busy = await order();
    expect((await sendOrders(t, admin, busy))[0]?.message).toMatch(/too many requests/i);
    expect(fake.createdFor(busy)).toBe(0);
    fake.createMode = 'hang-after-create';
    const lost = await order();
    expect((await sendOrders(t, admin, lost))[0]?.message).toMatch(/did not answer/);
    expect(fake.createdFor(lost)).toBe(1);
    fake.createMode = 'ok';
    expect((await sendOrders(t, admin, lost))[0]).toMatchObject({
      ok: true,
      message: expect.stringMatching(/Already at ZR Express/),
    });
    expect(fake.createdFor(lost)).toBe(1);
  });

  it('down: nothing sent and the mark cleared; a failing ZR (500) keeps the mark and the retry makes exactly one', async () => {
    const id = await order();
    await fake.stop();
    expect((await sendOrders(t, admin, id))[0]?.message).toMatch(/cannot be reached/);
    expect((await readOrder(t, admin, id)).courier_sent_at).toBeNull();
    await fake.start();
    fake.createMode = 'error-500';
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(false);
    expect((await readOrder(t, admin, id)).courier_sent_at).toBeTruthy();
    fake.createMode = 'ok';
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(true);
    expect(fake.createdFor(id)).toBe(1);
  });

  it('reads its states: livre delivers the order, recouvert marks the parcel paid', async () => {
    const [a, b] = [await order(), await order()];
    const sent = await sendOrders(t, admin, a, b);
    fake.setState(sent[0]?.tracking_number ?? '', 'livre');
    fake.setState(sent[1]?.tracking_number ?? '', 'recouvert');
    await sync(t, admin, account.id);
    expect((await readOrder(t, admin, a)).status).toBe('successful');
    expect((await parcelRow(t, a))?.remitted_at).toBeNull();
    expect((await parcelRow(t, b))?.remitted_at).toBeTruthy();
  });

  it('takes a Svix-signed webhook event once; a wrong signature or an old timestamp is 401', async () => {
    const id = await order();
    const [sent] = await sendOrders(t, admin, id);
    const body = JSON.stringify({
      eventType: 'parcel.state.updated',
      occurredAt: '2026-03-04T10:00:00Z',
      data: { trackingNumber: sent?.tracking_number, state: { name: 'retour_sous_traitant' } },
    });
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/courier/webhook/account/${account.id}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const signed = svixHeaders(body, FAKE_ZR_WEBHOOK_SECRET, 'msg_1');
    expect((await post({ ...signed, 'svix-signature': 'v1,AAAA' })).statusCode).toBe(401);
    expect(
      (await post(svixHeaders(body, FAKE_ZR_WEBHOOK_SECRET, 'msg_1', Math.floor(Date.now() / 1000) - 3600))).statusCode,
    ).toBe(401);
    expect(
      (await post(svixHeaders(body, 'whsec_' + Buffer.from('another secret').toString('base64'), 'msg_1'))).statusCode,
    ).toBe(401);
    expect((await readOrder(t, admin, id)).status).toBe('shipping');
    expect((await post(signed)).json<{ data: unknown }>().data).toEqual({ received: 1, updated: 1 });
    expect((await readOrder(t, admin, id)).status).toBe('returned');
    await t.db.kysely
      .updateTable('orders')
      .set({ courier_status: 'sortie_en_livraison' })
      .where('id', '=', id)
      .execute();
    expect((await post(signed)).json<{ data: unknown }>().data).toEqual({ received: 1, updated: 0 });
    expect((await readOrder(t, admin, id)).courier_status).toBe('sortie_en_livraison');
  });
});
