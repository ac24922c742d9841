// Test helpers of the team: users added by the owner through the API, each signed in with their
// own password, and orders placed as a customer places them.
import type { Role } from '@shop/domain/staff';
import type { App } from '../src/http/types.ts';
import type { TestContext } from './harness.ts';
import { insertProduct } from './fixtures.ts';

export const STAFF_PASSWORD = 'staff-password-1';

export interface StaffMember {
  id: number;
  username: string;
  headers: Record<string, string>;
}

let userSeq = 0;

/** Signs a user in (on `app`, another process of the same shop when given) and answers the bearer header. */
export async function signIn(t: TestContext, username: string, password = STAFF_PASSWORD, app: App = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    // Each sign-in from its own address: the tests' failed attempts never lock another's.
    remoteAddress: `10.77.${Math.floor(userSeq / 200)}.${(userSeq % 200) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ data: { token: string } }>().data.token}` };
}

/** A user the owner adds with this role, signed in. */
export async function addStaff(
  t: TestContext,
  role: Role,
  { username = `${role}${++userSeq}`, commission }: { username?: string; commission?: number } = {},
): Promise<StaffMember> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: await t.adminHeaders(),
    payload: {
      username,
      password: STAFF_PASSWORD,
      role,
      ...(commission !== undefined ? { commission_per_delivery: commission } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`adding ${username}: ${res.statusCode} ${res.body}`);
  const { id } = res.json<{ data: { id: number } }>().data;
  return { id, username, headers: await signIn(t, username) };
}

let phoneSeq = 0;

/** `count` orders of one product, placed through POST /api/order; their ids, oldest first. */
export async function placeOrders(t: TestContext, count: number): Promise<number[]> {
  const wilaya = await t.db.kysely
    .selectFrom('shipping_prices')
    .select(['wilaya_name', 'price_cents'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const product = await insertProduct(t.db.kysely, { name: `Savon ${++phoneSeq}`, price: 300, stock: 1000 });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        customer_name: 'Nadia Kaci',
        customer_phone: `0770${String(100_000 + ++phoneSeq).slice(-6)}`,
        customer_address: `${wilaya.wilaya_name} | 5 rue des Frères`,
        customer_postal_code: '16000',
        subtotal: 300,
        shipping_fee: wilaya.price_cents / 100,
        items: [{ product_id: product, quantity: 1, size: '' }],
      },
    });
    if (res.statusCode !== 201) throw new Error(`placing an order: ${res.statusCode} ${res.body}`);
    ids.push(res.json<{ data: { order_id: number } }>().data.order_id);
  }
  return ids;
}
