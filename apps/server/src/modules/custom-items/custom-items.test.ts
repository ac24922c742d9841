import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Item {
  id: number;
  name: string;
  description: string;
  base_price: number;
  available_sizes: string[] | null;
  available_colors: string[];
  active: boolean;
}

async function store(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/CustomOrderItem/store', headers: await t.adminHeaders(), payload });
}

async function getAll(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/CustomOrderItem/getAll${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Item[] }>().data;
}

describe('custom order items', () => {
  let tshirt: Item;
  let cup: Item;

  it('stores a garment with comma-separated lists trimmed and the price in Da', async () => {
    const res = await store({
      name: 'T-shirt',
      description: 'Coton',
      base_price: '1500.50',
      available_sizes: ' S, M ,L,, XL ',
      available_colors: '["Blanc", " Noir "]',
    });
    expect(res.statusCode).toBe(201);
    tshirt = res.json<{ data: Item }>().data;
    expect(tshirt).toMatchObject({
      name: 'T-shirt',
      description: 'Coton',
      base_price: 1500.5,
      available_sizes: ['S', 'M', 'L', 'XL'],
      available_colors: ['Blanc', 'Noir'],
      active: true,
    });
    const row = await t.db.kysely
      .selectFrom('custom_order_items')
      .selectAll()
      .where('id', '=', tshirt.id)
      .executeTakeFirstOrThrow();
    expect(row.base_price_cents).toBe(150_050);
    expect(JSON.parse(row.available_sizes ?? 'null')).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('saves the cup (any case) with sizes null', async () => {
    const res = await store({ name: 'Cup', base_price: 800, available_sizes: 'S,M', available_colors: ['Blanc'] });
    expect(res.statusCode).toBe(201);
    cup = res.json<{ data: Item }>().data;
    expect(cup.available_sizes).toBeNull();
    const row = await t.db.kysely
      .selectFrom('custom_order_items')
      .select('available_sizes')
      .where('id', '=', cup.id)
      .executeTakeFirstOrThrow();
    expect(row.available_sizes).toBeNull();
  });

  it('requires name, price, colours and (except for the cup) sizes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ base_price: 10, available_sizes: 'S', available_colors: 'Noir' }, 'Name is required'],
      [
        { name: 'Hoodie', base_price: 'abc', available_sizes: 'S', available_colors: 'Noir' },
        'Base price must be a number, like 1250 or 1250,50',
      ],
      // An empty price is not 0 Da.
      [{ name: 'Hoodie', base_price: '', available_sizes: 'S', available_colors: 'Noir' }, 'Base price is required'],
      [{ name: 'Hoodie', available_sizes: 'S', available_colors: 'Noir' }, 'Base price is required'],
      [{ name: 'Hoodie', base_price: 10, available_sizes: 'S', available_colors: ' , ' }, 'Colors are required'],
      [{ name: 'Hoodie', base_price: 10, available_colors: 'Noir' }, 'Sizes are required'],
    ];
    for (const [payload, message] of cases) {
      const res = await store(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('updates an item; an unknown id is 404', async () => {
    const headers = await t.adminHeaders();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/CustomOrderItem/update/${tshirt.id}`,
      headers,
      payload: { name: 'T-shirt oversize', base_price: 1800, available_sizes: ['M', 'L'], available_colors: 'Noir' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Item }>().data).toMatchObject({
      id: tshirt.id,
      name: 'T-shirt oversize',
      base_price: 1800,
      available_sizes: ['M', 'L'],
      available_colors: ['Noir'],
    });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/CustomOrderItem/update/999999',
      headers,
      payload: { name: 'X', base_price: 1, available_sizes: 'S', available_colors: 'Noir' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps an optional Arabic name and description, read by the storefront', async () => {
    const headers = await t.adminHeaders();
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/CustomOrderItem/update/${tshirt.id}`,
        headers,
        payload: {
          name: 'T-shirt oversize',
          base_price: 1800,
          available_sizes: ['M', 'L'],
          available_colors: 'Noir',
          ...payload,
        },
      });
    const res = await update({ name_ar: 'قميص واسع', description_ar: 'قطن مطبوع بتصميمك' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Item }>().data).toMatchObject({
      name_ar: 'قميص واسع',
      description_ar: 'قطن مطبوع بتصميمك',
    });
    // Absent: kept; empty: removed.
    expect((await update({})).json<{ data: Item }>().data).toMatchObject({ name_ar: 'قميص واسع' });
    expect((await update({ description_ar: '' })).json<{ data: Item }>().data).toMatchObject({
      name_ar: 'قميص واسع',
      description_ar: null,
    });
    expect((await update({ name_ar: 'ق'.repeat(101) })).statusCode).toBe(400);
    const listed = (await getAll()).find((item) => item.id === tshirt.id);
    expect(listed).toMatchObject({ name_ar: 'قميص واسع', description_ar: null });
  });

  it('toggles the active flag; getAll hides inactive items unless all=true', async () => {
    const headers = await t.adminHeaders();
    const off = await t.app.inject({ method: 'PUT', url: `/api/CustomOrderItem/toggleActive/${cup.id}`, headers });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: Item }>().data.active).toBe(false);
    expect((await getAll()).map((i) => i.id)).toEqual([tshirt.id]);
    expect((await getAll('?all=true')).map((i) => i.id)).toEqual([tshirt.id, cup.id]);

    const on = await t.app.inject({ method: 'PUT', url: `/api/CustomOrderItem/toggleActive/${cup.id}`, headers });
    expect(on.json<{ data: Item }>().data.active).toBe(true);
    expect((await getAll()).map((i) => i.id)).toEqual([tshirt.id, cup.id]);
  });

  it('deletes an item while its orders keep their clothing type', async () => {
    const at = new Date().toISOString();
    const order = await t.db.kysely
      .insertInto('orders')
      .values({
        type: 'custom',
        status: 'pending',
        customer_name: 'Amina',
        customer_phone: '0661234567',
        customer_address: 'Oran | 3 rue Larbi Ben Mhidi',
        customer_postal_code: '31000',
        wilaya_name: 'Oran',
        subtotal_cents: 80_000,
        discount_percentage: 0,
        discount_cents: 0,
        shipping_fee_cents: 50_000,
        final_total_cents: 130_000,
        custom_item_id: cup.id,
        clothing_type: 'Cup',
        color: 'Blanc',
        size: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = await t.adminHeaders();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/CustomOrderItem/delete/${cup.id}`, headers });
    expect(res.statusCode).toBe(200);
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['custom_item_id', 'clothing_type'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ custom_item_id: null, clothing_type: 'Cup' });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/CustomOrderItem/delete/${cup.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    ['POST', '/api/CustomOrderItem/store'],
    ['PUT', '/api/CustomOrderItem/update/1'],
    ['PUT', '/api/CustomOrderItem/toggleActive/1'],
    ['DELETE', '/api/CustomOrderItem/delete/1'],
  ] as const)('%s %s needs an admin token', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload:
        method === 'DELETE' ? undefined : { name: 'X', base_price: 1, available_sizes: 'S', available_colors: 'N' },
    });
    expect(res.statusCode).toBe(401);
  });
});
