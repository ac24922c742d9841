// Abandoned checkouts as leads (docs/leads.md), through HTTP on SQLite and (second run)
// PostgreSQL: the storefront's drafts (upsert, strict input, per-client limit), their conversion
// in the order's transaction, which drafts are leads (the delay, the 24-hour rule) with the clock
// passed in, the desk's calls and "Create order" priced by the server, the 30-day cleanup, roles
// and the dashboard's figures.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, LeadFigures } from '@shop/domain/checkout-drafts';
import { createTestContext, testDialect, type TestContext } from '../../../test/harness.ts';
import { connect } from '../../db/connect.ts';
import { HttpError } from '../../http/errors.ts';
import {
  firstWilaya,
  insertCustomItem,
  insertProduct,
  multipartBody,
  pngImage,
  productStock,
} from '../../../test/fixtures.ts';
import { addStaff } from '../../../test/staff.ts';
import { claimLead, leadFigures, listLeads } from './leads.service.ts';
import { runDraftCleanup } from './draft-cleanup.ts';

let t: TestContext;
let owner: Record<string, string>;
let wilaya: { name: string; price: number };
beforeAll(async () => {
  t = await createTestContext();
  owner = await t.adminHeaders();
  wilaya = await firstWilaya(t.db.kysely);
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const newKey = () => randomBytes(16).toString('hex');
let phoneSeq = 0;
const freshPhone = () => `0771${String(200_000 + ++phoneSeq).slice(-6)}`;

function saveDraft(key: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'PUT', url: `/api/checkout-drafts/${key}`, payload, remoteAddress });
}

function draftPayload(phone: string, lines: { product_id: number; size?: string; quantity: number }[] = []) {
  return {
    checkout: 'cart',
    customer_name: 'Samia Belkacem',
    customer_phone: phone,
    wilaya: wilaya.name,
    lines,
    page_url: '/cart',
  };
}

const draftRow = (key: string) =>
  t.db.kysely.selectFrom('checkout_drafts').selectAll().where('draft_key', '=', key).executeTakeFirst();

/** Moves a draft's last change (and creation) back in time: the clock is passed, never waited. */
async function age(key: string, ms: number) {
  const at = new Date(Date.now() - ms).toISOString();
  await t.db.kysely
    .updateTable('checkout_drafts')
    .set({ updated_at: at, created_at: at })
    .where('draft_key', '=', key)
    .execute();
}

async function placeOrder(phone: string, items: { product_id: number; quantity: number }[], price: number, extra = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: 'Samia Belkacem',
      customer_phone: phone,
      customer_address: `${wilaya.name} | 3 rue Didouche`,
      customer_postal_code: '16000',
      subtotal: price * items.reduce((n, i) => n + i.quantity, 0),
      shipping_fee: wilaya.price,
      items: items.map((i) => ({ ...i, size: '' })),
      ...extra,
    },
  });
}

const leadsNow = async (headers = owner) => {
  const res = await t.app.inject({ url: '/api/leads', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Lead[] }>().data;
};

async function setDelay(minutes: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/leads/settings',
    headers: owner,
    payload: { delay_minutes: minutes },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the storefront saves a draft', () => {
  it('keeps one row per browser key, replaced as the customer types, the phone as stored', async () => {
    const key = newKey();
    expect((await saveDraft(key, { ...draftPayload('0551 23 45 67'), customer_name: 'Sam' })).statusCode).toBe(200);
    const second = await saveDraft(key, { ...draftPayload('٠٥٥١٢٣٤٥٦٧'), commune: 'Bab El Oued', address: '12 rue' });
    expect(second.json()).toEqual({ status: 200, message: 'Brouillon enregistré', data: { saved: true } });
    const rows = await t.db.kysely.selectFrom('checkout_drafts').selectAll().where('draft_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customer_name: 'Samia Belkacem',
      customer_phone: '0551234567',
      commune: 'Bab El Oued',
      address: '12 rue',
      page_url: '/cart',
      order_id: null,
    });
  });

  it.each([
    ['a phone that is not Algerian', { customer_phone: '12345' }],
    ['a name without letters', { customer_name: '1234' }],
    ['a field the checkout does not have', { coupon: 'X' }],
    ['a page of another site', { page_url: 'https://evil.example/x' }],
    ['a line of no product', { lines: [{ product_id: 0, quantity: 1 }] }],
    ['a Meta click id of another shape', { fbc: 'not-a-click-id' }],
    ['a landing address that is not a web page', { landing_url: 'javascript:alert(1)' }],
    ['a UTM tag with control characters', { utm_campaign: 'Soldes\u0007' }],
    ['an event id (the order from the lead has its own)', { event_id: 'evt-browser-0001' }],
    ['custom choices in the cart’s checkout', { custom: { clothing_type: '1', color: 'Noir', size: 'M' } }],
    ['a custom choice the page does not have', { checkout: 'custom', custom: { clothing_type: '1', print: 'x' } }],
    ['a colour longer than 50 characters', { checkout: 'custom', custom: { color: 'N'.repeat(51) } }],
    ['a size with control characters', { checkout: 'custom', custom: { size: 'M\u0007' } }],
  ])('refuses %s with a 400 envelope and writes nothing', async (_what, change) => {
    const key = newKey();
    const res = await saveDraft(key, { ...draftPayload(freshPhone()), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) as string });
    expect(await draftRow(key)).toBeUndefined();
  });

  it('keeps the attribution the checkout had, with the address and browser of the request', async () => {
    const key = newKey();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/checkout-drafts/${key}`,
      headers: { 'user-agent': 'Mozilla/5.0 (Android 14) Draft' },
      remoteAddress: '10.0.0.7',
      payload: {
        ...draftPayload(freshPhone()),
        fbc: 'fb.1.1764000000000.IwAR-lead',
        utm_source: ' facebook ',
        fbp: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse((await draftRow(key))?.attribution ?? 'null')).toEqual({
      attribution: { fbc: 'fb.1.1764000000000.IwAR-lead', utm_source: 'facebook' },
      client: { ip: '10.0.0.7', userAgent: 'Mozilla/5.0 (Android 14) Draft' },
    });
  });

  it('refuses a key that is not the browser’s 32 hex digits', async () => {
    const res = await saveDraft('not-a-key', draftPayload(freshPhone()));
    expect(res.statusCode).toBe(400);
    expect(
      await t.db.kysely.selectFrom('checkout_drafts').select('id').where('draft_key', '=', 'not-a-key').execute(),
    ).toEqual([]);
  });

  it('stops a client saving too often with a French 429, not the next client', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_CHECKOUT_DRAFTS: '2/15m' } });
    try {
      const key = newKey();
      const save = (ip: string) =>
        limited.app.inject({
          method: 'PUT',
          url: `/api/checkout-drafts/${key}`,
          payload: draftPayload('0551234567'),
          remoteAddress: ip,
        });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await save('10.9.0.1')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await save('10.9.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('placing the order converts the draft', () => {
  it('marks the draft with the order in the order’s transaction, and it is no lead', async () => {
    const product = await insertProduct(t.db.kysely, { price: 1200, stock: 5 });
    const key = newKey();
    const phone = freshPhone();
    await saveDraft(key, draftPayload(phone, [{ product_id: product, quantity: 1 }]));
    const res = await placeOrder(phone, [{ product_id: product, quantity: 1 }], 1200, { checkout_draft_key: key });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ data: { order_id: number } }>().data.order_id;
    expect(await draftRow(key)).toMatchObject({ order_id: orderId, converted_by: 'customer' });
    // Typed again after the order, the spent key changes nothing.
    await saveDraft(key, { ...draftPayload(phone), customer_name: 'Autre Nom' });
    expect(await draftRow(key)).toMatchObject({ customer_name: 'Samia Belkacem', order_id: orderId });
    const later = new Date(Date.now() + 60 * MINUTE);
    expect((await listLeads(t.db.kysely, later)).map((l) => l.customer_phone)).not.toContain(phone);
  });

  it('converts a custom checkout’s draft with its multipart order', async () => {
    const itemId = await insertCustomItem(t.db.kysely, {
      name: 'Sweat',
      base_price: 2500,
      sizes: ['M'],
      colors: ['Noir'],
    });
    const key = newKey();
    const phone = freshPhone();
    await saveDraft(key, { ...draftPayload(phone), checkout: 'custom', page_url: '/custom-order' });
    const fields = {
      customer_name: 'Samia Belkacem',
      customer_phone: phone,
      customer_address: `${wilaya.name} | 3 rue Didouche`,
      customer_postal_code: '16000',
      type: 'custom',
      subtotal: '2500',
      shipping_fee: String(wilaya.price),
      clothing_type: String(itemId),
      color: 'Noir',
      size: 'M',
      checkout_draft_key: key,
    };
    const { payload, headers } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'reference_image_front', value: await pngImage(), filename: 'front.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/Order', payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ data: { order_id: number } }>().data.order_id;
    expect(await draftRow(key)).toMatchObject({ order_id: orderId, converted_by: 'customer', checkout: 'custom' });
  });

  it('leaves the draft open when the order is refused (nothing of the order written)', async () => {
    const product = await insertProduct(t.db.kysely, { price: 800, stock: 1 });
    const key = newKey();
    const phone = freshPhone();
    await saveDraft(key, draftPayload(phone, [{ product_id: product, quantity: 3 }]));
    const res = await placeOrder(phone, [{ product_id: product, quantity: 3 }], 800, { checkout_draft_key: key });
    expect(res.statusCode).toBe(409);
    expect(await draftRow(key)).toMatchObject({ order_id: null, converted_by: null });
  });

  it('refuses a malformed draft key in the order with a 400, placing nothing', async () => {
    const product = await insertProduct(t.db.kysely, { price: 800, stock: 2 });
    const res = await placeOrder(freshPhone(), [{ product_id: product, quantity: 1 }], 800, {
      checkout_draft_key: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(await productStock(t.db.kysely, product)).toBe(2);
  });
});

describe('which drafts are leads', () => {
  it('after 20 minutes by default; after the delay the owner sets', async () => {
    const key = newKey();
    const phone = freshPhone();
    await saveDraft(key, draftPayload(phone));
    const saved = Date.parse((await draftRow(key))!.updated_at);
    const phonesAt = async (ms: number) =>
      (await listLeads(t.db.kysely, new Date(saved + ms))).map((l) => l.customer_phone);
    expect(await phonesAt(19 * MINUTE)).not.toContain(phone);
    expect(await phonesAt(20 * MINUTE)).toContain(phone);
    await setDelay(5);
    try {
      expect(await phonesAt(4 * MINUTE)).not.toContain(phone);
      expect(await phonesAt(5 * MINUTE)).toContain(phone);
    } finally {
      await setDelay(20);
    }
  });

  it('not when the phone placed an order within 24 hours before the draft, or after it', async () => {
    const product = await insertProduct(t.db.kysely, { price: 500, stock: 20 });
    const orderedBefore = async (ms: number) => {
      const phone = freshPhone();
      const res = await placeOrder(phone, [{ product_id: product, quantity: 1 }], 500);
      expect(res.statusCode, res.body).toBe(201);
      const at = new Date(Date.now() - ms).toISOString();
      await t.db.kysely
        .updateTable('orders')
        .set({ created_at: at })
        .where('id', '=', res.json<{ data: { order_id: number } }>().data.order_id)
        .execute();
      await saveDraft(newKey(), draftPayload(phone));
      return phone;
    };
    const recent = await orderedBefore(23 * HOUR);
    const old = await orderedBefore(25 * HOUR);
    const afterwards = freshPhone();
    await saveDraft(newKey(), draftPayload(afterwards));
    expect((await placeOrder(afterwards, [{ product_id: product, quantity: 1 }], 500)).statusCode).toBe(201);

    const phones = (await listLeads(t.db.kysely, new Date(Date.now() + 30 * MINUTE))).map((l) => l.customer_phone);
    expect(phones).toContain(old);
    expect(phones).not.toContain(recent);
    expect(phones).not.toContain(afterwards);
  });
});

describe('the desk calls a lead', () => {
  it('records no answer, call back and not interested; not interested leaves the list', async () => {
    await setDelay(0);
    try {
      const key = newKey();
      const phone = freshPhone();
      await saveDraft(key, draftPayload(phone));
      const agent = await addStaff(t, 'agent');
      const lead = (await leadsNow(agent.headers)).find((l) => l.customer_phone === phone)!;
      expect(lead).toMatchObject({ customer_name: 'Samia Belkacem', call_state: 'new', call_attempts: 0 });

      const call = (payload: object) =>
        t.app.inject({ method: 'PUT', url: `/api/leads/${lead.id}/call`, headers: agent.headers, payload });
      const noAnswer = await call({ outcome: 'no_answer' });
      expect(noAnswer.json<{ data: Lead }>().data).toMatchObject({
        call_state: 'no_answer',
        call_attempts: 1,
        last_call_by: agent.username,
      });
      const later = new Date(Date.now() + 2 * HOUR).toISOString();
      const back = await call({ outcome: 'call_back', call_back_at: later });
      expect(back.json<{ data: Lead }>().data).toMatchObject({ call_state: 'call_back', call_back_at: later });
      expect((await call({ outcome: 'refused' })).statusCode).toBe(400);
      expect((await call({ outcome: 'not_interested' })).statusCode).toBe(200);
      expect((await leadsNow()).map((l) => l.id)).not.toContain(lead.id);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/leads/999999/call',
            headers: owner,
            payload: { outcome: 'no_answer' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await setDelay(20);
    }
  });

  it('creates the order from the lead at the server’s prices, takes the stock, shows it recovered', async () => {
    await setDelay(0);
    try {
      // 2000 Da less 25 %: the order is charged 1500 a unit whatever the draft said.
      const product = await insertProduct(t.db.kysely, { price: 2000, discount_percentage: 25, stock: 4 });
      const key = newKey();
      const phone = freshPhone();
      await saveDraft(key, { ...draftPayload(phone, [{ product_id: product, quantity: 2 }]), postal_code: '16000' });
      const agent = await addStaff(t, 'agent');
      const lead = (await leadsNow(agent.headers)).find((l) => l.customer_phone === phone)!;
      expect(lead.lines).toEqual([{ product_id: product, size: '', quantity: 2, product_name: 'Test product' }]);

      const create = () =>
        t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/order`, headers: agent.headers, payload: {} });
      const res = await create();
      expect(res.statusCode, res.body).toBe(201);
      const { order, lead: recovered } = res.json<{
        data: { order: { order_id: number; subtotal: number; shipping_fee: number; total: number }; lead: Lead };
      }>().data;
      expect(order).toMatchObject({ subtotal: 3000, shipping_fee: wilaya.price, total: 3000 + wilaya.price });
      expect(recovered).toMatchObject({ order_id: order.order_id, converted_by: 'desk' });
      expect(await productStock(t.db.kysely, product)).toBe(2);
      const placed = await t.db.kysely
        .selectFrom('orders')
        .select(['customer_phone', 'status', 'final_total_cents'])
        .where('id', '=', order.order_id)
        .executeTakeFirstOrThrow();
      expect(placed).toEqual({
        customer_phone: phone,
        status: 'pending',
        final_total_cents: (3000 + wilaya.price) * 100,
      });

      // A second tap (or another agent's) answers the same order and takes nothing more.
      const again = await create();
      expect(again.json<{ data: { order: { order_id: number } } }>().data.order.order_id).toBe(order.order_id);
      expect(await productStock(t.db.kysely, product)).toBe(2);
      expect((await leadsNow()).find((l) => l.id === lead.id)).toMatchObject({ converted_by: 'desk' });
      // A recovered lead takes no more calls.
      const call = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${lead.id}/call`,
        headers: agent.headers,
        payload: { outcome: 'no_answer' },
      });
      expect(call.statusCode).toBe(409);
    } finally {
      await setDelay(20);
    }
  });

  it('refuses to create the order when the stock is gone, leaving the lead open', async () => {
    await setDelay(0);
    try {
      const product = await insertProduct(t.db.kysely, { price: 900, stock: 1 });
      const key = newKey();
      const phone = freshPhone();
      await saveDraft(key, draftPayload(phone, [{ product_id: product, quantity: 2 }]));
      const lead = (await leadsNow()).find((l) => l.customer_phone === phone)!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/order`,
        headers: owner,
        payload: {},
      });
      expect(res.statusCode).toBe(409);
      expect(await draftRow(key)).toMatchObject({ order_id: null });
      expect(await productStock(t.db.kysely, product)).toBe(1);
    } finally {
      await setDelay(20);
    }
  });
});

describe('roles, figures and cleanup', () => {
  it('lets agents work the leads, not packers; the figures are for the owner and managers', async () => {
    const agent = await addStaff(t, 'agent');
    const packer = await addStaff(t, 'packer');
    expect((await t.app.inject({ url: '/api/leads', headers: agent.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/leads', headers: packer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/leads/figures', headers: agent.headers })).statusCode).toBe(403);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/leads/settings',
      headers: agent.headers,
      payload: { delay_minutes: 1 },
    });
    expect(settings.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/leads/figures', headers: owner })).statusCode).toBe(200);
  });

  it('counts leads, recovered orders and the rate over 30 days', async () => {
    const before = await leadFigures(t.db.kysely, new Date(Date.now() + HOUR));
    const product = await insertProduct(t.db.kysely, { price: 700, stock: 5 });
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys) await saveDraft(key, draftPayload(freshPhone(), [{ product_id: product, quantity: 1 }]));
    // One older than 30 days counts no more.
    await age(keys[2]!, 31 * 24 * HOUR);
    await setDelay(0);
    try {
      const first = (await draftRow(keys[0]!))!;
      const lead = (await leadsNow()).find((l) => l.id === first.id)!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/order`,
        headers: owner,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await setDelay(20);
    }
    const after = await leadFigures(t.db.kysely, new Date(Date.now() + HOUR));
    expect(after.leads - before.leads).toBe(2);
    expect(after.recovered - before.recovered).toBe(1);
    expect(after.recovery_rate).toBeCloseTo(after.recovered / after.leads);
    const http = await t.app.inject({ url: '/api/leads/figures', headers: owner });
    expect(http.json<{ data: LeadFigures }>().data).toMatchObject({ days: 30 });
  });

  it('deletes drafts unchanged for 30 days, once an hour across processes', async () => {
    const old = newKey();
    const recent = newKey();
    await saveDraft(old, draftPayload(freshPhone()));
    await saveDraft(recent, draftPayload(freshPhone()));
    await age(old, 30 * 24 * HOUR + MINUTE);
    await age(recent, 29 * 24 * HOUR);
    const now = new Date();
    expect(await runDraftCleanup(t.db.kysely, 'process-a', now)).toBeGreaterThanOrEqual(1);
    expect(await draftRow(old)).toBeUndefined();
    expect(await draftRow(recent)).toBeDefined();
    // Another process within the hour does not run it again; after the hour it does.
    expect(await runDraftCleanup(t.db.kysely, 'process-b', new Date(now.getTime() + 10 * MINUTE))).toBeNull();
    expect(await runDraftCleanup(t.db.kysely, 'process-b', new Date(now.getTime() + 61 * MINUTE))).toBe(0);
  });
});

describe('a lead of a product sold in colours (issue 30)', () => {
  it('keeps each cart line’s colour, and the order created from it takes that colour’s row', async () => {
    await setDelay(0);
    try {
      const product = await insertProduct(t.db.kysely, { name: 'Robe lead', price: 1000, sizes: {} });
      const red = await t.db.kysely
        .insertInto('product_colors')
        .values({ product_id: product, name: 'Rouge', slug: 'rouge', swatch: '#cc0000', position: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const blue = await t.db.kysely
        .insertInto('product_colors')
        .values({ product_id: product, name: 'Bleu', slug: 'bleu', swatch: '#0000cc', position: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('product_sizes')
        .values([
          { product_id: product, color_id: red.id, size: 'M', stock: 2 },
          { product_id: product, color_id: blue.id, size: 'M', stock: 2 },
        ])
        .execute();
      await t.db.kysely.updateTable('products').set({ stock: 4 }).where('id', '=', product).execute();
      const key = newKey();
      const phone = freshPhone();
      const saved = await saveDraft(key, {
        ...draftPayload(phone, [{ product_id: product, size: 'M', quantity: 1 }]),
        lines: [{ product_id: product, size: 'M', color: 'bleu', quantity: 1 }],
        postal_code: '16000',
      });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      const agent = await addStaff(t, 'agent');
      const lead = (await leadsNow(agent.headers)).find((l) => l.customer_phone === phone)!;
      expect(lead.lines).toEqual([
        { product_id: product, size: 'M', color: 'bleu', quantity: 1, product_name: 'Robe lead' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/order`,
        headers: agent.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(201);
      const orderId = res.json<{ data: { order: { order_id: number } } }>().data.order.order_id;
      const lines = await t.db.kysely
        .selectFrom('order_items')
        .select(['color', 'color_id', 'size', 'quantity'])
        .where('order_id', '=', orderId)
        .execute();
      expect(lines).toEqual([{ color: 'Bleu', color_id: blue.id, size: 'M', quantity: 1 }]);
      const stock = await t.db.kysely
        .selectFrom('product_sizes')
        .select(['color_id', 'stock'])
        .where('product_id', '=', product)
        .orderBy('color_id')
        .execute();
      expect(stock).toEqual([
        { color_id: red.id, stock: 2 },
        { color_id: blue.id, stock: 1 },
      ]);
    } finally {
      await setDelay(20);
    }
  });
});

describe('two agents on one lead', () => {
  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const call = (id: number, headers: Record<string, string>, payload: object = { outcome: 'no_answer' }) =>
    t.app.inject({ method: 'PUT', url: `/api/leads/${id}/call`, headers, payload });

  async function openLeadOf(lines: { product_id: number; quantity: number }[] = []) {
    const key = newKey();
    const phone = freshPhone();
    await saveDraft(key, draftPayload(phone, lines));
    await age(key, 30 * MINUTE);
    const lead = (await leadsNow()).find((l) => l.customer_phone === phone);
    if (!lead) throw new Error('the draft is no lead');
    return { key, lead };
  }

  it('the first to open it holds it; the other is refused with a 409 naming them until the outcome', async () => {
    const product = await insertProduct(t.db.kysely, { price: 1000, stock: 3 });
    const { key, lead } = await openLeadOf([{ product_id: product, quantity: 1 }]);
    const sara = await addStaff(t, 'agent');
    const amine = await addStaff(t, 'agent');

    const taken = await post(`/api/leads/${lead.id}/claim`, sara.headers);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<{ data: Lead }>().data.claim).toMatchObject({ user_id: sara.id, username: sara.username });

    // The other agent sees who is calling, and cannot take it, record a call or create the order.
    expect((await leadsNow(amine.headers)).find((l) => l.id === lead.id)?.claim).toMatchObject({
      username: sara.username,
    });
    const heldBy = `Being called by ${sara.username}: the lead is theirs until they record the call or give it back`;
    for (const refused of [
      await post(`/api/leads/${lead.id}/claim`, amine.headers),
      await call(lead.id, amine.headers),
      await post(`/api/leads/${lead.id}/order`, amine.headers),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 409, message: heldBy });
    }
    expect((await post(`/api/leads/${lead.id}/release`, amine.headers)).statusCode).toBe(409);
    expect(await draftRow(key)).toMatchObject({ call_attempts: 0, order_id: null, claimed_by: sara.id });
    expect(await productStock(t.db.kysely, product)).toBe(3);

    // Opening it again moves the hold on; the holder's outcome ends it, and the other may take it.
    expect((await post(`/api/leads/${lead.id}/claim`, sara.headers)).statusCode).toBe(200);
    const done = await call(lead.id, sara.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: Lead }>().data).toMatchObject({ call_attempts: 1, claim: null });
    const next = await post(`/api/leads/${lead.id}/claim`, amine.headers);
    expect(next.json<{ data: Lead }>().data.claim).toMatchObject({ username: amine.username });
    // Given back, it is anyone's.
    const back = await post(`/api/leads/${lead.id}/release`, amine.headers);
    expect(back.json<{ data: Lead }>().data.claim).toBeNull();
    expect((await post(`/api/leads/${lead.id}/claim`, sara.headers)).statusCode).toBe(200);
  });

  it('one of two agents opening it at the same moment gets it', async () => {
    const { lead } = await openLeadOf();
    const agents = [await addStaff(t, 'agent'), await addStaff(t, 'agent'), await addStaff(t, 'agent')];
    const answers = await Promise.all(agents.map((a) => post(`/api/leads/${lead.id}/claim`, a.headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = agents[answers.findIndex((a) => a.statusCode === 200)]!;
    expect((await leadsNow()).find((l) => l.id === lead.id)?.claim?.username).toBe(winner.username);
  });

  // Two server processes on one PostgreSQL database, each with its own connections. Skipped on
  // SQLite: its test database is one process's, and its writes run one at a time (the test above).
  it.runIf(testDialect === 'postgres')('one of two agents in two processes gets it', async () => {
    const secondDb = connect(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
      { searchPath: t.db.schema! },
    );
    try {
      const { key, lead } = await openLeadOf();
      const [sara, amine] = [await addStaff(t, 'agent'), await addStaff(t, 'agent')];
      const as = (m: typeof sara) => ({ userId: m.id, username: m.username, role: 'agent' as const, sessionId: 0 });
      const answers = await Promise.allSettled([
        claimLead(t.db.kysely, lead.id, as(sara)),
        claimLead(secondDb.kysely, lead.id, as(amine)),
      ]);
      const won = answers.filter((a) => a.status === 'fulfilled');
      const lost = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(HttpError);
      expect((lost[0] as HttpError).statusCode).toBe(409);
      const winner = answers[0]?.status === 'fulfilled' ? sara : amine;
      expect(await draftRow(key)).toMatchObject({ claimed_by: winner.id });
    } finally {
      await secondDb.close();
    }
  });

  it('ends 15 minutes after the holder’s last tap', async () => {
    const { lead } = await openLeadOf();
    const sara = await addStaff(t, 'agent');
    const amine = await addStaff(t, 'agent');
    expect((await post(`/api/leads/${lead.id}/claim`, sara.headers)).statusCode).toBe(200);
    // The hold taken 15 minutes ago has run out: the clock is moved, never waited.
    await t.db.kysely
      .updateTable('checkout_drafts')
      .set({ claim_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', lead.id)
      .execute();
    expect((await leadsNow(amine.headers)).find((l) => l.id === lead.id)?.claim).toBeNull();
    const late = await call(lead.id, amine.headers);
    expect(late.statusCode, late.body).toBe(200);
  });

  it('a disabled agent’s lead is free again at once', async () => {
    const { key, lead } = await openLeadOf();
    const sara = await addStaff(t, 'agent');
    expect((await post(`/api/leads/${lead.id}/claim`, sara.headers)).statusCode).toBe(200);
    expect((await post(`/api/users/${sara.id}/disable`, owner)).statusCode).toBe(200);
    expect(await draftRow(key)).toMatchObject({ claimed_by: null, claim_expires_at: null });
    expect((await leadsNow()).find((l) => l.id === lead.id)?.claim).toBeNull();
  });

  it('lets the owner step in: record the outcome or give the lead back', async () => {
    const product = await insertProduct(t.db.kysely, { price: 1000, stock: 3 });
    const { lead } = await openLeadOf([{ product_id: product, quantity: 1 }]);
    const sara = await addStaff(t, 'agent');
    expect((await post(`/api/leads/${lead.id}/claim`, sara.headers)).statusCode).toBe(200);
    const released = await post(`/api/leads/${lead.id}/release`, owner);
    expect(released.json<{ data: Lead }>().data.claim).toBeNull();
    expect((await post(`/api/leads/${lead.id}/claim`, sara.headers)).statusCode).toBe(200);
    const made = await post(`/api/leads/${lead.id}/order`, owner);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<{ data: { lead: Lead } }>().data.lead).toMatchObject({ converted_by: 'desk', claim: null });
  });
});

describe('a lead of the custom order page (issue 31)', () => {
  const uploads = () => (fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir).sort() : []);
  const ordersOf = (phone: string) =>
    t.db.kysely.selectFrom('orders').select('id').where('customer_phone', '=', phone).execute();

  /** A custom page's draft left 30 minutes ago with what the customer chose, as the form sends it. */
  async function customLead(custom: Record<string, string>, extra: Record<string, unknown> = {}) {
    const key = newKey();
    const phone = freshPhone();
    const saved = await saveDraft(key, {
      ...draftPayload(phone),
      checkout: 'custom',
      page_url: '/custom-order',
      postal_code: '16000',
      custom,
      ...extra,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await age(key, 30 * MINUTE);
    const lead = (await leadsNow()).find((l) => l.customer_phone === phone);
    if (!lead) throw new Error('the draft is no lead');
    return { key, phone, lead };
  }

  async function createCustom(
    id: number,
    headers: Record<string, string>,
    fields: Record<string, string>,
    pictures: string[] = ['reference_image_front'],
  ) {
    const { payload, headers: type } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(await Promise.all(
        pictures.map(async (name) => ({
          name,
          value: await pngImage(40, 30, '#aa3355'),
          filename: `${name}.png`,
          contentType: 'image/png',
        })),
      )),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/leads/${id}/custom-order`,
      headers: { ...headers, ...type },
      payload,
    });
  }

  it('keeps what the customer chose and shows it on the lead, the item named', async () => {
    const hoodie = await insertCustomItem(t.db.kysely, { name: 'Hoodie', sizes: ['M', 'L'], colors: ['Noir'] });
    const { key, lead } = await customLead({ clothing_type: String(hoodie), color: 'Noir', size: 'M' });
    expect(await draftRow(key)).toMatchObject({ custom_item: String(hoodie), custom_color: 'Noir', custom_size: 'M' });
    expect(lead.custom).toEqual({
      clothing_type: String(hoodie),
      item_id: hoodie,
      item_name: 'Hoodie',
      color: 'Noir',
      size: 'M',
    });
    const { lead: cup } = await customLead({ clothing_type: 'cup', color: 'Blanc', size: '' });
    expect(cup.custom).toEqual({ clothing_type: 'cup', item_id: null, item_name: 'cup', color: 'Blanc', size: '' });
    const { lead: nothing } = await customLead({}, {});
    expect(nothing.custom).toEqual({ clothing_type: '', item_id: null, item_name: null, color: '', size: '' });
  });

  it('places the custom order with its pictures, priced by the server, recovered by the desk, once', async () => {
    const hoodie = await insertCustomItem(t.db.kysely, {
      name: 'Hoodie',
      base_price: 3200,
      sizes: ['M', 'L'],
      colors: ['Noir', 'Blanc'],
    });
    const { key, phone, lead } = await customLead(
      { clothing_type: String(hoodie), color: 'Noir', size: 'M' },
      { utm_source: 'facebook', utm_campaign: 'hoodies' },
    );
    const agent = await addStaff(t, 'agent');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/claim`, headers: agent.headers })).statusCode,
    ).toBe(200);

    const fields = { clothing_type: String(hoodie), color: 'blanc', size: 'l', address: '5 rue Larbi Ben Mhidi' };
    const res = await createCustom(lead.id, agent.headers, fields, ['reference_image_front', 'reference_image_back']);
    expect(res.statusCode, res.body).toBe(201);
    const { order, lead: recovered } = res.json<{
      data: { order: { order_id: number; subtotal: number; shipping_fee: number; total: number }; lead: Lead };
    }>().data;
    expect(order).toMatchObject({ subtotal: 3200, shipping_fee: wilaya.price, total: 3200 + wilaya.price });
    expect(recovered).toMatchObject({ order_id: order.order_id, converted_by: 'desk', claim: null });
    expect(await draftRow(key)).toMatchObject({ order_id: order.order_id, converted_by: 'desk', claimed_by: null });

    const placed = await t.db.kysely
      .selectFrom('orders')
      .select([
        'type',
        'status',
        'custom_item_id',
        'clothing_type',
        'color',
        'size',
        'customer_name',
        'customer_address',
        'customer_postal_code',
        'subtotal_cents',
        'final_total_cents',
      ])
      .where('id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    expect(placed).toEqual({
      type: 'custom',
      status: 'pending',
      custom_item_id: hoodie,
      clothing_type: 'Hoodie',
      color: 'Blanc',
      size: 'L',
      customer_name: 'Samia Belkacem',
      customer_address: `${wilaya.name} | 5 rue Larbi Ben Mhidi`,
      customer_postal_code: '16000',
      subtotal_cents: 320_000,
      final_total_cents: (3200 + wilaya.price) * 100,
    });
    const pictures = await t.db.kysely
      .selectFrom('order_reference_images')
      .select(['position', 'image_url'])
      .where('order_id', '=', order.order_id)
      .orderBy('position')
      .execute();
    expect(pictures.map((p) => p.position)).toEqual(['back', 'front']);
    for (const picture of pictures) {
      expect(fs.existsSync(path.join(t.config.uploadsDir, path.basename(picture.image_url)))).toBe(true);
    }
    const attribution = await t.db.kysely
      .selectFrom('order_attributions')
      .select(['event_id', 'utm_source', 'utm_campaign'])
      .where('order_id', '=', order.order_id)
      .executeTakeFirst();
    expect(attribution).toEqual({ event_id: `lead-${key}`, utm_source: 'facebook', utm_campaign: 'hoodies' });

    // A second tap answers the same order, with nothing more written.
    const files = uploads();
    const again = await createCustom(lead.id, agent.headers, fields);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<{ data: { order: { order_id: number } } }>().data.order.order_id).toBe(order.order_id);
    expect(await ordersOf(phone)).toHaveLength(1);
    expect(uploads()).toEqual(files);
    expect((await leadsNow()).find((l) => l.id === lead.id)).toMatchObject({ order_id: order.order_id });
  });

  it('a cup takes its front picture only, and no size', async () => {
    const { lead } = await customLead({ clothing_type: 'cup', color: 'Blanc', size: '' });
    const cup = await t.db.kysely
      .selectFrom('custom_order_items')
      .select(['id', 'base_price_cents'])
      .where('name', '=', 'cup')
      .where('active', '=', 1)
      .executeTakeFirst();
    const cupId = cup?.id ?? (await insertCustomItem(t.db.kysely, { name: 'cup', sizes: null, colors: ['Blanc'] }));
    const res = await createCustom(lead.id, owner, { clothing_type: 'cup', color: 'Blanc', size: 'XL' }, [
      'reference_image_front',
      'reference_image_side',
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ data: { order: { order_id: number } } }>().data.order.order_id;
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['custom_item_id', 'size'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ custom_item_id: cupId, size: null });
    const positions = await t.db.kysely
      .selectFrom('order_reference_images')
      .select('position')
      .where('order_id', '=', orderId)
      .execute();
    expect(positions).toEqual([{ position: 'front' }]);
  });

  it('refuses it with a 409 while another agent holds the lead, writing nothing', async () => {
    const item = await insertCustomItem(t.db.kysely, { name: 'Sweat', sizes: ['M'], colors: ['Noir'] });
    const { key, phone, lead } = await customLead({ clothing_type: String(item), color: 'Noir', size: 'M' });
    const [sara, amine] = [await addStaff(t, 'agent'), await addStaff(t, 'agent')];
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/claim`, headers: sara.headers })).statusCode,
    ).toBe(200);
    const files = uploads();
    const res = await createCustom(lead.id, amine.headers, { clothing_type: String(item), color: 'Noir', size: 'M' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 409,
      message: `Being called by ${sara.username}: the lead is theirs until they record the call or give it back`,
    });
    expect(await ordersOf(phone)).toEqual([]);
    expect(uploads()).toEqual(files);
    expect(await draftRow(key)).toMatchObject({ order_id: null, claimed_by: sara.id });
  });

  it.each([
    ['no picture', { color: 'Noir', size: 'M' }, [], /^At least one reference picture is needed/],
    [
      'a colour the item does not have',
      { color: 'Violet', size: 'M' },
      ['reference_image_front'],
      /^This colour is not offered/,
    ],
    [
      'a size the item does not have',
      { color: 'Noir', size: 'XXS' },
      ['reference_image_front'],
      /^This size is not offered/,
    ],
    ['no colour', { size: 'M' }, ['reference_image_front'], /Choose the colour/],
    ['a field the form does not have', { color: 'Noir', size: 'M', coupon_code: 'X' }, ['reference_image_front'], /.+/],
  ])(
    'refuses %s with a 400 envelope, writing nothing and keeping no picture',
    async (_what, change, pictures, message) => {
      const item = await insertCustomItem(t.db.kysely, { name: 'Sweat', sizes: ['M'], colors: ['Noir'] });
      const { key, phone, lead } = await customLead({ clothing_type: String(item), color: 'Noir', size: 'M' });
      const files = uploads();
      const res = await createCustom(lead.id, owner, { clothing_type: String(item), ...change }, pictures);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.stringMatching(message) as string });
      expect(await ordersOf(phone)).toEqual([]);
      expect(uploads()).toEqual(files);
      expect(await draftRow(key)).toMatchObject({ order_id: null, converted_by: null });
    },
  );

  it('is for custom leads only, and the cart’s Create order is not', async () => {
    const product = await insertProduct(t.db.kysely, { price: 1000, stock: 3 });
    const cartKey = newKey();
    const cartPhone = freshPhone();
    await saveDraft(cartKey, draftPayload(cartPhone, [{ product_id: product, quantity: 1 }]));
    await age(cartKey, 30 * MINUTE);
    const cartLead = (await leadsNow()).find((l) => l.customer_phone === cartPhone)!;
    expect(cartLead.custom).toBeNull();
    const onCart = await createCustom(cartLead.id, owner, { clothing_type: '1', color: 'Noir' });
    expect(onCart.statusCode).toBe(409);
    const { lead } = await customLead({ clothing_type: 'cup', color: 'Blanc' });
    const onCustom = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/order`,
      headers: owner,
      payload: {},
    });
    expect(onCustom.statusCode).toBe(409);
  });

  it('is the desk’s: a packer may not', async () => {
    const { lead } = await customLead({ clothing_type: 'cup', color: 'Blanc' });
    const packer = await addStaff(t, 'packer');
    const res = await createCustom(lead.id, packer.headers, { clothing_type: 'cup', color: 'Blanc' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the agent says where the parcel goes (issue 31)', () => {
  // Oran: home 600 Da (the seed's), a stop desk at 450 Da; Alger: home 400, stop desk 300; Tlemcen none.
  beforeAll(async () => {
    const desk = (code: number, cents: number | null) =>
      t.db.kysely
        .updateTable('shipping_prices')
        .set({ stop_desk_price_cents: cents })
        .where('wilaya_code', '=', code)
        .execute();
    await desk(31, 45_000);
    await desk(16, 30_000);
    await desk(13, null);
  });

  const ordersOf = (phone: string) =>
    t.db.kysely
      .selectFrom('orders')
      .select([
        'id',
        'wilaya_name',
        'commune_name',
        'delivery_type',
        'customer_address',
        'shipping_fee_cents',
        'final_total_cents',
      ])
      .where('customer_phone', '=', phone)
      .execute();

  /** A cart's draft left 30 minutes ago, where the customer chose what `place` says (nothing: no wilaya). */
  async function cartLead(place: Record<string, string>, price = 1000) {
    const product = await insertProduct(t.db.kysely, { price, stock: 5 });
    const key = newKey();
    const phone = freshPhone();
    const saved = await saveDraft(key, {
      ...draftPayload(phone, [{ product_id: product, quantity: 2 }]),
      wilaya: '',
      ...place,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await age(key, 30 * MINUTE);
    const lead = (await leadsNow()).find((l) => l.customer_phone === phone);
    if (!lead) throw new Error('the draft is no lead');
    return { key, phone, lead, product };
  }

  const createOrder = (id: number, payload: Record<string, unknown>, headers = owner) =>
    t.app.inject({ method: 'POST', url: `/api/leads/${id}/order`, headers, payload });

  it('orders a lead without a wilaya at the stop desk the agent heard, charged the server’s fee', async () => {
    const { key, phone, lead, product } = await cartLead({});
    expect(lead).toMatchObject({ wilaya: '', commune: '' });
    const agent = await addStaff(t, 'agent');

    // Without a wilaya the order is refused in English, nothing written.
    const none = await createOrder(lead.id, {}, agent.headers);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json()).toMatchObject({ status: 400, message: 'Choose the wilaya the parcel goes to' });
    expect(await ordersOf(phone)).toEqual([]);

    const res = await createOrder(
      lead.id,
      { wilaya: 'Oran', commune: 'bir el djir', delivery_type: 'stop_desk', address: 'Cité 200 logements' },
      agent.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json<{ data: { order: { order_id: number; shipping_fee: number; total: number } } }>().data;
    expect(order).toMatchObject({ shipping_fee: 450, total: 2000 + 450 });
    expect(await ordersOf(phone)).toEqual([
      {
        id: order.order_id,
        wilaya_name: 'Oran',
        commune_name: 'Bir El Djir',
        delivery_type: 'stop_desk',
        customer_address: 'Oran | Cité 200 logements',
        shipping_fee_cents: 45_000,
        final_total_cents: 245_000,
      },
    ]);
    expect(await draftRow(key)).toMatchObject({ order_id: order.order_id, converted_by: 'desk' });
    expect(await productStock(t.db.kysely, product)).toBe(3);
  });

  it.each([
    [
      'a wilaya the shop does not deliver to',
      { wilaya: 'Atlantis', commune: 'Nowhere', delivery_type: 'home' },
      'The shop does not deliver to this wilaya',
    ],
    [
      'a commune of another wilaya',
      { wilaya: 'Oran', commune: 'Hydra', delivery_type: 'home' },
      'This commune is not in the wilaya Oran',
    ],
    [
      'a stop desk where there is none',
      { wilaya: 'Tlemcen', commune: 'Remchi', delivery_type: 'stop_desk' },
      'There is no stop desk in the wilaya Tlemcen: choose home delivery',
    ],
    [
      'a stop desk without its commune',
      { wilaya: 'Oran', delivery_type: 'stop_desk' },
      'Choose the commune (the stop desk’s, for a stop desk)',
    ],
    [
      'a delivery type that does not exist',
      { wilaya: 'Oran', commune: 'Arzew', delivery_type: 'drone' },
      'The delivery is one of home, stop_desk',
    ],
  ])('refuses %s with a 400 in English, writing nothing', async (_what, place, message) => {
    const { key, phone, lead, product } = await cartLead({});
    const res = await createOrder(lead.id, place);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message });
    expect(await ordersOf(phone)).toEqual([]);
    expect(await draftRow(key)).toMatchObject({ order_id: null, converted_by: null });
    expect(await productStock(t.db.kysely, product)).toBe(5);
  });

  it('keeps the draft’s wilaya, commune and delivery when the agent sends none; the agent’s win otherwise', async () => {
    const draft = { wilaya: 'Alger', commune: 'Hydra', delivery_type: 'stop_desk', address: '3 rue Didouche' };
    const kept = await cartLead(draft);
    const res = await createOrder(kept.lead.id, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(await ordersOf(kept.phone)).toMatchObject([
      {
        wilaya_name: 'Alger',
        commune_name: 'Hydra',
        delivery_type: 'stop_desk',
        customer_address: 'Alger | 3 rue Didouche',
        shipping_fee_cents: 30_000,
      },
    ]);

    // The customer would rather have it at home, in Oran: the draft's Alger commune does not follow.
    const moved = await cartLead(draft);
    const home = await createOrder(moved.lead.id, { wilaya: 'Oran', commune: 'Arzew', delivery_type: 'home' });
    expect(home.statusCode, home.body).toBe(201);
    expect(await ordersOf(moved.phone)).toMatchObject([
      { wilaya_name: 'Oran', commune_name: 'Arzew', delivery_type: 'home', shipping_fee_cents: 60_000 },
    ]);
    // Only the delivery changed: the draft's wilaya and commune stay.
    const desk = await cartLead({ ...draft, delivery_type: 'home' });
    expect((await createOrder(desk.lead.id, { delivery_type: 'stop_desk' })).statusCode).toBe(201);
    expect(await ordersOf(desk.phone)).toMatchObject([
      { wilaya_name: 'Alger', commune_name: 'Hydra', delivery_type: 'stop_desk', shipping_fee_cents: 30_000 },
    ]);
  });

  it('a custom order’s lead without a wilaya is ordered where the agent says; refused in English otherwise', async () => {
    const item = await insertCustomItem(t.db.kysely, {
      name: 'Tote',
      base_price: 1500,
      sizes: ['M'],
      colors: ['Beige'],
    });
    const key = newKey();
    const phone = freshPhone();
    await saveDraft(key, {
      ...draftPayload(phone),
      wilaya: '',
      checkout: 'custom',
      page_url: '/custom-order',
      custom: { clothing_type: String(item), color: 'Beige', size: 'M' },
    });
    await age(key, 30 * MINUTE);
    const lead = (await leadsNow()).find((l) => l.customer_phone === phone)!;
    const uploads = () => (fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir).sort() : []);
    const send = async (fields: Record<string, string>) => {
      const { payload, headers } = multipartBody([
        ...Object.entries({ clothing_type: String(item), color: 'Beige', size: 'M', ...fields }).map(
          ([name, value]) => ({
            name,
            value,
          }),
        ),
        {
          name: 'reference_image_front',
          value: await pngImage(40, 30, '#335577'),
          filename: 'f.png',
          contentType: 'image/png',
        },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/custom-order`,
        headers: { ...owner, ...headers },
        payload,
      });
    };

    const files = uploads();
    for (const [fields, message] of [
      [{}, 'Choose the wilaya the parcel goes to'],
      [{ wilaya: 'Oran', commune: 'Bab El Oued', delivery_type: 'home' }, 'This commune is not in the wilaya Oran'],
      [{ wilaya: 'Atlantis' }, 'The shop does not deliver to this wilaya'],
    ] as const) {
      const refused = await send(fields);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ status: 400, message });
    }
    expect(await ordersOf(phone)).toEqual([]);
    expect(uploads()).toEqual(files);

    const res = await send({ wilaya: 'Oran', commune: 'Arzew', delivery_type: 'stop_desk' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ordersOf(phone)).toMatchObject([
      {
        wilaya_name: 'Oran',
        commune_name: 'Arzew',
        delivery_type: 'stop_desk',
        shipping_fee_cents: 45_000,
        final_total_cents: 195_000,
      },
    ]);
  });
});
