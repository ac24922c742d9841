// NOEST through HTTP, on SQLite and (second run) PostgreSQL, against a local NOEST
// (test/fake-noest.ts) reached by the real client: the user GUID in each body, the mandatory
// validation after creation, stop desks by their code, refusals, the 429, time-outs, the courier
// down, and a lost answer that never makes a second parcel (NOEST refuses a second one for the
// reference; its tracking number is attached by the owner, checked against the reference).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourierAccount } from '@shop/domain/courier-accounts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { FAKE_NOEST_GUID, FAKE_NOEST_TOKEN, startFakeNoest, type FakeNoest } from '../../../test/fake-noest.ts';
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
import { noestReference } from './noest.ts';

let fake: FakeNoest;
let t: TestContext;
let admin: Record<string, string>;
let product: number;
let account: CourierAccount;

beforeAll(async () => {
  fake = await startFakeNoest();
  t = await createTestContext({
    env: { COURIER_TIMEOUT_SECONDS: '0.5', COURIER_SYNC_MINUTES: '0', COURIER_CALLS_PER_MINUTE: '10000' },
  });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon', price: 450, stock: 500 });
  account = await addAccount(t, admin, {
    kind: 'noest',
    name: 'NOEST',
    host: fake.url,
    credentials: { api_token: FAKE_NOEST_TOKEN, user_guid: FAKE_NOEST_GUID },
  });
  await route(t, admin, [{ wilaya: null, account_id: account.id }]);
  await matchPlaces(t, admin, account.id);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.createMode = 'ok';
  fake.limit = 10_000;
  await fake.start();
});

const order = (options: Parameters<typeof placeOrder>[3] = {}) => placeOrder(t, admin, product, options);

describe('NOEST', () => {
  it('makes the parcel with the GUID and the reference, then validates it at once (mandatory)', async () => {
    const id = await order({ wilaya: 'Alger', commune: 'Bab Ezzouar' });
    const [result] = await sendOrders(t, admin, id);
    expect(result).toMatchObject({ ok: true, message: expect.stringMatching(/Handed over to NOEST/) });
    const made = fake.parcels.find((p) => p.reference === noestReference(id));
    const o = await readOrder(t, admin, id);
    expect(made?.body).toMatchObject({
      user_guid: FAKE_NOEST_GUID,
      wilaya_id: 16,
      commune: 'Bab Ezzouar',
      montant: o.amount_due,
      stop_desk: 0,
      type_id: 1,
    });
    expect(made?.validated).toBe(true);
    expect(await parcelRow(t, id)).toMatchObject({ delivery_fee_cents: 55_000, return_fee_cents: 20_000 });
    expect((await parcelRow(t, id))?.handed_over_at).toBeTruthy();
    const label = await t.app.inject({ url: `/api/courier/label/${id}`, headers: admin });
    expect(label.headers['content-type']).toBe('application/pdf');
  });

  it('sends a stop desk order with the code of the desk in its wilaya', async () => {
    const id = await order({ wilaya: 'Oran', commune: 'Oran', stopDesk: true });
    expect((await sendOrders(t, admin, id))[0]?.ok).toBe(true);
    expect(fake.parcels.find((p) => p.reference === noestReference(id))?.body).toMatchObject({
      stop_desk: 1,
      station_code: '31A',
    });
    expect(
      (await t.db.kysely.selectFrom('orders').select('stop_desk_name').where('id', '=', id).executeTakeFirstOrThrow())
        .stop_desk_name,
    ).toBe('Oran Centre');
  });

  it('refuses what NOEST refuses (a commune it does not serve): nothing made, its words kept', async () => {
    const id = await order({ wilaya: 'Oran', commune: 'Arzew' });
    const [result] = await sendOrders(t, admin, id);
    expect(result).toMatchObject({ ok: false, message: 'inactive_commune' });
    expect(await readOrder(t, admin, id)).toMatchObject({ courier_sent_at: null, courier_error: 'inactive_commune' });
  });

  it('a 429 leaves the order unsent; the courier down too', async () => {
    fake.createMode = 'quota-429';
    const id = await order();
    expect((await sendOrders(t, admin, id))[0]?.message).toMatch(/too many requests/i);
    fake.createMode = 'ok';
    await fake.stop();
    const other = await order();
    expect((await sendOrders(t, admin, other))[0]?.message).toMatch(/cannot be reached/);
    expect((await readOrder(t, admin, other)).courier_sent_at).toBeNull();
  });

  it('a lost answer: sent again under the same reference, NOEST refuses a duplicate, the order waits; its tracking attached, checked, validated', async () => {
    fake.createMode = 'hang-after-create';
    const id = await order();
    expect((await sendOrders(t, admin, id))[0]?.message).toMatch(/did not answer/);
    fake.createMode = 'ok';
    const [again] = await sendOrders(t, admin, id);
    expect(again?.ok).toBe(false);
    expect(again?.message).toMatch(/already has a parcel/);
    expect(fake.createdFor(noestReference(id))).toBe(1);
    const waiting = await readOrder(t, admin, id);
    expect(waiting.courier_sent_at).toBeTruthy();
    expect(waiting.tracking_number).toBeNull();
    // The sync cannot search NOEST by reference: it leaves the order waiting, never clears it.
    await t.db.kysely
      .updateTable('orders')
      .set({ courier_sent_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    await sync(t, admin, account.id);
    expect((await readOrder(t, admin, id)).courier_sent_at).toBeTruthy();

    const attach = (tracking: string) =>
      t.app.inject({ method: 'POST', url: '/api/courier/attach', headers: admin, payload: { orderId: id, tracking } });
    const someoneElses = await order();
    const [other] = await sendOrders(t, admin, someoneElses);
    const wrong = await attach(other?.tracking_number ?? '');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ message: string }>().message).toMatch(/not this order's/);
    const parcel = fake.parcels.find((p) => p.reference === noestReference(id));
    expect((await attach(parcel?.tracking ?? '')).statusCode).toBe(200);
    expect(await readOrder(t, admin, id)).toMatchObject({ status: 'shipping', tracking_number: parcel?.tracking });
    expect(parcel?.validated).toBe(true);
    expect(fake.createdFor(noestReference(id))).toBe(1);
  });

  it('reads its events by the hundred, skipping the informational ones: delivered, then paid', async () => {
    const id = await order();
    const [sent] = await sendOrders(t, admin, id);
    const tracking = sent?.tracking_number ?? '';
    fake.addEvent(tracking, 'livred');
    fake.addEvent(tracking, 'edit_price');
    await sync(t, admin, account.id);
    expect(await readOrder(t, admin, id)).toMatchObject({ status: 'successful', courier_status: 'livred' });
    expect((await parcelRow(t, id))?.remitted_at).toBeNull();
    // A delivered parcel is still asked for until NOEST says it paid the shop.
    fake.addEvent(tracking, 'verssement_admin_cust');
    await sync(t, admin, account.id);
    expect((await parcelRow(t, id))?.remitted_at).toBeTruthy();
  });

  it('cancels a parcel only before it is validated: once validated NOEST refuses and nothing changes', async () => {
    const id = await order();
    await sendOrders(t, admin, id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/updateOrderStatus/${id}`,
      headers: admin,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(409);
    expect((await readOrder(t, admin, id)).status).toBe('shipping');
  });
});
