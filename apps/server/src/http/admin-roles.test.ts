// Who may call what (admin-roles.ts, packages/domain/src/staff.ts), through HTTP on SQLite and
// PostgreSQL: every admin route of the route table declares its roles; each role, walked over every
// admin route, gets 403 with an English message exactly where its role does not allow the call
// (before the body is even read) and never where it does; then each role's day at work.
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@shop/domain/staff';
import type { Order } from '@shop/domain/order-responses';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addStaff, placeOrders, type StaffMember } from '../../test/staff.ts';
import { insertCoupon, insertProduct } from '../../test/fixtures.ts';
import { ADMIN_ROUTE_PERMISSIONS, allows, permissionOf, refusalFor, routeKey } from './admin-roles.ts';

interface Registered {
  method: HTTPMethods;
  url: string;
}

const registered: Registered[] = [];
let t: TestContext;
const staff = {} as Record<Role, Record<string, string>>;
const members = {} as Record<Exclude<Role, 'owner'>, StaffMember>;

beforeAll(async () => {
  t = await createTestContext({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  staff.owner = await t.adminHeaders();
  for (const role of ['manager', 'agent', 'packer'] as const) {
    members[role] = await addStaff(t, role);
    staff[role] = members[role].headers;
  }
});
afterAll(() => t.close());

/** The admin routes: those that answer 401 to a call without a session (admin-scope.security.test.ts). */
async function adminRoutes(): Promise<Registered[]> {
  const found: Registered[] = [];
  for (const r of registered.filter((x) => x.method !== 'HEAD')) {
    const res = await t.app.inject({ method: r.method, url: reach(r.url) });
    if (res.statusCode === 401) found.push(r);
  }
  return found;
}

/** A URL that reaches the route: every parameter filled with 1. */
const reach = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'x');

describe('the route table', () => {
  it('declares the roles of every admin route, and of no route that is gone', async () => {
    const routes = await adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(60);
    const undeclared = routes
      .filter((r) => permissionOf(r.method, r.url) === undefined)
      .map((r) => routeKey(r.method, r.url));
    expect(
      undeclared,
      'admin routes without roles: add each to ADMIN_ROUTE_PERMISSIONS in apps/server/src/http/admin-roles.ts',
    ).toEqual([]);
    const keys = new Set(routes.map((r) => routeKey(r.method, r.url)));
    const stale = Object.keys(ADMIN_ROUTE_PERMISSIONS).filter((key) => !keys.has(key));
    expect(stale, 'declared in admin-roles.ts but no such admin route: remove them').toEqual([]);
  });

  it.each(ROLES)(
    'answers the %s 403 exactly on the routes its role does not allow, before reading the body',
    async (role) => {
      const wrong: string[] = [];
      for (const r of await adminRoutes()) {
        // Signing out would end the session the walk goes on with.
        if (r.url === '/api/auth/logout') continue;
        const res = await t.app.inject({ method: r.method, url: reach(r.url), headers: staff[role] });
        const key = `${routeKey(r.method, r.url)} → ${res.statusCode}`;
        if (allows(role, r.method, r.url)) {
          if (res.statusCode === 403 || res.statusCode === 401) wrong.push(`${key} (allowed)`);
        } else if (
          res.statusCode !== 403 ||
          JSON.stringify(res.json()) !==
            JSON.stringify({ status: 403, message: refusalFor(role, r.method, r.url), data: null })
        ) {
          wrong.push(`${key} (refused) ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('documents each admin call’s roles and its 403', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    }>();
    const stats = doc.paths['/api/order/stats']?.get;
    expect(stats?.description).toContain('Roles: owner, manager.');
    expect(Object.keys(stats?.responses ?? {})).toContain('403');
    expect(doc.paths['/api/order/confirmation/{id}']?.put?.description).toContain('Roles: owner, manager, agent.');
    expect(doc.paths['/api/users']?.post?.description).toContain('Roles: owner.');
  });
});

const call = (role: Role, method: HTTPMethods, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: staff[role], ...(payload ? { payload } : {}) });

function refused(res: { statusCode: number; json: () => unknown }, role: Role, allowed: string) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    status: 403,
    message: `Your role (${role}) cannot do this: ${allowed} only`,
    data: null,
  });
}

describe('an agent', () => {
  it('works the desk: next order, the call, a note, a correction; and nothing else', async () => {
    await placeOrders(t, 1);
    const next = await call('agent', 'POST', '/api/order/next');
    expect(next.statusCode, next.body).toBe(200);
    const order = next.json<{ data: Order }>().data;
    expect(order.claim).toMatchObject({ user_id: members.agent.id, username: members.agent.username });
    expect(
      (await call('agent', 'PUT', `/api/order/edit/${order.id}`, { customer_name: 'Nadia Kaci Benali' })).statusCode,
    ).toBe(200);
    expect(
      (await call('agent', 'POST', `/api/order/notes/${order.id}`, { text: 'Rappeler après 18 h' })).statusCode,
    ).toBe(201);
    const confirmed = await call('agent', 'PUT', `/api/order/confirmation/${order.id}`, { outcome: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ data: Order }>().data.status).toBe('approved');
    expect((await call('agent', 'GET', `/api/order/getOrder/${order.id}`)).statusCode).toBe(200);

    const product = await insertProduct(t.db.kysely, { price: 1000, stock: 3 });
    refused(
      await call('agent', 'PUT', `/api/product/updateDiscount/${product}`, { discount_percentage: 90 }),
      'agent',
      'owner, manager',
    );
    refused(await call('agent', 'GET', '/api/order/stats'), 'agent', 'owner, manager');
    refused(await call('agent', 'GET', '/api/order/export?format=csv'), 'agent', 'owner, manager');
    refused(await call('agent', 'GET', '/api/coupon'), 'agent', 'owner, manager');
    refused(await call('agent', 'POST', '/api/ShippingPrice/adjust', { percent: 10 }), 'agent', 'owner, manager');
    refused(await call('agent', 'PUT', '/api/settings/payment', { ccp: '', rip: '', baridimob: '' }), 'agent', 'owner');
    refused(
      await call('agent', 'PUT', `/api/order/updateOrderStatus/${order.id}`, { status: 'cancelled' }),
      'agent',
      'owner, manager',
    );
    refused(
      await call('agent', 'POST', '/api/users', { username: 'x1', password: 'long-enough', role: 'owner' }),
      'agent',
      'owner',
    );
    // Nothing it was refused was done.
    expect(
      (
        await t.db.kysely
          .selectFrom('products')
          .select('discount_percentage')
          .where('id', '=', product)
          .executeTakeFirstOrThrow()
      ).discount_percentage,
    ).toBe(0);
    expect(await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'x1').execute()).toEqual([]);
  });
});

describe('a packer', () => {
  it('sees approved orders, prints their slips, exports the courier file, receives returns; never calls', async () => {
    const [id] = await placeOrders(t, 1);
    expect((await call('owner', 'PUT', `/api/order/confirmation/${id}`, { outcome: 'confirmed' })).statusCode).toBe(
      200,
    );
    const approved = await call('packer', 'GET', '/api/order/searchOrders?status=approved&page=1&limit=50');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ data: { data: Order[] } }>().data.data.map((o) => o.id)).toContain(id);
    expect((await call('packer', 'GET', `/api/courier/slips?ids=${id}`)).statusCode).toBe(200);
    expect((await call('packer', 'GET', `/api/courier/export/yalidine?ids=${id}`)).statusCode).toBe(200);
    expect((await call('owner', 'PUT', `/api/order/updateOrderStatus/${id}`, { status: 'shipping' })).statusCode).toBe(
      200,
    );
    expect((await call('owner', 'PUT', `/api/order/updateOrderStatus/${id}`, { status: 'returned' })).statusCode).toBe(
      200,
    );
    const back = await call('packer', 'POST', `/api/order/returnReceived/${id}`);
    expect(back.statusCode, back.body).toBe(200);

    const [other] = await placeOrders(t, 1);
    refused(
      await call('packer', 'PUT', `/api/order/confirmation/${other}`, { outcome: 'confirmed' }),
      'packer',
      'owner, manager, agent',
    );
    refused(await call('packer', 'GET', '/api/order/confirmQueue'), 'packer', 'owner, manager, agent');
    refused(
      await call('packer', 'PUT', `/api/order/edit/${other}`, { customer_name: 'Autre Nom' }),
      'packer',
      'owner, manager, agent',
    );
    refused(await call('packer', 'GET', '/api/order/stats'), 'packer', 'owner, manager');
    refused(await call('packer', 'POST', '/api/product', {}), 'packer', 'owner, manager');
    const untouched = await call('owner', 'GET', `/api/order/getOrder/${other}`);
    expect(untouched.json<{ data: Order }>().data).toMatchObject({ status: 'pending', customer_name: 'Nadia Kaci' });
  });
});

describe('a manager', () => {
  it('runs the shop (prices, coupons, figures, the blacklist, assignments) but not the team or the settings', async () => {
    const product = await insertProduct(t.db.kysely, { price: 1000, stock: 3 });
    expect(
      (await call('manager', 'PUT', `/api/product/updateDiscount/${product}`, { discount_percentage: 10 })).statusCode,
    ).toBe(200);
    const coupon = await insertCoupon(t.db.kysely, { code: 'ETE10' });
    expect((await call('manager', 'PUT', `/api/coupon/toggle/${coupon}`)).statusCode).toBe(200);
    expect((await call('manager', 'GET', '/api/order/stats')).statusCode).toBe(200);
    expect((await call('manager', 'GET', '/api/order/export?format=csv')).statusCode).toBe(200);
    expect(
      (await call('manager', 'POST', '/api/order/blacklist', { phone: '0550123456', reason: 'Farce' })).statusCode,
    ).toBe(201);
    const [id] = await placeOrders(t, 1);
    const assigned = await call('manager', 'PUT', `/api/order/assign/${id}`, { user_id: members.agent.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<{ data: Order }>().data.claim).toMatchObject({
      username: members.agent.username,
      expires_at: null,
    });

    refused(await call('manager', 'GET', '/api/users'), 'manager', 'owner');
    refused(
      await call('manager', 'POST', '/api/users', { username: 'boss2', password: 'long-enough', role: 'owner' }),
      'manager',
      'owner',
    );
    refused(await call('manager', 'PUT', `/api/users/${members.agent.id}`, { role: 'owner' }), 'manager', 'owner');
    refused(await call('manager', 'PUT', '/api/settings/desk', {}), 'manager', 'owner');
    refused(await call('manager', 'GET', '/api/settings/payment'), 'manager', 'owner');
    const agent = await t.db.kysely
      .selectFrom('users')
      .select('role')
      .where('id', '=', members.agent.id)
      .executeTakeFirstOrThrow();
    expect(agent.role).toBe('agent');
  });
});

describe('the owner', () => {
  it('may do everything, the team and the settings included', async () => {
    expect((await call('owner', 'GET', '/api/users')).statusCode).toBe(200);
    expect((await call('owner', 'GET', '/api/settings/payment')).statusCode).toBe(200);
    expect((await call('owner', 'GET', '/api/staff/figures?from=2026-01-01&to=2026-01-31')).statusCode).toBe(200);
    const me = await call('owner', 'GET', '/api/auth/me');
    expect(me.json<{ data: unknown }>().data).toEqual({ id: 1, username: 'admin', role: 'owner' });
  });
});
