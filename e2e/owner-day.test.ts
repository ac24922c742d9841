// The owner's working day on a phone (390×844, touch) and at a desk, in Chromium against the real
// server talking to a local Yalidine: 31 orders sent to the courier in a few taps, the statuses
// synced now, the confirmation desk after signing in, a product's photos arranged and a 13 MB
// phone photo added, a fixed-amount coupon down to the cart, the dashboard's amounts on one line,
// and every back-office page these touch photographed at both sizes under
// e2e/screenshots/owner/ to be looked at.
// Alone: `npm run build && npx vitest run --project e2e e2e/owner-day.test.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Order } from '@shop/domain/order-responses';
import type { Product } from '@shop/domain/catalog-responses';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import { fakeYalidineEnv, startFakeYalidine, type FakeYalidine } from '../apps/server/test/fake-yalidine.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  adminCall,
  adminPage,
  adminToken,
  launchBrowser,
  newPage,
  placeOrder,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopProduct,
  type ShopServer,
} from './harness.ts';
import { overflow } from './page-checks.ts';

const DIR = path.join(SCREENSHOT_DIR, 'owner');

let shop: ShopServer;
let fake: FakeYalidine;
let browser: Browser;
let token: string;
/** A 50-megapixel phone photo of about 13 MB (drawn once). */
let bigPhoto: string;

beforeAll(async () => {
  fake = await startFakeYalidine();
  // A day's orders are placed through the API from one address: the orders' rate limit is lifted.
  shop = await startShop({ ...fakeYalidineEnv(fake), RATE_LIMIT_ORDERS: '100000/1m' });
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(DIR, { recursive: true });
  bigPhoto = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'photo-')), 'IMG_20260301_101500.jpg');
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 30 };
  await sharp({ create: { width: 8660, height: 5773, channels: 3, background: '#8899aa', noise } })
    .jpeg({ quality: 72 })
    .toFile(bigPhoto);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await fake?.close();
});

async function api<T>(url: string): Promise<T> {
  const res = await fetch(`${shop.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage });
}

const phone = () => adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);
const desktop = () => adminPage(browser, shop.baseUrl, token, VIEWPORTS.desktop);

/** A page at the desk's size, photographed once `ready` says it shows what it should. */
async function atDesk(url: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const { context, page, errors } = await desktop();
  try {
    await page.goto(url);
    await ready(page);
    await shot(page, name, true);
    expect(await overflow(page, VIEWPORTS.desktop.width)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function products(): Promise<ShopProduct[]> {
  return ((await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: ShopProduct[] }).data;
}

let phoneSeq = 0;
const freshPhone = () => `0770${String(100_000 + ++phoneSeq).slice(-6)}`;

describe("the owner's day", () => {
  test('31 orders sent to the courier from a phone in 4 taps; the actions stay in sight; statuses synced now', async () => {
    const all = await products();
    const ids: number[] = [];
    for (let i = 0; i < 31; i++) {
      const product = all.filter((p) => (p.has_sizes ? p.sizes.some((s) => s.stock > 0) : p.stock > 0))[i % 10]!;
      const size = product.has_sizes ? product.sizes.find((s) => s.stock > 0)!.name : '';
      ids.push((await placeOrder(shop.baseUrl, { product, size, phone: freshPhone(), name: `Client ${i}` })).id);
    }
    await adminCall(shop.baseUrl, token, 'PUT', '/order/bulkStatus', { ids, status: 'approved' });

    const { context, page, errors } = await phone();
    try {
      let taps = 0;
      await page.goto('/admin/orders?status=approved');
      await page
        .getByRole('region', { name: 'Orders' })
        .getByText(`#${ids.at(-1)}`)
        .waitFor();
      await page.getByRole('combobox', { name: 'Per page' }).selectOption('50');
      taps++;
      await page.getByText('Select all 31 on this page').waitFor();
      await page.getByRole('checkbox', { name: 'Select all 31 on this page' }).tap();
      taps++;
      const bar = page.getByTestId('selection-bar');
      await bar.getByText('31 orders selected').waitFor();
      // Far down the list, the bar is still at the bottom of the screen.
      await page.getByRole('checkbox', { name: `Select order #${ids[0]}`, exact: true }).scrollIntoViewIfNeeded();
      const box = (await bar.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height + 1);
      await shot(page, 'orders-phone-selected');
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);

      await bar.getByRole('button', { name: 'Send to courier' }).tap();
      taps++;
      await page
        .getByRole('dialog', { name: 'Send to the courier' })
        .getByRole('button', { name: 'Send to courier' })
        .tap();
      taps++;
      await bar.getByText('31 orders sent to the courier.').waitFor({ timeout: 30_000 });
      expect(taps).toBeLessThanOrEqual(5);
      expect(ids.every((id) => fake.createdFor(id) === 1)).toBe(true);
      await shot(page, 'orders-phone-sent');

      // Yalidine delivers the first parcel; Sync statuses now moves its order at once.
      const first = fake.parcels.find((p) => p.order_id === String(ids[0]))!;
      first.last_status = 'Livré';
      await page.goto('/admin/orders?status=shipping');
      await page.getByRole('button', { name: 'Sync statuses now' }).tap();
      await page.getByText(/Yalidine: \d+ parcels checked, \d+ status(es)? changed, 1 order moved\./).waitFor();
      await shot(page, 'orders-phone-synced');
      expect((await api<Order>(`/order/getOrder/${ids[0]}`)).status).toBe('successful');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await atDesk('/admin/orders?status=shipping', 'orders-desktop', (page) =>
      page.getByRole('button', { name: 'Sync statuses now' }).waitFor(),
    );
  }, 180_000);

  test('after signing in, the desk: where the parcel goes, no answer goes behind, the count in the header', async () => {
    const all = await products();
    const product = all.find((p) => p.has_sizes && p.sizes.some((s) => s.stock > 1))!;
    const size = product.sizes.find((s) => s.stock > 1)!.name;
    const a = await placeOrder(shop.baseUrl, { product, size, phone: freshPhone(), name: 'Karim Aït-Ahmed' });
    const b = await placeOrder(shop.baseUrl, { product, size, phone: freshPhone(), name: 'Samira Tebboune' });
    const { context, page, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true });
    try {
      await page.goto('/admin/login');
      await page.getByLabel('Username').fill(ADMIN_USERNAME);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).tap();
      await page.getByRole('heading', { name: 'To confirm', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/confirm');
      // Beside Menu: the orders waiting, without opening it.
      await page.getByRole('banner').getByRole('link', { name: 'To confirm (2 waiting)' }).first().waitFor();
      const card = page.getByRole('article', { name: new RegExp(`^#${a.id} ·`) });
      expect(await card.textContent()).toContain('Home');
      expect(await card.textContent()).toContain('12 rue des Oliviers');
      await shot(page, 'desk-phone-card');
      await card.getByRole('button', { name: 'No answer' }).tap();
      await page.getByText(`No answer recorded for order #${a.id} (call 1)`).waitFor();
      await page.reload();
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(2);
      expect(await cards.nth(0).textContent()).toContain(`#${b.id}`);
      expect(await cards.nth(1).textContent()).toMatch(/1 call without answer · last tried (just now|\d+ min ago)/);
      await cards.nth(1).getByRole('button', { name: 'Blacklist this number' }).tap();
      await cards.nth(1).getByRole('button', { name: 'Blacklist', exact: true }).scrollIntoViewIfNeeded();
      await shot(page, 'desk-phone-blacklist');
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      // The order search finds the name typed without its accent, in another order.
      await page.goto(`/admin/orders?q=${encodeURIComponent('ahmed ait')}`);
      await page.getByRole('region', { name: 'Orders' }).getByText(`#${a.id}`).waitFor();
      await shot(page, 'orders-phone-search');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await atDesk('/admin/confirm', 'desk-desktop', (page) => page.getByRole('article').first().waitFor());
  }, 120_000);

  test("a product's photos: make primary keeps them in place, Delete hits the photo tapped, a 13 MB photo is resized and added", async () => {
    expect(fs.statSync(bigPhoto).size).toBeGreaterThan(MAX_UPLOAD_BYTES);
    const withThree = (await api<Product[]>('/product/getAll')).find((p) => p.images.length === 3)!;
    const byPosition = [...withThree.images].sort((x, y) => x.position - y.position);
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/products');
      await page.getByRole('searchbox').fill(withThree.name);
      // The server searches after a pause in the typing: tap the product's own row, whichever
      // list (before or after the search's answer) is on the screen.
      await page
        .getByRole('row')
        .filter({ hasText: withThree.name })
        .getByRole('button', { name: 'Edit' })
        .first()
        .tap();
      const form = page.getByRole('dialog', { name: 'Edit product' });
      const photos = form.getByRole('list', { name: 'Images' });
      await photos.waitFor();
      await form.getByRole('button', { name: 'Make photo 3 primary' }).tap();
      await form.getByRole('button', { name: 'Delete photo 1' }).tap();
      await form.getByRole('button', { name: 'Move photo 3 earlier' }).tap();
      const labels = await photos
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
      expect(labels).toEqual(['Photo 1, deleted on Save', 'Photo 2, primary', 'Photo 3']);
      await form.getByLabel('Add images').setInputFiles(bigPhoto);
      await form.getByRole('img', { name: /IMG_20260301_101500\.jpg/ }).waitFor({ timeout: 60_000 });
      expect(await form.getByRole('alert').count()).toBe(0);
      await photos.scrollIntoViewIfNeeded();
      await shot(page, 'product-photos-phone');
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      await form.getByRole('button', { name: 'Save' }).tap();
      await form.waitFor({ state: 'detached', timeout: 60_000 });
      const after = await api<Product>(`/product/get/${withThree.id}`);
      const order = [...after.images].sort((x, y) => x.position - y.position).map((i) => i.id);
      expect(order.slice(0, 2)).toEqual([byPosition[2]!.id, byPosition[1]!.id]);
      expect(after.images).toHaveLength(3);
      expect(after.images.find((i) => i.is_primary === 1)?.id).toBe(byPosition[2]!.id);
      // The photo added was drawn at 1600 px by the browser, re-encoded by the server.
      const added = after.images.find((i) => !byPosition.some((b) => b.id === i.id))!;
      expect(Math.max(added.width ?? 0, added.height ?? 0)).toBe(1600);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await atDesk('/admin/products', 'product-photos-desktop', async (page) => {
      await page.getByRole('searchbox').fill(withThree.name);
      await page
        .getByRole('row')
        .filter({ hasText: withThree.name })
        .getByRole('button', { name: 'Edit' })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Edit product' }).getByRole('list', { name: 'Images' }).waitFor();
    });
  }, 180_000);

  test('the custom order takes a 13 MB phone photo as its reference, made smaller before it is sent', async () => {
    const { context, page, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true });
    try {
      await page.goto('/CustomOrder');
      await page.getByText('Devant').first().waitFor();
      await page.locator('input[type="file"]').first().setInputFiles(bigPhoto);
      await page
        .getByRole('img', { name: /Aperçu de l’image de référence/ })
        .first()
        .waitFor({ timeout: 60_000 });
      expect(await page.getByText('Image trop volumineuse (8 Mo maximum)').count()).toBe(0);
      await page
        .getByRole('img', { name: /Aperçu de l’image de référence/ })
        .first()
        .scrollIntoViewIfNeeded();
      await shot(page, 'custom-order-big-photo-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test('a coupon of 500 Da: created on the phone, shown in the list, taken off in the cart', async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/coupons');
      await page.getByRole('button', { name: '+ Create coupon' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Create coupon' });
      await dialog.getByLabel('Code').fill('moins500');
      await dialog.getByRole('radio', { name: 'Amount in Da' }).tap();
      await dialog.getByLabel('Amount (Da)').fill('500');
      await dialog.getByLabel('Max uses').fill('50');
      await dialog.getByLabel('Expiry date').fill('2099-12-31');
      await shot(page, 'coupon-form-phone');
      await dialog.getByRole('button', { name: 'Save' }).tap();
      const row = page.getByTestId('coupon-MOINS500');
      await row.waitFor();
      expect((await row.textContent())?.replace(/\s/g, ' ')).toContain('-500,00 Da');
      await shot(page, 'coupons-phone', true);
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await atDesk('/admin/coupons', 'coupons-desktop', (page) => page.getByTestId('coupon-MOINS500').waitFor());

    const product = (await products()).find((p) => p.has_sizes && p.sizes.some((s) => s.stock > 0))!;
    const size = product.sizes.find((s) => s.stock > 0)!.name;
    const cart = JSON.stringify([
      { id: product.id, name: product.name, cost: product.final_price, src: '', size, Quantity: 1 },
    ]);
    const customer = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true, storage: { cart } });
    try {
      await customer.page.goto('/Cart');
      await customer.page.getByPlaceholder('Ajouter un code promo').fill('MOINS500');
      await customer.page.getByRole('button', { name: 'Appliquer' }).tap();
      await customer.page.getByText('Code promo appliqué avec succès.').waitFor();
      const totals = customer.page.getByTestId('totals');
      expect((await totals.textContent())?.replace(/\s/g, ' ')).toContain('Réduction-500,00 Da');
      await totals.scrollIntoViewIfNeeded();
      await shot(customer.page, 'cart-fixed-coupon-phone');
      expect(customer.errors).toEqual([]);
    } finally {
      await customer.context.close();
    }
  }, 120_000);

  test("the dashboard's period, and its amounts each on one line on a phone", async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin');
      const cards = page.getByTestId('dashboard-cards');
      await cards.waitFor();
      await page.getByRole('button', { name: '30 days' }).tap();
      await page.getByText(/Orders placed since/).waitFor();
      const revenue = cards.getByRole('link', { name: /Total Revenue/ });
      expect(await revenue.textContent()).toContain('without delivery fees');
      // Each amount is one line of text: one box, no wrap.
      const lines = await revenue
        .locator('span')
        .evaluateAll((spans) =>
          spans.slice(1).map((span) => span.getClientRects().length === 1 && span.scrollWidth <= span.clientWidth + 1),
        );
      expect(lines).toEqual([true, true]);
      await shot(page, 'dashboard-phone');
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await atDesk('/admin?period=30d', 'dashboard-desktop', (page) => page.getByText(/Orders placed since/).waitFor());
  }, 60_000);

  test('the other pages touched, at both sizes: shipping prices, ratings, an order being corrected, slips, settings', async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/shipping-prices');
      await page.getByTestId('shipping-start').waitFor();
      await shot(page, 'shipping-start-phone');
      await page.getByRole('button', { name: 'Adjust all prices' }).tap();
      const adjust = page.getByRole('dialog', { name: 'Adjust every wilaya at once' });
      await adjust.getByLabel('Value (negative lowers)').fill('50');
      await adjust.getByRole('radio', { name: 'Stop desk prices' }).tap();
      await adjust.getByRole('button', { name: 'Review' }).tap();
      await page.getByRole('dialog', { name: 'Change these wilayas?' }).waitFor();
      await shot(page, 'shipping-adjust-confirm-phone');
      await page.getByRole('button', { name: 'Cancel' }).tap();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).tap();

      await page.goto('/admin/ratings');
      await page.getByRole('heading', { name: /Published/ }).waitFor();
      await shot(page, 'ratings-phone', true);
      await page.getByRole('tab', { name: 'Brand ratings' }).tap();
      await page.getByRole('button', { name: 'Delete' }).first().tap();
      await page.getByRole('dialog', { name: 'Delete rating' }).waitFor();
      await shot(page, 'ratings-delete-phone');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).tap();

      const pending = (await api<{ data: Order[] }>('/order/searchOrders?status=pending&page=1&limit=1')).data[0]!;
      await page.goto(`/admin/orders?order=${pending.id}`);
      await page.getByRole('button', { name: 'Edit order' }).tap();
      const edit = page.getByRole('dialog', { name: `Edit order #${pending.id}` });
      await edit.getByLabel('Delivery').waitFor();
      expect(await edit.getByLabel('Delivery').textContent()).toMatch(/Home · [\d\s]+,00 Da/);
      await edit.getByLabel('Wilaya').selectOption({ label: '16 - Alger' });
      expect(await edit.getByLabel('Postal code').inputValue()).toBe('');
      await edit.getByLabel('Delivery').scrollIntoViewIfNeeded();
      await shot(page, 'order-edit-phone');

      await page.goto('/admin/settings');
      await page.getByLabel('Calls without answer before cancelling').scrollIntoViewIfNeeded();
      await shot(page, 'settings-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const shipped = (await api<{ data: Order[] }>('/order/searchOrders?status=shipping&page=1&limit=2')).data;
    const ids = shipped.map((o) => o.id).join(',');
    const slipsPage = await phone();
    try {
      await slipsPage.page.goto(`/admin/slips?ids=${ids}`);
      await slipsPage.page.getByTestId('slip-sender').first().waitFor();
      await shot(slipsPage.page, 'slips-phone', true);
    } finally {
      await slipsPage.context.close();
    }
    await atDesk(`/admin/slips?ids=${ids}`, 'slips-desktop', (page) =>
      page.getByTestId('slip-sender').first().waitFor(),
    );
    await atDesk('/admin/shipping-prices', 'shipping-desktop', (page) => page.getByTestId('wilaya-16').waitFor());
    await atDesk('/admin/ratings', 'ratings-desktop', (page) =>
      page.getByRole('heading', { name: /Published/ }).waitFor(),
    );
    await atDesk('/admin/settings', 'settings-desktop', (page) =>
      page.getByLabel('Calls without answer before cancelling').waitFor(),
    );
  }, 180_000);
});
