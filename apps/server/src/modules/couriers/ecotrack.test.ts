// An Ecotrack-platform courier through HTTP, on SQLite and (second run) PostgreSQL, against a local
// tenant (test/fake-ecotrack.ts) reached by the real client over a real HTTP connection: the account
// added with write-only credentials, its communes matched once, orders sent with the amount to
// collect and the tenant's spelling, the hand-over, the label, refusals, the rate limit, time-outs,
// the courier down, never a second parcel, statuses pulled by the hundred and pushed signed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourierAccount } from '@shop/domain/courier-accounts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import {
  ecotrackSignature,
  FAKE_ECOTRACK_TOKEN,
  startFakeEcotrack,
  type FakeEcotrack,
} from '../../../test/fake-ecotrack.ts';
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
import { CourierError } from './courier.ts';
import { Pacer } from './courier-http.ts';
import { createEcotrack } from './ecotrack.ts';

const SECRET = 'ecotrack-webhook-secret-0123';
let fake: FakeEcotrack;
let t: TestContext;
let admin: Record<string, string>;
let product: number;
let account: CourierAccount;

beforeAll(async () => {
  fake = await startFakeEcotrack();
  // Far more calls than a real tenant allows a minute: the pacing and the 429 have their own tests.
  t = await createTestContext({
    env: { COURIER_TIMEOUT_SECONDS: '0.5', COURIER_SYNC_MINUTES: '0', COURIER_CALLS_PER_MINUTE: '10000' },
  });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon à l’huile d’olive', price: 450, stock: 500 });
  account = await addAccount(t, admin, {
    kind: 'ecotrack',
    name: 'DHD',
    host: fake.url,
    credentials: { token: FAKE_ECOTRACK_TOKEN },
    webhook_secret: SECRET,
  });
  await route(t, admin, [{ wilaya: null, account_id: account.id }]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.createMode = 'ok';
  fake.limit = 10_000;
  fake.retryAfter = 60;
  fake.delayMs = 0;
  fake.served = new Set(Array.from({ length: 58 }, (_, i) => i + 1));
  await fake.start();
});

const order = (options: Parameters<typeof placeOrder>[3] = {}) => placeOrder(t, admin, product, options);

describe('an Ecotrack account', () => {
  it('keeps its token on the server: the admin learns it is set, never its value', async () => {
    const res = await t.app.inject({ url: '/api/courier/accounts', headers: admin });
    expect(res.body).not.toContain(FAKE_ECOTRACK_TOKEN);
    expect(res.body).not.toContain(SECRET);
    const listed = res.json<{ data: CourierAccount[] }>().data.find((a) => a.id === account.id);
    expect(listed).toMatchObject({
      kind: 'ecotrack',
      credentials_set: ['token'],
      webhook_secret_set: true,
      source: 'admin',
    });
    expect(listed?.webhook_path).toBe(`/api/courier/webhook/account/${account.id}`);
  });

  it('refuses an Ecotrack account without its host or token, and a credential it does not have', async () => {
    for (const payload of [
      { kind: 'ecotrack', name: 'X', division: 'wilayas-2019', credentials: { token: 't' } },
      { kind: 'ecotrack', name: 'Y', division: 'wilayas-2019', host: fake.url, credentials: {} },
      {
        kind: 'ecotrack',
        name: 'Z',
        division: 'wilayas-2019',
        host: fake.url,
        credentials: { token: 't', api_key: 'k' },
      },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/courier/accounts', headers: admin, payload });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it("matches the tenant's communes and desks once, as it spells them", async () => {
    const places = await matchPlaces(t, admin, account.id);
    expect(places.communes_matched).toBe(5);
    expect(places.desks).toBe(3);
    const bab = await t.db.kysely
      .selectFrom('courier_places')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('place_key', '=', 'bab ezzouar')
      .executeTakeFirstOrThrow();
    expect(bab).toMatchObject({ wilaya_code: 16, courier_name: 'BAB EZZOUAR', courier_code: '1628' });
  });
});

describe('sending to Ecotrack', () => {
  it('creates the parcel with the amount to collect and the commune as the tenant spells it, ships the order, keeps its fees', async () => {
    const id = await order({ wilaya: 'Alger', commune: 'Bab Ezzouar' });
    const [result] = await sendOrders(t, admin, id);
    expect(result).toMatchObject({ id, ok: true });
    const parcel = fake.parcels.find((p) => p.reference === String(id));
    const o = await readOrder(t, admin, id);
    // montant is what the customer pays at the door: the total, delivery fee included.
    expect(parcel?.query).toMatchObject({
      commune: 'BAB EZZOUAR',
      code_wilaya: '16',
      montant: String(o.amount_due),
      type: '1',
      stop_desk: '0',
    });
    expect(o.status).toBe('shipping');
    expect(o.tracking_number).toBe(parcel?.tracking);
    expect(o.courier).toBe('ecotrack');
    expect(await parcelRow(t, id)).toMatchObject({
      account_id: account.id,
      amount_cents: Math.round(o.amount_due * 100),
      delivery_fee_cents: (600 + 16) * 100,
      return_fee_cents: (200 + 16) * 100,
      phase: 'created',
      handed_over_at: null,
    });
  });

  it('hands the parcel over when the owner says so, once; the label comes as the PDF behind the token', async () => {
    const id = await order();
    const [sent] = await sendOrders(t, admin, id);
    const tracking = sent?.tracking_number ?? '';
    expect(fake.parcels.find((p) => p.tracking === tracking)?.validated).toBe(false);
    const handed = await t.app.inject({
      method: 'POST',
      url: '/api/courier/handover',
      headers: admin,
      payload: { orderIds: [id] },
    });
    expect(handed.json<{ data: { results: unknown[] } }>().data.results).toEqual([
      { id, ok: true, message: expect.stringMatching(/Handed over/) },
    ]);
    expect(fake.parcels.find((p) => p.tracking === tracking)?.validated).toBe(true);
    expect((await parcelRow(t, id))?.handed_over_at).toBeTruthy();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/courier/handover',
      headers: admin,
      payload: { orderIds: [id] },
    });
    expect(again.json<{ data: { results: { message: string }[] } }>().data.results[0]?.message).toMatch(
      /Already handed over/,
    );
    const label = await t.app.inject({ url: `/api/courier/label/${id}`, headers: admin });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.body).toContain(`label ${tracking}`);
  });

  it("refuses a wilaya the tenant does not serve (error 10002) and a commune it does not know (422): nothing made, the courier's words kept", async () => {
    fake.served.delete(31);
    const oran = await order({ wilaya: 'Oran' });
    const unknownCommune = await order({ wilaya: 'Alger', commune: 'Baraki' });
    const before = fake.parcels.length;
    const results = await sendOrders(t, admin, oran, unknownCommune);
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    expect(results[0]?.message).toBe('Wilaya non desservie');
    expect(results[1]?.message).toMatch(/commune/);
    expect(fake.parcels.length).toBe(before);
    for (const id of [oran, unknownCommune]) {
      const o = await readOrder(t, admin, id);
      expect(o).toMatchObject({ status: 'approved', tracking_number: null, courier_sent_at: null });
      expect(o.courier_error).toBeTruthy();
    }
  });

  it("stops at the platform's rate limit (429), waits as long as its Retry-After says, then sends", async () => {
    const id = await order();
    fake.limit = 0;
    fake.retryAfter = 60;
    const [result] = await sendOrders(t, admin, id);
    expect(result?.ok).toBe(false);
    expect(result?.message).toMatch(/too many requests/i);
    expect(await readOrder(t, admin, id)).toMatchObject({ status: 'approved', courier_sent_at: null });
    // Told to wait a minute: the next attempt is refused before anything is sent.
    fake.limit = 10_000;
    const calls = fake.calls.length;
    const [early] = await sendOrders(t, admin, id);
    expect(early?.message).toMatch(/try again in/);
    expect(fake.calls.length).toBe(calls);
    expect(fake.createdFor(id)).toBe(0);
    // A 429 that asks for no wait lets the next attempt through at once.
    await t.db.kysely
      .updateTable('courier_accounts')
      .set({ updated_at: new Date().toISOString() })
      .where('id', '=', account.id)
      .execute();
    fake.limit = 0;
    fake.retryAfter = 0;
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(false);
    fake.limit = 10_000;
    expect((await sendOrders(t, admin, id))[0]).toMatchObject({ ok: true });
    expect(fake.createdFor(id)).toBe(1);
  });

  it('paces its own calls under the limit: past it, a call is refused before it is sent', async () => {
    const client = createEcotrack({
      host: fake.url,
      token: FAKE_ECOTRACK_TOKEN,
      division: 'wilayas-2019',
      timeoutMs: 2000,
      pacer: new Pacer(2, 60_000),
    });
    await client.parcelStatus('ECO-none');
    await client.parcelStatus('ECO-none');
    const calls = fake.calls.length;
    const refused = await client.parcelStatus('ECO-none').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).reason).toBe('quota');
    expect((refused as CourierError).sent).toBe(false);
    expect(fake.calls.length).toBe(calls);
  });

  it('a time-out after the tenant made the parcel: the retry finds it by its reference and makes no second one', async () => {
    fake.createMode = 'hang-after-create';
    const id = await order();
    const [first] = await sendOrders(t, admin, id);
    expect(first?.ok).toBe(false);
    expect(first?.message).toMatch(/did not answer/);
    expect(fake.createdFor(id)).toBe(1);
    const pending = await readOrder(t, admin, id);
    expect(pending.tracking_number).toBeNull();
    expect(pending.courier_sent_at).toBeTruthy();
    fake.createMode = 'ok';
    const [retry] = await sendOrders(t, admin, id);
    expect(retry).toMatchObject({ ok: true, message: expect.stringMatching(/Already at Ecotrack/) });
    expect(fake.createdFor(id)).toBe(1);
    expect((await readOrder(t, admin, id)).status).toBe('shipping');
  });

  it('a failing tenant (500): the mark stays; the sync finds no parcel and clears it; sent again, exactly one', async () => {
    fake.createMode = 'error-500';
    const id = await order();
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(false);
    expect(fake.createdFor(id)).toBe(0);
    // The sync asks the tenant's order list for the reference, finds none, and clears the mark.
    await t.db.kysely
      .updateTable('orders')
      .set({ courier_sent_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    fake.createMode = 'ok';
    const synced = await sync(t, admin, account.id);
    expect(synced.recovered).toBeGreaterThanOrEqual(1);
    expect((await readOrder(t, admin, id)).courier_sent_at).toBeNull();
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(true);
    expect(fake.createdFor(id)).toBe(1);
  });

  it('the tenant down (connection refused): nothing sent, the mark cleared, sent once it is back', async () => {
    const id = await order();
    await fake.stop();
    const [result] = await sendOrders(t, admin, id);
    expect(result?.message).toMatch(/cannot be reached/);
    expect(await readOrder(t, admin, id)).toMatchObject({ courier_sent_at: null, tracking_number: null });
    await fake.start();
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(true);
  });
});

describe("Ecotrack's statuses", () => {
  it('pulls them by the hundred: one call for several parcels; delivered moves the order, paid marks the parcel', async () => {
    const ids = [await order(), await order(), await order()];
    const sent = await sendOrders(t, admin, ...ids);
    const [a, b, c] = sent.map((r) => r.tracking_number ?? '');
    fake.setStatus(a ?? '', 'livre_non_encaisse', '2026-03-02 10:00:00');
    fake.setStatus(b ?? '', 'paye_et_archive', '2026-03-02 11:00:00');
    fake.setStatus(c ?? '', 'statut_jamais_vu', '2026-03-02 12:00:00');
    const before = fake.calls.filter((x) => x.path.startsWith('/api/v1/get/orders/status')).length;
    await sync(t, admin, account.id);
    expect(fake.calls.filter((x) => x.path.startsWith('/api/v1/get/orders/status')).length - before).toBe(1);
    expect((await readOrder(t, admin, ids[0]!)).status).toBe('successful');
    expect(await parcelRow(t, ids[0]!)).toMatchObject({ phase: 'delivered', remitted_at: null });
    expect((await readOrder(t, admin, ids[1]!)).status).toBe('successful');
    expect((await parcelRow(t, ids[1]!))?.remitted_at).toBeTruthy();
    // A status no table knows is kept as the courier said it, and the order stays as it is.
    const unknown = await readOrder(t, admin, ids[2]!);
    expect(unknown).toMatchObject({ status: 'shipping', courier_status: 'statut_jamais_vu' });
    expect(unknown.events?.some((e) => e.detail.includes('does not know'))).toBe(true);
  });

  it('takes a signed webhook event once: a replay of its event id changes nothing; unsigned is 401', async () => {
    const id = await order();
    const [sent] = await sendOrders(t, admin, id);
    const body = JSON.stringify({
      event: 'order.state.retours_recu',
      event_id: '01HWZQR3BKJGF5NVXMP4T8C6YE',
      occurred_at: '2026-03-03 09:00:00',
      tracking: sent?.tracking_number,
      state: { id: 14, code: 'retours_recu', title: 'Retour reçu' },
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/courier/webhook/account/${account.id}`,
        headers: {
          'content-type': 'application/json',
          'x-ecotrack-signature': signature,
          'x-ecotrack-event-id': '01HWZQR3BKJGF5NVXMP4T8C6YE',
          'x-ecotrack-event': 'order.state.retours_recu',
        },
        payload: body,
      });
    expect((await post('sha256=' + '0'.repeat(64))).statusCode).toBe(401);
    expect((await post('')).statusCode).toBe(401);
    expect((await readOrder(t, admin, id)).status).toBe('shipping');
    const first = await post(ecotrackSignature(body, SECRET));
    expect(first.json<{ data: unknown }>().data).toEqual({ received: 1, updated: 1 });
    expect((await readOrder(t, admin, id)).status).toBe('returned');
    // The platform retries: the same event id again changes nothing, not even after the owner moved it.
    await t.db.kysely.updateTable('orders').set({ courier_status: 'en_livraison' }).where('id', '=', id).execute();
    const replay = await post(ecotrackSignature(body, SECRET));
    expect(replay.json<{ data: unknown }>().data).toEqual({ received: 1, updated: 0 });
    expect((await readOrder(t, admin, id)).courier_status).toBe('en_livraison');
    expect((await parcelRow(t, id))?.phase).toBe('returned');
  });

  it('an account without a webhook secret has no webhook (404)', async () => {
    const other = await addAccount(t, admin, {
      kind: 'ecotrack',
      name: 'Conexlog',
      host: fake.url,
      credentials: { token: 'x' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courier/webhook/account/${other.id}`,
      headers: { 'content-type': 'application/json', 'x-ecotrack-signature': 'sha256=' + 'a'.repeat(64) },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('cancelling an Ecotrack order', () => {
  it('deletes the parcel while not validated; once validated the tenant refuses and nothing changes', async () => {
    const first = await order();
    const [a] = await sendOrders(t, admin, first);
    const cancel = (id: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/updateOrderStatus/${id}`,
        headers: admin,
        payload: { status: 'cancelled' },
      });
    expect((await cancel(first)).statusCode).toBe(200);
    expect(fake.parcels.some((p) => p.tracking === a?.tracking_number)).toBe(false);
    expect(await readOrder(t, admin, first)).toMatchObject({ status: 'cancelled', tracking_number: null });

    const second = await order();
    await sendOrders(t, admin, second);
    await t.app.inject({
      method: 'POST',
      url: '/api/courier/handover',
      headers: admin,
      payload: { orderIds: [second] },
    });
    const refused = await cancel(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/non modifiable/);
    expect((await readOrder(t, admin, second)).status).toBe('shipping');
  });
});
