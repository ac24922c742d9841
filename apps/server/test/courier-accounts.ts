// What the courier tests share: orders placed and approved through the API, courier accounts added
// through the admin API (their credentials sent once, never read back), and reading an order.
import { expect } from 'vitest';
import type { CourierAccount, CourierAccountWrite } from '@shop/domain/courier-accounts';
import type { CourierSendResult } from '@shop/domain/courier';
import type { Order } from '@shop/domain/order-responses';
import type { TestContext } from './harness.ts';

let phoneSeq = 0;
const freshPhone = () => `0661${String(100_000 + ++phoneSeq).slice(-6)}`;

export interface OrderOptions {
  wilaya?: string;
  commune?: string;
  name?: string;
  status?: 'pending' | 'approved';
  /** Sets the order to a stop desk delivery (the storefront's own stop desk prices aside). */
  stopDesk?: boolean;
}

/** A placed order (2 × the product), approved unless told otherwise. */
export async function placeOrder(
  t: TestContext,
  admin: Record<string, string>,
  product: number,
  { wilaya = 'Oran', commune = wilaya, name = 'Nadia Kaci', status = 'approved', stopDesk = false }: OrderOptions = {},
): Promise<number> {
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
      delivery_type: 'home',
      commune,
      items: [{ product_id: product, quantity: 2, size: '' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { order_id: number } }>().data.order_id;
  if (stopDesk)
    await t.db.kysely.updateTable('orders').set({ delivery_type: 'stop_desk' }).where('id', '=', id).execute();
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

export async function addAccount(
  t: TestContext,
  admin: Record<string, string>,
  account: Partial<CourierAccountWrite> & Pick<CourierAccountWrite, 'kind' | 'name' | 'credentials'>,
): Promise<CourierAccount> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/courier/accounts',
    headers: admin,
    payload: { division: 'wilayas-2019', ...account },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CourierAccount }>().data;
}

export async function matchPlaces(t: TestContext, admin: Record<string, string>, accountId: number) {
  const res = await t.app.inject({ method: 'POST', url: `/api/courier/accounts/${accountId}/places`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { communes_matched: number; desks: number; unmatched_examples: string[] } }>().data;
}

/** Routes every wilaya (or one) to an account. */
export async function route(
  t: TestContext,
  admin: Record<string, string>,
  routes: { wilaya: string | null; delivery_type?: string; account_id: number }[],
) {
  const current = await t.app.inject({ url: '/api/courier/routes', headers: admin });
  const version = current.json<{ data: { version: string } }>().data.version;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/courier/routes',
    headers: admin,
    payload: { version, routes: routes.map((r) => ({ delivery_type: 'any', ...r })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function sendOrders(t: TestContext, admin: Record<string, string>, ...orderIds: number[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/courier/send', headers: admin, payload: { orderIds } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CourierSendResult }>().data.results;
}

export async function readOrder(t: TestContext, admin: Record<string, string>, id: number): Promise<Order> {
  const res = await t.app.inject({ url: `/api/order/getOrder/${id}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Order }>().data;
}

export function parcelRow(t: TestContext, orderId: number) {
  return t.db.kysely.selectFrom('courier_parcels').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function sync(t: TestContext, admin: Record<string, string>, account?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courier/sync${account ? `?account=${account}` : ''}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { checked: number; updated: number; moved: number; recovered: number; stopped: string | null };
  }>().data;
}
