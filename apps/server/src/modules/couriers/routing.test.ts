// Several courier accounts at once, through HTTP, on SQLite and (second run) PostgreSQL: the
// environment's Yalidine as a read-only account beside two Ecotrack tenants added in the admin;
// orders routed by wilaya and delivery type, one order sent elsewhere by the owner's choice; the
// slips naming each order's courier; the routing table changed only against what was read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourierAccount, CourierRoutes } from '@shop/domain/courier-accounts';
import type { Slip } from '@shop/domain/courier';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { FAKE_ECOTRACK_TOKEN, startFakeEcotrack, type FakeEcotrack } from '../../../test/fake-ecotrack.ts';
import { fakeYalidineEnv, startFakeYalidine, type FakeYalidine } from '../../../test/fake-yalidine.ts';
import { addAccount, placeOrder, readOrder, route, sendOrders } from '../../../test/courier-accounts.ts';

let dhd: FakeEcotrack;
let packers: FakeEcotrack;
let yalidine: FakeYalidine;
let t: TestContext;
let admin: Record<string, string>;
let product: number;
let accounts: { env: CourierAccount; dhd: CourierAccount; packers: CourierAccount };

beforeAll(async () => {
  [dhd, packers, yalidine] = await Promise.all([startFakeEcotrack(), startFakeEcotrack(), startFakeYalidine()]);
  dhd.limit = 10_000;
  packers.limit = 10_000;
  t = await createTestContext({ env: { ...fakeYalidineEnv(yalidine), COURIER_CALLS_PER_MINUTE: '10000' } });
  admin = await t.adminHeaders();
  product = await insertProduct(t.db.kysely, { name: 'Savon', price: 450, stock: 500 });
  const listed = (await t.app.inject({ url: '/api/courier/accounts', headers: admin })).json<{
    data: CourierAccount[];
  }>().data;
  accounts = {
    env: listed.find((a) => a.source === 'env')!,
    dhd: await addAccount(t, admin, {
      kind: 'ecotrack',
      name: 'DHD',
      host: dhd.url,
      credentials: { token: FAKE_ECOTRACK_TOKEN },
    }),
    packers: await addAccount(t, admin, {
      kind: 'ecotrack',
      name: 'Packers',
      host: packers.url,
      credentials: { token: FAKE_ECOTRACK_TOKEN },
    }),
  };
});
afterAll(async () => {
  await t.close();
  await Promise.all([dhd.close(), packers.close(), yalidine.close()]);
});

describe('the environment’s Yalidine', () => {
  it('is an account like the others, read-only here', async () => {
    expect(accounts.env).toMatchObject({
      kind: 'yalidine',
      source: 'env',
      credentials_set: ['api_id', 'api_token'],
      active: true,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/courier/accounts/${accounts.env.id}`,
      headers: admin,
      payload: {
        kind: 'yalidine',
        name: 'Mine',
        division: 'wilayas-2019',
        credentials: { api_id: 'x', api_token: 'y' },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/environment variables/);
  });

  it('still takes the orders when nothing routes them elsewhere (the only way before accounts)', async () => {
    const id = await placeOrder(t, admin, product, { wilaya: 'Oran' });
    // No route yet, three active accounts: nothing decides.
    expect((await sendOrders(t, admin, id))[0]?.message).toMatch(/No courier account takes orders of Oran/);
    await route(t, admin, [{ wilaya: null, account_id: accounts.env.id }]);
    const [sent] = await sendOrders(t, admin, id);
    expect(sent?.tracking_number).toMatch(/^yal-/);
    expect((await readOrder(t, admin, id)).courier_account_id).toBe(accounts.env.id);
  });
});

describe('routing orders to their couriers', () => {
  it('sends each wilaya to its account, home and stop desk apart, and an order the owner chose elsewhere there', async () => {
    await route(t, admin, [
      { wilaya: 'Alger', account_id: accounts.dhd.id },
      { wilaya: 'Oran', delivery_type: 'home', account_id: accounts.packers.id },
      { wilaya: 'Oran', delivery_type: 'stop_desk', account_id: accounts.dhd.id },
      { wilaya: null, account_id: accounts.env.id },
    ]);
    const alger = await placeOrder(t, admin, product, { wilaya: 'Alger', commune: 'Alger Centre' });
    const oran = await placeOrder(t, admin, product, { wilaya: 'Oran' });
    const chosen = await placeOrder(t, admin, product, { wilaya: 'Oran' });
    const choose = (previous: number | null, accountId: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/courier/orders/${chosen}/account`,
        headers: admin,
        payload: { previous, account_id: accountId },
      });
    expect((await choose(null, accounts.dhd.id)).statusCode).toBe(200);
    // Against what it had: a stale form is refused.
    const stale = await choose(null, accounts.env.id);
    expect(stale.statusCode, stale.body).toBe(409);
    const o = await readOrder(t, admin, chosen);
    expect(o).toMatchObject({ courier_account_id: accounts.dhd.id, courier_account_chosen: true });

    const results = await sendOrders(t, admin, alger, oran, chosen);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(dhd.parcels.map((p) => p.reference).sort()).toEqual([String(alger), String(chosen)].sort());
    expect(packers.parcels.map((p) => p.reference)).toEqual([String(oran)]);
    expect((await readOrder(t, admin, oran)).courier_account_id).toBe(accounts.packers.id);
    // Once sent, the account cannot change.
    expect((await choose(accounts.dhd.id, null)).statusCode).toBe(409);

    const slips = await t.app.inject({ url: `/api/courier/slips?ids=${alger},${oran}`, headers: admin });
    expect(slips.json<{ data: Slip[] }>().data.map((s) => [s.id, s.courier, s.courier_account, s.label_pdf])).toEqual([
      [alger, 'Ecotrack', 'DHD', true],
      [oran, 'Ecotrack', 'Packers', true],
    ]);
  });

  it('a refused order routed automatically is routed again next time; one the owner chose keeps its account', async () => {
    const routed = await placeOrder(t, admin, product, { wilaya: 'Alger', commune: 'Baraki' });
    expect((await sendOrders(t, admin, routed))[0]?.ok).toBe(false);
    expect((await readOrder(t, admin, routed)).courier_account_id).toBeNull();
  });

  it('changes the routing table only against the version it was read with', async () => {
    const read = (await t.app.inject({ url: '/api/courier/routes', headers: admin })).json<{ data: CourierRoutes }>()
      .data;
    const stale = read.version;
    await route(t, admin, [{ wilaya: null, account_id: accounts.dhd.id }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/courier/routes',
      headers: admin,
      payload: { version: stale, routes: [{ wilaya: null, delivery_type: 'any', account_id: accounts.packers.id }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ data: CourierRoutes }>().data.routes).toEqual([
      { wilaya: null, delivery_type: 'any', account_id: accounts.dhd.id },
    ]);
    const twice = await t.app.inject({
      method: 'PUT',
      url: '/api/courier/routes',
      headers: admin,
      payload: {
        version: res.json<{ data: CourierRoutes }>().data.version,
        routes: [
          { wilaya: 'alger', delivery_type: 'any', account_id: accounts.dhd.id },
          { wilaya: 'ALGER', delivery_type: 'any', account_id: accounts.packers.id },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
  });
});
