// The ad pixels on a phone (390×844, touch), in Chromium against the real server, with the
// platforms replaced by local fakes over real HTTP: the pixels' script hosts (e2e/fake-pixels.ts,
// through META_PIXEL_SCRIPT_URL and TIKTOK_PIXEL_SCRIPT_URL, which the CSP then names) and the
// Conversions API / Events API (apps/server/test/fake-ad-platforms.ts). The owner sets a Meta
// pixel id and a TikTok pixel code with their tokens in Settings → Marketing; a customer opens a
// product: nothing loads from the platforms until her first touch, then both scripts load and play
// what was queued (PageView, ViewContent); she adds to the cart, opens the checkout and orders:
// AddToCart, InitiateCheckout, then Meta's Lead and TikTok's SubmitForm with the order's event id.
// Once the order is confirmed (the stage chosen), the server sends Purchase and CompletePayment
// with that same id: what each platform would deduplicate. Screens under e2e/screenshots/pixels/.
// Alone: `npm run build && npx vitest run --project e2e e2e/pixels.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  FAKE_META_PIXEL,
  FAKE_META_TOKEN,
  FAKE_TIKTOK_PIXEL,
  FAKE_TIKTOK_TOKEN,
  startFakeAdPlatforms,
  type FakeAdPlatforms,
} from '../apps/server/test/fake-ad-platforms.ts';
import { startFakePixels, type FakePixels, type PixelCall } from './fake-pixels.ts';
import {
  adminCall,
  adminPage,
  adminToken,
  chooseCommune,
  chooseWilaya,
  launchBrowser,
  newPage,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopProduct,
  type ShopServer,
} from './harness.ts';

const DIR = path.join(SCREENSHOT_DIR, 'pixels');
let shop: ShopServer;
let browser: Browser;
let ads: FakeAdPlatforms;
let pixels: FakePixels;
let ownerToken: string;

beforeAll(async () => {
  ads = await startFakeAdPlatforms();
  pixels = await startFakePixels();
  // The server sends its outbox every second by itself, as it would in production every 30 s.
  shop = await startShop({ ...ads.env, AD_EVENTS_INTERVAL_SECONDS: '1', ...pixels.env });
  browser = await launchBrowser();
  ownerToken = await adminToken(shop.baseUrl);
  fs.mkdirSync(DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await pixels?.close();
  await ads?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(DIR, `${name}.png`) });
}

/** A pixel call of this platform with this fbq/ttq method and event name. */
const call =
  (platform: PixelCall['platform'], method: string, event?: string) =>
  (c: PixelCall): boolean =>
    c.platform === platform && c.args[0] === method && (event === undefined || c.args[1] === event);

/** The calls that reached a platform, as `method event` (`init`, `track PageView`, `page`). */
const namesOf = (platform: PixelCall['platform']) =>
  pixels.calls
    .filter((c) => c.platform === platform)
    .map((c) =>
      typeof c.args[1] === 'string' && c.args[0] !== 'init' ? `${String(c.args[0])} ${c.args[1]}` : String(c.args[0]),
    );

describe('the ad pixels on a phone', () => {
  test('load after the first touch, send the journey’s events, and the order’s id is the purchase’s', async () => {
    // The owner pastes the pixel ids and tokens (Settings → Marketing, on her phone).
    const owner = await adminPage(browser, shop.baseUrl, ownerToken, VIEWPORTS.mobile, true);
    await owner.page.goto('/admin/settings');
    const marketing = owner.page.getByRole('form', { name: 'Marketing: ad platforms' });
    const meta = marketing.getByRole('group', { name: 'Meta (Facebook, Instagram)' });
    await meta.getByLabel('Meta (Facebook, Instagram) pixel id').fill(FAKE_META_PIXEL);
    await meta.getByLabel('Access token (not set)').fill(FAKE_META_TOKEN);
    const tiktok = marketing.getByRole('group', { name: 'TikTok' });
    await tiktok.getByLabel('TikTok pixel id').fill(FAKE_TIKTOK_PIXEL);
    await tiktok.getByLabel('Access token (not set)').fill(FAKE_TIKTOK_TOKEN);
    expect(await meta.getByLabel('confirmed by the call').isChecked()).toBe(true);
    await marketing.getByRole('button', { name: 'Save' }).tap();
    await owner.page.getByText('Marketing settings saved').waitFor();
    expect(owner.errors).toEqual([]);
    await owner.context.close();

    const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: ShopProduct[] };
    const product = all.data.find((p) => !p.has_sizes && p.stock >= 2)!;
    const customer = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true, reducedMotion: true });
    const { page } = customer;
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    // Before any touch: the events wait in the pixels' queues, nothing is asked of the platforms.
    await page.waitForFunction(() =>
      (window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue.some((c) => c[1] === 'ViewContent'),
    );
    expect(pixels.scriptsServed).toEqual({ meta: 0, tiktok: 0 });
    expect(pixels.calls).toEqual([]);

    // The first touch: both scripts load and play the queue.
    await page.getByRole('heading', { name: product.name, level: 1 }).tap();
    const viewed = await pixels.arrived(call('meta', 'track', 'ViewContent'));
    await pixels.arrived(call('tiktok', 'track', 'ViewContent'));
    expect(pixels.scriptsServed).toEqual({ meta: 1, tiktok: 1 });
    expect(viewed.args).toEqual([
      'track',
      'ViewContent',
      {
        value: product.final_price,
        currency: 'DZD',
        content_ids: [String(product.id)],
        contents: [{ id: String(product.id), quantity: 1 }],
        content_type: 'product',
      },
      {},
    ]);
    await shot(page, '1-product-after-first-touch');

    await page.getByRole('button', { name: 'Ajouter au panier' }).tap();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    const added = await pixels.arrived(call('tiktok', 'track', 'AddToCart'));
    expect(added.args).toEqual([
      'track',
      'AddToCart',
      {
        value: product.final_price,
        currency: 'DZD',
        content_type: 'product',
        contents: [{ content_id: String(product.id), quantity: 1 }],
      },
      {},
    ]);
    await pixels.arrived(call('meta', 'track', 'AddToCart'));

    // The cart (within the app: the scripts stay loaded), the checkout, the order.
    await page
      .getByRole('link', { name: /^Panier/ })
      .first()
      .tap();
    await page.getByRole('heading', { name: 'Votre Panier' }).waitFor();
    await chooseWilaya(page, '16');
    await page.getByRole('button', { name: /Passer la commande/ }).tap();
    await pixels.arrived(call('meta', 'track', 'InitiateCheckout'));
    await pixels.arrived(call('tiktok', 'track', 'InitiateCheckout'));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom complet').fill('Yasmine Belaid');
    await dialog.getByLabel('Numéro de téléphone').fill('0661 22 33 44');
    await dialog.getByLabel('Adresse', { exact: true }).fill('8 rue Larbi Ben Mhidi');
    await chooseCommune(dialog, 'hyd', 'Hydra');
    await dialog.getByLabel('Code postal').fill('16000');
    await dialog.getByRole('button', { name: 'Confirmer la commande' }).tap();
    await page.getByRole('heading', { name: 'Merci pour votre commande !' }).waitFor();
    const orderId = Number(((await page.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, ''));
    const lead = await pixels.arrived(call('meta', 'track', 'Lead'));
    const form = await pixels.arrived(call('tiktok', 'track', 'SubmitForm'));
    await shot(page, '2-thank-you');

    const eventId = (lead.args[3] as { eventID: string }).eventID;
    expect(eventId).toMatch(/^ord-/);
    expect(form.args[3]).toEqual({ event_id: eventId });
    const order = (
      (await (
        await fetch(`${shop.baseUrl}/api/order/getOrder/${orderId}`, {
          headers: { authorization: `Bearer ${ownerToken}` },
        })
      ).json()) as { data: { final_total: number } }
    ).data;
    expect(lead.args[2]).toMatchObject({
      value: order.final_total,
      currency: 'DZD',
      content_ids: [String(product.id)],
    });
    expect(form.args[2]).toMatchObject({ value: order.final_total, currency: 'DZD' });

    // What each platform received from the browser, in order (the thank-you shows on the cart's
    // page: no new page view), each on the page it was made.
    expect(namesOf('meta')).toEqual([
      'init',
      'track PageView',
      'track ViewContent',
      'track AddToCart',
      'track PageView',
      'track InitiateCheckout',
      'track Lead',
    ]);
    expect(namesOf('tiktok')).toEqual([
      'page',
      'track ViewContent',
      'track AddToCart',
      'page',
      'track InitiateCheckout',
      'track SubmitForm',
    ]);
    expect(pixels.calls.map((c) => c.page)).toEqual([
      ...Array<string>(7).fill(`/product/${product.id}`),
      ...Array<string>(6).fill(new URL(page.url()).pathname),
    ]);
    expect(pixels.calls.find(call('meta', 'init'))?.args).toEqual(['init', FAKE_META_PIXEL]);
    expect(new Set(pixels.calls.filter((c) => c.platform === 'tiktok').map((c) => c.pixel))).toEqual(
      new Set([FAKE_TIKTOK_PIXEL]),
    );
    expect(customer.errors).toEqual([]);
    await customer.context.close();

    // Placed is not the stage: the server sends its purchase once the call confirms the order.
    expect(ads.received).toEqual([]);
    await adminCall(shop.baseUrl, ownerToken, 'PUT', `/order/confirmation/${orderId}`, { outcome: 'confirmed' });
    const purchase = await ads.arrived((e) => e.platform === 'meta');
    const payment = await ads.arrived((e) => e.platform === 'tiktok');
    expect(purchase.pixel).toBe(FAKE_META_PIXEL);
    expect(purchase.event).toMatchObject({
      event_name: 'Purchase',
      event_id: eventId,
      action_source: 'website',
      custom_data: { currency: 'DZD', value: order.final_total, order_id: String(orderId) },
    });
    expect(payment.pixel).toBe(FAKE_TIKTOK_PIXEL);
    expect(payment.event).toMatchObject({
      event: 'CompletePayment',
      event_id: eventId,
      properties: { currency: 'DZD', value: order.final_total, order_id: String(orderId) },
    });
  });
});
