// Orders of products sold in colours (issue 30, ADR 036), through HTTP, on SQLite and (second run)
// PostgreSQL: each line takes its own variant row (product, colour, size) and is priced with its
// difference; a colour short is refused while another has stock; concurrent orders keep every
// variant exact; cancels, returns and the desk's edits move the right colour; the stock check,
// the exports, the slips and the courier's product list name the colour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { Order } from '@shop/domain/order-responses';
import type { Slip } from '@shop/domain/courier';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertProduct, productStock } from '../../../../test/fixtures.ts';
import { YALIDINE_COLUMNS } from '../../couriers/exports.service.ts';

let t: TestContext;
let admin: Record<string, string>;
let wilaya: { name: string; price: number };
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  const row = await t.db.kysely
    .selectFrom('shipping_prices')
    .select(['wilaya_name', 'price_cents'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  wilaya = { name: row.wilaya_name, price: row.price_cents / 100 };
});
afterAll(() => t.close());

interface Colors {
  [slug: string]: { name: string; sizes: Record<string, number>; diffs?: Record<string, number> };
}

/**
 * A product sold in colours, seeded as the product form stores it (ADR 036): its colours, a row
 * of product_sizes per colour and size, the product's stock the sum of its rows. Answers the
 * product's id and each colour's id by slug.
 */
async function insertColoured(name: string, price: number, colors: Colors) {
  const db = t.db.kysely;
  const id = await insertProduct(db, { name, price, sizes: {} });
  const ids: Record<string, number> = {};
  let position = 0;
  let total = 0;
  for (const [slug, color] of Object.entries(colors)) {
    const row = await db
      .insertInto('product_colors')
      .values({ product_id: id, name: color.name, slug, swatch: '#aa0000', position: position++ })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[slug] = row.id;
    const sizes = Object.entries(color.sizes);
    total += sizes.reduce((sum, [, n]) => sum + n, 0);
    await db
      .insertInto('product_sizes')
      .values(
        sizes.map(([size, stock]) => ({
          product_id: id,
          color_id: row.id,
          size,
          stock,
          price_diff_cents: Math.round((color.diffs?.[size] ?? 0) * 100),
        })),
      )
      .execute();
  }
  await db.updateTable('products').set({ stock: total }).where('id', '=', id).execute();
  return { id, colors: ids };
}

/** The stock of one variant row. */
async function variantStock(productId: number, colorId: number, size: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('product_sizes')
    .select('stock')
    .where('product_id', '=', productId)
    .where('color_id', '=', colorId)
    .where('size', '=', size)
    .executeTakeFirstOrThrow();
  return row.stock;
}

let phoneSeq = 0;
const freshPhone = () => `0662${String(100_000 + ++phoneSeq).slice(-6)}`;

function order(
  items: { product_id: number; quantity: number; size?: string; color?: string }[],
  subtotal: number,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers,
    payload: {
      customer_name: 'Lina Hamdi',
      customer_phone: freshPhone(),
      customer_address: `${wilaya.name} | 8 rue des Oliviers`,
      customer_postal_code: '16000',
      subtotal,
      shipping_fee: wilaya.price,
      coupon_code: '',
      items,
    },
  });
}

async function placed(...args: Parameters<typeof order>): Promise<number> {
  const res = await order(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { order_id: number } }>().data.order_id;
}

const adminOrder = async (id: number) => {
  const res = await t.app.inject({ url: `/api/order/getOrder/${id}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Order }>().data;
};
const setStatus = (id: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/order/updateOrderStatus/${id}`, headers: admin, payload: { status } });

describe('an order of a product sold in colours', () => {
  it('takes one row per variant, prices each with its difference and keeps the colour on its line', async () => {
    const dress = await insertColoured('Robe été', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 2, L: 1 } },
      bleu: { name: 'Bleu', sizes: { M: 3 }, diffs: { M: 200 } },
    });
    // The colour by its name (any case) or its URL key: red M and blue M are two lines.
    const id = await placed(
      [
        { product_id: dress.id, quantity: 1, size: 'M', color: 'ROUGE' },
        { product_id: dress.id, quantity: 2, size: 'medium', color: 'bleu' },
      ],
      1000 + 2 * 1200,
    );
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(1);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(1);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'L')).toBe(1);
    expect(await productStock(t.db.kysely, dress.id)).toBe(3);
    const lines = (await adminOrder(id)).order_items.map((i) => [
      i.color,
      i.color_id,
      i.size,
      i.quantity,
      i.unit_price,
    ]);
    expect(lines).toEqual([
      ['Rouge', dress.colors.rouge, 'M', 1, 1000],
      ['Bleu', dress.colors.bleu, 'M', 2, 1200],
    ]);
  });

  it('answers a wrong subtotal with each line’s variant price and colour', async () => {
    const dress = await insertColoured('Robe prix', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 2 } },
      bleu: { name: 'Bleu', sizes: { M: 2 }, diffs: { M: 250 } },
    });
    const soap = await insertProduct(t.db.kysely, { name: 'Savon prix', price: 300, stock: 5 });
    const res = await order(
      [
        { product_id: dress.id, quantity: 1, size: 'M', color: 'bleu' },
        { product_id: soap, quantity: 1 },
      ],
      1300,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Les prix ont changé, veuillez vérifier le nouveau total',
      data: {
        subtotal: 1550,
        items: [
          { product_id: dress.id, size: 'M', color: 'Bleu', unit_price: 1250 },
          { product_id: soap, size: '', unit_price: 300 },
        ],
      },
    });
    expect(res.json<{ data: { items: object[] } }>().data.items[1]).not.toHaveProperty('color');
  });

  it('answers the colour problems in the envelope of the size refusals, in French and Arabic, writing nothing', async () => {
    const dress = await insertColoured('Robe refus', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 2 } },
      bleu: { name: 'Bleu', sizes: { L: 2 } },
    });
    const soap = await insertProduct(t.db.kysely, { name: 'Savon sans couleur', price: 300, stock: 5 });
    const cases: [object, string][] = [
      [{ product_id: dress.id, quantity: 1, size: 'M' }, 'Veuillez sélectionner une couleur'],
      [{ product_id: dress.id, quantity: 1, size: 'M', color: 'Vert' }, 'Couleur invalide pour certains articles'],
      // Blue is not sold in M.
      [{ product_id: dress.id, quantity: 1, size: 'M', color: 'Bleu' }, 'Taille invalide pour certains articles'],
      [{ product_id: soap, quantity: 1, color: 'Rouge' }, "Ce produit n'a pas de couleur"],
    ];
    for (const [item, message] of cases) {
      const res = await order([item as { product_id: number; quantity: number }], 1000);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message });
    }
    const arabic = await order([{ product_id: dress.id, quantity: 1, size: 'M' }], 1000, { 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json<{ message: string }>().message).toBe('يرجى اختيار لون');
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(2);
    expect(await productStock(t.db.kysely, dress.id)).toBe(4);
  });

  it('refuses a colour short while another has stock, naming the line’s colour, and takes nothing', async () => {
    const dress = await insertColoured('Robe rare', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 2 } },
      bleu: { name: 'Bleu', sizes: { M: 10 } },
    });
    const before = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await order(
      [
        { product_id: dress.id, quantity: 1, size: 'M', color: 'bleu' },
        { product_id: dress.id, quantity: 3, size: 'M', color: 'rouge' },
      ],
      4000,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Stock insuffisant pour certains articles',
      data: {
        items: [
          {
            product_id: dress.id,
            name: 'Robe rare',
            size: 'M',
            color: 'Rouge',
            color_id: dress.colors.rouge,
            requested: 3,
            available: 2,
            ok: false,
          },
          {
            product_id: dress.id,
            size: 'M',
            color: 'Bleu',
            color_id: dress.colors.bleu,
            requested: 1,
            available: 10,
            ok: true,
          },
        ],
      },
    });
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(2);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(10);
    expect(await productStock(t.db.kysely, dress.id)).toBe(12);
    const after = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps every variant exact under concurrent orders of the batch path', async () => {
    const dress = await insertColoured('Robe ruée', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 3 } },
      bleu: { name: 'Bleu', sizes: { M: 5 } },
    });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        order([{ product_id: dress.id, quantity: 1, size: 'M', color: i % 2 === 0 ? 'rouge' : 'bleu' }], 1000),
      ),
    );
    const took = (color: string) =>
      results.filter((res, i) => res.statusCode === 201 && (i % 2 === 0 ? 'rouge' : 'bleu') === color).length;
    expect(took('rouge')).toBe(3);
    expect(took('bleu')).toBe(5);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(16);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(0);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(0);
    expect(await productStock(t.db.kysely, dress.id)).toBe(0);
  });

  it('gives the right colour back on a cancel and on a received return', async () => {
    const dress = await insertColoured('Robe retour', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 4 } },
      bleu: { name: 'Bleu', sizes: { M: 4 } },
    });
    const cancelled = await placed([{ product_id: dress.id, quantity: 2, size: 'M', color: 'Rouge' }], 2000);
    const returned = await placed([{ product_id: dress.id, quantity: 3, size: 'M', color: 'Bleu' }], 3000);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(2);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(1);

    expect((await setStatus(cancelled, 'cancelled')).statusCode).toBe(200);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(4);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(1);

    expect((await setStatus(returned, 'shipping')).statusCode).toBe(200);
    expect((await setStatus(returned, 'returned')).statusCode).toBe(200);
    const received = await t.app.inject({
      method: 'POST',
      url: `/api/order/returnReceived/${returned}`,
      headers: admin,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(4);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(4);
    expect(await productStock(t.db.kysely, dress.id)).toBe(8);

    // Reopening the cancelled order takes its colour again.
    expect((await setStatus(cancelled, 'pending')).statusCode).toBe(200);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(2);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(4);
  });

  it('tells the owner, and gives nothing back, when the colour was removed since the order', async () => {
    const dress = await insertColoured('Robe disparue', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 4 } },
      bleu: { name: 'Bleu', sizes: { M: 4 } },
    });
    const id = await placed([{ product_id: dress.id, quantity: 1, size: 'M', color: 'Rouge' }], 1000);
    // The owner removes red: its rows go, the product's stock is the sum of what is left.
    await t.db.kysely.deleteFrom('product_sizes').where('color_id', '=', dress.colors.rouge!).execute();
    await t.db.kysely.deleteFrom('product_colors').where('id', '=', dress.colors.rouge!).execute();
    await t.db.kysely.updateTable('products').set({ stock: 4 }).where('id', '=', dress.id).execute();

    expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
    expect(await productStock(t.db.kysely, dress.id)).toBe(4);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(4);
    const events = (await adminOrder(id)).events ?? [];
    expect(events.find((e) => e.kind === 'stock')?.detail).toBe(
      "Not put back in stock: 1 × Robe disparue — Rouge / M (this colour and size is no longer sold: its colour was removed or the sizes changed since this order was placed). Add the units in the product's form",
    );
  });

  it('moves the stock between the colours’ rows when the desk changes a line’s colour', async () => {
    const dress = await insertColoured('Robe corrigée', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 3 } },
      bleu: { name: 'Bleu', sizes: { M: 3 }, diffs: { M: 100 } },
    });
    const id = await placed([{ product_id: dress.id, quantity: 2, size: 'M', color: 'rouge' }], 2000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers: admin,
      payload: { items: [{ product_id: dress.id, quantity: 2, size: 'M', color: 'Bleu' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await variantStock(dress.id, dress.colors.rouge!, 'M')).toBe(3);
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(1);
    expect(await productStock(t.db.kysely, dress.id)).toBe(4);
    const after = await adminOrder(id);
    expect(after.order_items.map((i) => [i.color, i.size, i.quantity, i.unit_price])).toEqual([['Bleu', 'M', 2, 1100]]);
    expect(after.subtotal).toBe(2200);
    expect(after.events?.at(-1)?.detail).toContain('lines: 2× Robe corrigée (Rouge / M) → 2× Robe corrigée (Bleu / M)');
    // A colour the product does not have is refused with the product's name, and changes nothing.
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers: admin,
      payload: { items: [{ product_id: dress.id, quantity: 1, size: 'M', color: 'Vert' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Robe corrigée: Couleur invalide pour certains articles');
    expect(await variantStock(dress.id, dress.colors.bleu!, 'M')).toBe(1);
  });
});

describe('the dashboard’s low stock', () => {
  it('lists a variant running low with its colour, not the colours that have stock', async () => {
    const dress = await insertColoured('Robe basse', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 0 } },
      bleu: { name: 'Bleu', sizes: { M: 40 } },
    });
    const res = await t.app.inject({ url: '/api/order/stats', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const low = res.json<{ data: { low_stock: { product_id: number }[] } }>().data.low_stock;
    expect(low.filter((l) => l.product_id === dress.id)).toEqual([
      {
        product_id: dress.id,
        name: 'Robe basse',
        color_id: dress.colors.rouge,
        color: 'Rouge',
        size: 'M',
        size_label: 'M',
        stock: 0,
      },
    ]);
  });
});

describe('the stock check of a cart with colours', () => {
  it('answers per variant, merges the same colour named two ways, and a product without colours as before', async () => {
    const dress = await insertColoured('Robe stock', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 2 } },
      bleu: { name: 'Bleu', sizes: { M: 5 } },
    });
    const shirt = await insertProduct(t.db.kysely, { name: 'Chemise simple', price: 1000, sizes: { M: 1 } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/checkStock',
      payload: {
        items: [
          { product_id: dress.id, size: 'M', color: 'rouge', quantity: 2 },
          { product_id: dress.id, size: 'M', color: 'Bleu', quantity: 5 },
          { product_id: dress.id, size: 'M', color: 'Rouge', quantity: 1 },
          { product_id: dress.id, size: 'M', color: 'Vert', quantity: 1 },
          { product_id: shirt, size: 'M', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({
      ok: false,
      items: [
        {
          product_id: dress.id,
          name: 'Robe stock',
          size: 'M',
          color: 'Rouge',
          color_id: dress.colors.rouge,
          requested: 3,
          available: 2,
          ok: false,
        },
        {
          product_id: dress.id,
          name: 'Robe stock',
          size: 'M',
          color: 'Bleu',
          color_id: dress.colors.bleu,
          requested: 5,
          available: 5,
          ok: true,
        },
        // A colour the product does not have: nothing available, the colour as it was sent.
        { product_id: dress.id, name: 'Robe stock', size: 'M', color: 'Vert', requested: 1, available: 0, ok: false },
        { product_id: shirt, name: 'Chemise simple', size: 'M', requested: 1, available: 1, ok: true },
      ],
    });
  });
});

function csvRows(body: string): string[][] {
  const rows: string[][] = parse(body, { bom: true, delimiter: ';' });
  return rows;
}

describe('what prints a line in a colour', () => {
  it('the Yalidine file, the accountant’s file and the slips name the colour and the size', async () => {
    const dress = await insertColoured('Robe colis', 1000, {
      rouge: { name: 'Rouge', sizes: { M: 5 } },
    });
    const kids = await insertColoured('Pyjama enfant', 800, {
      vert: { name: 'Vert', sizes: { '4a': 5 } },
    });
    await t.db.kysely.updateTable('products').set({ size_scale: 'ages' }).where('id', '=', kids.id).execute();
    const soap = await insertProduct(t.db.kysely, { name: 'Savon colis', price: 300, stock: 5 });
    const id = await placed(
      [
        { product_id: dress.id, quantity: 1, size: 'M', color: 'Rouge' },
        { product_id: kids.id, quantity: 2, size: '4 ans', color: 'vert' },
        { product_id: soap, quantity: 1 },
      ],
      1000 + 1600 + 300,
    );
    const list = '1x Robe colis — Rouge / M, 2x Pyjama enfant — Vert / 4 ans, 1x Savon colis';

    const yalidine = await t.app.inject({ url: `/api/courier/export/yalidine?ids=${id}`, headers: admin });
    expect(yalidine.statusCode, yalidine.body).toBe(200);
    const [, row] = csvRows(yalidine.body);
    expect(row?.[YALIDINE_COLUMNS.indexOf('product_list')]).toBe(list);

    const accounting = await t.app.inject({ url: '/api/order/export?q=Lina', headers: admin });
    const [header, ...rows] = csvRows(accounting.body);
    const ours = rows.find((r) => r[0] === String(id));
    expect(ours?.[header?.indexOf('Items') ?? -1]).toBe(list);

    const slips = await t.app.inject({ url: `/api/courier/slips?ids=${id}`, headers: admin });
    expect(slips.statusCode, slips.body).toBe(200);
    // The customer's tracking page names the colour too.
    const phone = (await adminOrder(id)).customer_phone;
    const tracking = await t.app.inject({ url: `/api/order/track?order_id=${id}&phone=${phone}` });
    expect(tracking.json<{ data: { items: unknown[] } }>().data.items).toEqual([
      { name: 'Robe colis', size: 'M', color: 'Rouge', quantity: 1 },
      { name: 'Pyjama enfant', size: '4a', color: 'Vert', quantity: 2 },
      { name: 'Savon colis', size: '', quantity: 1 },
    ]);
    expect(slips.json<{ data: Slip[] }>().data[0]?.items).toEqual([
      { name: 'Robe colis', size: 'M', quantity: 1, color: 'Rouge' },
      { name: 'Pyjama enfant', size: '4 ans', quantity: 2, color: 'Vert' },
      { name: 'Savon colis', size: '', quantity: 1, color: null },
    ]);
    const history = (await adminOrder(id)).order_items.map((i) => [i.color, i.size]);
    expect(history).toEqual([
      ['Rouge', 'M'],
      ['Vert', '4a'],
      ['', ''],
    ]);
  });
});
