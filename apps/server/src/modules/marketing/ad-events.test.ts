// Ad attribution end to end, through HTTP, against local fakes of Meta's Conversions API and
// TikTok's Events API over real HTTP (test/fake-ad-platforms.ts), on SQLite and PostgreSQL: the
// owner's settings with write-only tokens; an order's attribution kept from its checkout; one
// purchase per platform at the stage chosen, with the documented shapes, hashes and the browser's
// event id; once only under concurrent runs and enqueues; retries on 5xx and time-outs; refusals
// and stale events logged; nothing sent when not configured; the log and /metrics.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdEvent, MarketingSettingsRead } from '@shop/domain/marketing';
import { createTestContext, testDialect, type TestContext } from '../../../test/harness.ts';
import { connect } from '../../db/connect.ts';
import { insertCustomItem, insertProduct, multipartBody, pngImage } from '../../../test/fixtures.ts';
import {
  FAKE_META_PIXEL,
  FAKE_META_TOKEN,
  FAKE_TIKTOK_PIXEL,
  FAKE_TIKTOK_TOKEN,
  startFakeAdPlatforms,
  type FakeAdPlatforms,
} from '../../../test/fake-ad-platforms.ts';
import { enqueuePurchases } from './ad-events.service.ts';
import { cachedMarketingSettings, forgetMarketingSettings, MARKETING_SETTINGS_TTL_MS } from './marketing-settings.ts';
import { adHosts, runAdEvents } from './ad-events-worker.ts';

const METRICS_TOKEN = 'metrics-token-for-ads-tests';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestContext;
let fake: FakeAdPlatforms;
let admin: Record<string, string>;
let wilaya: { name: string; price: number };
let soap: number;

beforeAll(async () => {
  fake = await startFakeAdPlatforms();
  t = await createTestContext({ env: { ...fake.env, METRICS_TOKEN } });
  admin = await t.adminHeaders();
  const row = await t.db.kysely
    .selectFrom('shipping_prices')
    .select(['wilaya_name', 'price_cents'])
    .where('wilaya_name', '=', 'Alger')
    .executeTakeFirstOrThrow();
  wilaya = { name: row.wilaya_name, price: row.price_cents / 100 };
  soap = await insertProduct(t.db.kysely, { name: 'Savon pub', price: 1200, stock: 1000 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(async () => {
  fake.mode.meta = 'ok';
  fake.mode.tiktok = 'ok';
  fake.received.length = 0;
  await saveSettings({ meta: 'confirmed', tiktok: 'confirmed' });
});

function saveSettings(
  stages: { meta: string; tiktok: string },
  tokens: { meta?: string; tiktok?: string } = { meta: FAKE_META_TOKEN, tiktok: FAKE_TIKTOK_TOKEN },
) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/marketing/settings',
    headers: admin,
    payload: {
      meta: {
        pixel_id: FAKE_META_PIXEL,
        ...(tokens.meta === undefined ? {} : { access_token: tokens.meta }),
        test_event_code: 'TEST123',
        purchase_stage: stages.meta,
      },
      tiktok: {
        pixel_id: FAKE_TIKTOK_PIXEL,
        ...(tokens.tiktok === undefined ? {} : { access_token: tokens.tiktok }),
        test_event_code: '',
        purchase_stage: stages.tiktok,
      },
    },
  });
}

let phoneSeq = 0;
const freshPhone = () => `0661${String(200_000 + ++phoneSeq).slice(-6)}`;

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile';

async function place(attribution: Record<string, string> = {}, phone = freshPhone()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'user-agent': BROWSER },
    payload: {
      customer_name: 'Nadia Kaci',
      customer_phone: phone,
      customer_address: `${wilaya.name} | 5 rue des Frères`,
      customer_postal_code: '16000',
      subtotal: 2400,
      shipping_fee: wilaya.price,
      items: [{ product_id: soap, quantity: 2, size: '' }],
      ...attribution,
    },
  });
  return res;
}
async function placed(attribution: Record<string, string> = {}, phone?: string): Promise<number> {
  const res = await place(attribution, phone);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { order_id: number } }>().data.order_id;
}
const confirm = (id: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/confirmation/${id}`,
    headers: admin,
    payload: { outcome: 'confirmed' },
  });
const refuse = (id: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/confirmation/${id}`,
    headers: admin,
    payload: { outcome: 'refused', reason: 'changed_mind' },
  });
const setStatus = (id: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/order/updateOrderStatus/${id}`, headers: admin, payload: { status } });
// What the app's schedule runs (AD_EVENTS_INTERVAL_SECONDS), run by the test when it wants.
const send = (options: { now?: Date; holder?: string } = {}) =>
  runAdEvents(t.db.kysely, adHosts(t.app), { count: t.app.metrics.countAdEvent, ...options });
async function log(query: string): Promise<AdEvent[]> {
  const res = await t.app.inject({ url: `/api/marketing/events?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdEvent[] }>().data;
}
const eventsOf = (orderId: number) =>
  fake.received.filter((r) => {
    const data = r.event.custom_data as { order_id?: string } | undefined;
    const props = r.event.properties as { order_id?: string } | undefined;
    return (data?.order_id ?? props?.order_id) === String(orderId);
  });
/** A Content-Security-Policy header's directives by name. */
const directives = (header: unknown): Record<string, string> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('the settings', () => {
  it('keeps the tokens on the server: the admin reads whether one is set, a left-out token stays, an empty one goes', async () => {
    const res = await t.app.inject({ url: '/api/marketing/settings', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(FAKE_META_TOKEN);
    expect(res.body).not.toContain(FAKE_TIKTOK_TOKEN);
    const read = res.json<{ data: MarketingSettingsRead }>().data;
    expect(read.meta).toEqual({
      pixel_id: FAKE_META_PIXEL,
      access_token_set: true,
      test_event_code: 'TEST123',
      purchase_stage: 'confirmed',
      server_events: true,
    });

    const kept = await saveSettings({ meta: 'delivered', tiktok: 'placed' }, {});
    expect(kept.statusCode, kept.body).toBe(200);
    const after = kept.json<{ data: MarketingSettingsRead }>().data;
    expect(after.meta).toMatchObject({ access_token_set: true, purchase_stage: 'delivered' });
    expect(after.tiktok).toMatchObject({ access_token_set: true, purchase_stage: 'placed' });

    const removed = await saveSettings({ meta: 'confirmed', tiktok: 'confirmed' }, { meta: '', tiktok: '' });
    expect(removed.json<{ data: MarketingSettingsRead }>().data.meta).toMatchObject({
      access_token_set: false,
      server_events: false,
    });
  });

  it('refuses a bad stage or pixel id with a 400 and saves nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/marketing/settings',
      headers: admin,
      payload: {
        meta: { pixel_id: '<script>', test_event_code: '', purchase_stage: 'shipped' },
        tiktok: { pixel_id: 'X', test_event_code: '', purchase_stage: 'placed' },
      },
    });
    expect(res.statusCode).toBe(400);
    const read = (await t.app.inject({ url: '/api/marketing/settings', headers: admin })).json<{
      data: MarketingSettingsRead;
    }>().data;
    expect(read.meta.pixel_id).toBe(FAKE_META_PIXEL);
    expect(read.tiktok.pixel_id).toBe(FAKE_TIKTOK_PIXEL);
  });

  it('gives the storefront the pixel ids with the shop settings, never a token', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.json<{ data: { pixels: unknown } }>().data.pixels).toEqual({
      meta: FAKE_META_PIXEL,
      tiktok: FAKE_TIKTOK_PIXEL,
      scripts: {
        meta: 'https://connect.facebook.net/en_US/fbevents.js',
        tiktok: 'https://analytics.tiktok.com/i18n/pixel/events.js',
      },
    });
    expect(res.body).not.toContain(FAKE_META_TOKEN);
  });

  it("loads the pixels' scripts from the configured addresses, and the CSP names those hosts", async () => {
    const scripts = {
      meta: 'http://127.0.0.1:9/en_US/fbevents.js',
      tiktok: 'http://localhost:9/i18n/pixel/events.js',
    };
    const shop = await createTestContext({
      env: { META_PIXEL_SCRIPT_URL: scripts.meta, TIKTOK_PIXEL_SCRIPT_URL: scripts.tiktok },
    });
    try {
      const res = await shop.app.inject({ url: '/api/settings' });
      expect(res.json<{ data: { pixels: { scripts: unknown } } }>().data.pixels.scripts).toEqual(scripts);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toBe("'self' http://127.0.0.1:9 http://localhost:9");
      expect(csp['connect-src']).toBe("'self' http://127.0.0.1:9 http://localhost:9 https://www.facebook.com");
      expect(res.headers['content-security-policy']).not.toContain('connect.facebook.net');
    } finally {
      await shop.close();
    }
    // By default, the platforms' own hosts.
    const csp = directives((await t.app.inject({ url: '/api/settings' })).headers['content-security-policy']);
    expect(csp['script-src']).toBe("'self' https://connect.facebook.net https://analytics.tiktok.com");
  });
});

describe('an order and its purchase', () => {
  it("keeps the checkout's attribution and sends one purchase per platform once confirmed, as each documents it", async () => {
    const fbc = `fb.1.1764000000000.IwAR-click-${phoneSeq}`;
    const id = await placed({
      fbp: 'fb.1.1764000000000.1234567890',
      fbc,
      ttp: 'ttp-cookie-1',
      ttclid: 'E.C.P.tiktok-click',
      utm_source: 'facebook',
      utm_campaign: 'Soldes été',
      landing_url: 'https://boutique.example/produit/12?utm_source=facebook&fbclid=IwAR',
      event_id: 'evt-browser-0001',
    });
    const kept = await t.db.kysely
      .selectFrom('order_attributions')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      event_id: 'evt-browser-0001',
      fbc,
      ttclid: 'E.C.P.tiktok-click',
      utm_campaign: 'Soldes été',
      user_agent: BROWSER,
    });
    expect(kept.ip).toBeTruthy();

    // Placed is not the stage chosen: nothing owed yet.
    expect(await send()).toEqual({ sent: 0, failed: 0, skipped: 0, retrying: 0 });
    expect(fake.received).toHaveLength(0);

    expect((await confirm(id)).statusCode).toBe(200);
    expect(await send()).toMatchObject({ sent: 2 });
    const total = 2400 + wilaya.price;
    const phone = `213${(await t.db.kysely.selectFrom('orders').select('customer_phone').where('id', '=', id).executeTakeFirstOrThrow()).customer_phone.slice(1)}`;

    const [meta] = eventsOf(id).filter((r) => r.platform === 'meta');
    expect(meta?.pixel).toBe(FAKE_META_PIXEL);
    expect(meta?.testEventCode).toBe('TEST123');
    expect(meta?.event).toEqual({
      event_name: 'Purchase',
      event_time: expect.any(Number),
      event_id: 'evt-browser-0001',
      action_source: 'website',
      event_source_url: 'https://boutique.example/produit/12?utm_source=facebook&fbclid=IwAR',
      user_data: {
        ph: [sha256(phone)],
        st: [sha256('alger')],
        country: [sha256('dz')],
        fbp: 'fb.1.1764000000000.1234567890',
        fbc,
        client_ip_address: kept.ip,
        client_user_agent: BROWSER,
      },
      custom_data: {
        currency: 'DZD',
        value: total,
        order_id: String(id),
        content_type: 'product',
        content_ids: [String(soap)],
        contents: [{ id: String(soap), quantity: 2 }],
      },
    });

    const [tiktok] = eventsOf(id).filter((r) => r.platform === 'tiktok');
    expect(tiktok?.body).toMatchObject({ event_source: 'web', event_source_id: FAKE_TIKTOK_PIXEL });
    expect(tiktok?.testEventCode).toBeUndefined();
    expect(tiktok?.event).toEqual({
      event: 'CompletePayment',
      event_time: expect.any(Number),
      event_id: 'evt-browser-0001',
      user: {
        phone: sha256(`+${phone}`),
        ttp: 'ttp-cookie-1',
        ttclid: 'E.C.P.tiktok-click',
        ip: kept.ip,
        user_agent: BROWSER,
      },
      properties: {
        currency: 'DZD',
        value: total,
        order_id: String(id),
        content_type: 'product',
        contents: [{ content_id: String(soap), quantity: 2 }],
      },
      page: { url: 'https://boutique.example/produit/12?utm_source=facebook&fbclid=IwAR' },
    });

    // Refused at the door after the purchase counted: nothing more goes, and the log says so.
    expect((await refuse(id)).statusCode).toBe(200);
    await send({ now: inAnHour() });
    expect(eventsOf(id)).toHaveLength(2);
    const entries = await log(`order_id=${id}`);
    expect(entries.map((e) => [e.platform, e.state, e.order_undone])).toEqual([
      ['tiktok', 'sent', true],
      ['meta', 'sent', true],
    ]);
  });

  it("gives an order the desk makes from a lead the draft's attribution, and its purchase", async () => {
    expect((await saveSettings({ meta: 'placed', tiktok: 'delivered' })).statusCode).toBe(200);
    const key = randomBytes(16).toString('hex');
    const fbc = `fb.1.1764000000000.IwAR-lead-${phoneSeq}`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/checkout-drafts/${key}`,
      headers: { 'user-agent': BROWSER },
      payload: {
        checkout: 'cart',
        customer_name: 'Nadia Kaci',
        customer_phone: freshPhone(),
        wilaya: wilaya.name,
        lines: [{ product_id: soap, quantity: 1 }],
        fbc,
        utm_source: 'facebook',
        utm_campaign: 'Relance',
        landing_url: 'https://boutique.example/produit/12?fbclid=IwAR-lead',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const lead = await t.db.kysely
      .selectFrom('checkout_drafts')
      .select('id')
      .where('draft_key', '=', key)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: `/api/leads/${lead.id}/order`, headers: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { order: { order_id: number } } }>().data.order.order_id;

    const kept = await t.db.kysely
      .selectFrom('order_attributions')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      event_id: `lead-${key}`,
      fbc,
      utm_source: 'facebook',
      utm_campaign: 'Relance',
      landing_url: 'https://boutique.example/produit/12?fbclid=IwAR-lead',
      user_agent: BROWSER,
    });
    expect(kept.ip).toBeTruthy();
    expect(await log(`order_id=${id}`)).toMatchObject([{ platform: 'meta', state: 'pending' }]);

    expect(await send()).toMatchObject({ sent: 1 });
    const [meta] = eventsOf(id);
    expect(meta?.platform).toBe('meta');
    expect(meta?.event).toMatchObject({
      event_name: 'Purchase',
      event_id: `lead-${key}`,
      event_source_url: 'https://boutique.example/produit/12?fbclid=IwAR-lead',
      user_data: { fbc, client_ip_address: kept.ip, client_user_agent: BROWSER },
    });
  });

  it('sends at the stage each platform chose: placed for one, delivered for the other', async () => {
    expect((await saveSettings({ meta: 'delivered', tiktok: 'placed' })).statusCode).toBe(200);
    const id = await placed({ event_id: 'evt-stage-test-1' });
    await send();
    expect(eventsOf(id).map((r) => r.platform)).toEqual(['tiktok']);
    expect((await confirm(id)).statusCode).toBe(200);
    await send();
    expect(eventsOf(id)).toHaveLength(1);
    expect((await setStatus(id, 'successful')).statusCode).toBe(200);
    await send();
    expect(eventsOf(id).map((r) => r.platform)).toEqual(['tiktok', 'meta']);
  });

  it('an order placed without attribution (an API client) still gets its own event id, the same on both platforms', async () => {
    const id = await placed();
    expect((await confirm(id)).statusCode).toBe(200);
    await send();
    const ids = eventsOf(id).map((r) => r.event.event_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^srv-/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('a custom order (multipart) keeps its attribution and its purchase names the garment', async () => {
    const item = await insertCustomItem(t.db.kysely, {
      name: 'Hoodie pub',
      base_price: 3200,
      sizes: ['M'],
      colors: ['Noir'],
    });
    const fields: Record<string, string> = {
      customer_name: 'Yacine Amrani',
      customer_phone: freshPhone(),
      customer_address: `${wilaya.name} | 3 rue Larbi Ben M'hidi`,
      customer_postal_code: '16000',
      type: 'custom',
      subtotal: '3200',
      shipping_fee: String(wilaya.price),
      clothing_type: String(item),
      color: 'Noir',
      size: 'M',
      fbc: 'fb.1.1764000000000.custom-click',
      utm_source: 'instagram',
      event_id: 'evt-custom-order-1',
    };
    const { payload, headers } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'reference_image_front', value: await pngImage(), filename: 'front.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order',
      payload,
      headers: { ...headers, 'user-agent': BROWSER },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    expect((await confirm(id)).statusCode).toBe(200);
    await send();
    const [meta] = eventsOf(id).filter((r) => r.platform === 'meta');
    expect(meta?.event).toMatchObject({
      event_id: 'evt-custom-order-1',
      user_data: { fbc: 'fb.1.1764000000000.custom-click', client_user_agent: BROWSER },
      custom_data: { value: 3200 + wilaya.price, contents: [{ id: `custom-${item}`, quantity: 1 }] },
    });
  });

  it('the same order sent again with its key is the same order, even when a pixel set its cookie meanwhile', async () => {
    const phone = freshPhone();
    const key = '7f3c1d2e-5b6a-4c8d-9e0f-112233445566';
    const send = (attribution: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'idempotency-key': key },
        payload: {
          customer_name: 'Nadia Kaci',
          customer_phone: phone,
          customer_address: `${wilaya.name} | 5 rue des Frères`,
          customer_postal_code: '16000',
          subtotal: 1200,
          shipping_fee: wilaya.price,
          items: [{ product_id: soap, quantity: 1, size: '' }],
          event_id: 'evt-retried-order',
          ...attribution,
        },
      });
    const first = await send({});
    const again = await send({ fbp: 'fb.1.1764000000000.555' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<{ data: { order_id: number } }>().data.order_id).toBe(
      first.json<{ data: { order_id: number } }>().data.order_id,
    );
  });

  it('refuses malformed attribution with a 400 and places nothing', async () => {
    const before = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bads: Record<string, string>[] = [
      { fbp: 'not-a-cookie' },
      { landing_url: 'javascript:alert(1)' },
      { utm_source: 'x'.repeat(201) },
    ];
    for (const bad of bads) {
      const res = await place(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const after = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('sending', () => {
  it('sends nothing to a platform without a token', async () => {
    expect((await saveSettings({ meta: 'placed', tiktok: 'placed' }, { meta: '', tiktok: '' })).statusCode).toBe(200);
    const id = await placed();
    expect((await confirm(id)).statusCode).toBe(200);
    await send();
    expect(fake.received).toHaveLength(0);
    expect(await log(`order_id=${id}`)).toEqual([]);
  });

  it('a status change follows the stage the owner has just saved', async () => {
    const before = await placed({ event_id: 'evt-stage-cache-1' });
    expect((await confirm(before)).statusCode).toBe(200);
    expect((await log(`order_id=${before}`)).map((e) => e.stage)).toEqual(['confirmed', 'confirmed']);
    // The owner moves the purchase to delivery: the very next confirmation enqueues nothing.
    expect((await saveSettings({ meta: 'delivered', tiktok: 'delivered' })).statusCode).toBe(200);
    const after = await placed({ event_id: 'evt-stage-cache-2' });
    expect((await confirm(after)).statusCode).toBe(200);
    expect(await log(`order_id=${after}`)).toEqual([]);
    expect((await setStatus(after, 'successful')).statusCode).toBe(200);
    expect((await log(`order_id=${after}`)).map((e) => e.stage)).toEqual(['delivered', 'delivered']);
    await send();
    expect(eventsOf(after)).toHaveLength(2);
  });

  it('reads the settings once per few seconds per process; a change by another process is seen after that', async () => {
    // A clock of its own, and nothing kept from the tests before: the first read is at `start`.
    const start = Date.parse('2026-11-26T10:00:00.000Z');
    forgetMarketingSettings(t.db.kysely);
    expect((await cachedMarketingSettings(t.db.kysely, start)).meta.purchaseStage).toBe('confirmed');
    // Another process saves a new stage (written straight to the table: this process is not told).
    await t.db.kysely
      .updateTable('shop_settings')
      .set({ value: 'placed' })
      .where('key', '=', 'marketing.meta.purchase_stage')
      .execute();
    try {
      // The clock is passed in, never waited: within the time, this process keeps what it read…
      expect((await cachedMarketingSettings(t.db.kysely, start + 1000)).meta.purchaseStage).toBe('confirmed');
      // …after it, it reads the change.
      const later = start + MARKETING_SETTINGS_TTL_MS + 1;
      expect((await cachedMarketingSettings(t.db.kysely, later)).meta.purchaseStage).toBe('placed');
    } finally {
      await saveSettings({ meta: 'confirmed', tiktok: 'confirmed' });
    }
  });

  it('enqueues once and sends once when two processes move the order and run the worker together', async () => {
    const id = await placed({ event_id: 'evt-concurrent-01' });
    expect((await confirm(id)).statusCode).toBe(200);
    const now = new Date().toISOString();
    await Promise.all([
      enqueuePurchases(t.db.kysely, [id], 'approved', now),
      enqueuePurchases(t.db.kysely, [id], 'approved', now),
    ]);
    fake.server.delayMs = 30;
    try {
      const runs = await Promise.all([send({ holder: 'process-a' }), send({ holder: 'process-b' })]);
      // One run held the lease; the other found it taken, or nothing left to send.
      expect(runs.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(2);
    } finally {
      fake.server.delayMs = 0;
    }
    await send({ holder: 'process-c' });
    expect(eventsOf(id)).toHaveLength(2);
    expect(await log(`order_id=${id}`)).toHaveLength(2);
  });

  // Two server processes on one PostgreSQL database: each its own connections, both enqueueing the
  // same order's purchase and running the sender at once.
  it.runIf(testDialect === 'postgres')('sends once from two processes sharing the database', async () => {
    const secondDb = connect(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
      { searchPath: t.db.schema! },
    );
    try {
      const id = await placed({ event_id: 'evt-two-processes' });
      expect((await confirm(id)).statusCode).toBe(200);
      const now = new Date().toISOString();
      await Promise.all([
        enqueuePurchases(t.db.kysely, [id], 'approved', now),
        enqueuePurchases(secondDb.kysely, [id], 'approved', now),
      ]);
      fake.server.delayMs = 30;
      const runs = await Promise.all([
        send({ holder: 'first-process' }),
        runAdEvents(secondDb.kysely, adHosts(t.app), { holder: 'second-process' }),
      ]);
      fake.server.delayMs = 0;
      expect(runs.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(2);
      expect(eventsOf(id)).toHaveLength(2);
    } finally {
      fake.server.delayMs = 0;
      await secondDb.close();
    }
  });

  it('tries again after a 5xx and after a time-out, then sends', async () => {
    const id = await placed();
    fake.mode.meta = 'error-500';
    fake.mode.tiktok = 'hang';
    expect((await confirm(id)).statusCode).toBe(200);
    expect(await send()).toMatchObject({ sent: 0, retrying: 2 });
    const waiting = await log(`order_id=${id}`);
    expect(waiting.find((e) => e.platform === 'meta')).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting.find((e) => e.platform === 'meta')?.message).toContain('HTTP 500');
    expect(waiting.find((e) => e.platform === 'tiktok')?.message).toContain('no answer in time');

    // Not due yet: the next run leaves them.
    fake.mode.meta = 'ok';
    fake.mode.tiktok = 'ok';
    expect(await send()).toMatchObject({ sent: 0, retrying: 0 });
    expect(await send({ now: inAnHour() })).toMatchObject({ sent: 2 });
    expect(eventsOf(id)).toHaveLength(2);
    expect((await log(`order_id=${id}`)).map((e) => [e.state, e.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it("records a refusal with the platform's message, and skips an event older than the platform's window", async () => {
    const refused = await placed();
    fake.mode.meta = 'refuse';
    fake.mode.tiktok = 'refuse';
    expect((await confirm(refused)).statusCode).toBe(200);
    expect(await send()).toMatchObject({ failed: 2 });
    const failed = await log(`order_id=${refused}`);
    expect(failed.find((e) => e.platform === 'meta')?.message).toContain('Invalid OAuth access token');
    expect(failed.find((e) => e.platform === 'tiktok')?.message).toContain('Access token is incorrect');

    fake.mode.meta = 'ok';
    fake.mode.tiktok = 'ok';
    const stale = await placed();
    expect((await confirm(stale)).statusCode).toBe(200);
    expect(await send({ now: new Date(Date.now() + 8 * 86_400_000) })).toMatchObject({ skipped: 2, sent: 0 });
    expect(eventsOf(stale)).toHaveLength(0);
    expect((await log('platform=meta')).find((e) => e.order_id === stale)).toMatchObject({
      state: 'skipped',
      message: "older than Meta's 7 days",
    });
  });

  it('counts the outcomes in /metrics', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.body).toMatch(/shop_ad_events_total\{platform="meta",outcome="sent"\} [1-9]/);
  });
});

describe('the test event', () => {
  it("sends a test purchase with the platform's test event code, and refuses without one", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketing/test-event',
      headers: admin,
      payload: { platform: 'meta' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { ok: boolean } }>().data.ok).toBe(true);
    expect(fake.received.at(-1)).toMatchObject({ platform: 'meta', testEventCode: 'TEST123' });

    const without = await t.app.inject({
      method: 'POST',
      url: '/api/marketing/test-event',
      headers: admin,
      payload: { platform: 'tiktok' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json<{ message: string }>().message).toContain('test event code');
  });
});
