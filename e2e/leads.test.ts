// A checkout left on a phone becomes a lead, and an agent on a phone turns it into an order in two
// taps (390×844, touch), in Chromium against the real server: the customer adds a product, types a
// name and a phone in the cart's checkout and leaves; the agent opens To confirm → Abandoned, taps
// Create order (which holds the lead: a second agent's card says "Being called by lina", its
// buttons disabled), then Place the order; the order is in the shop at the server's price. The owner
// set the delay to 0 minutes first (the rule itself is tested with the clock passed in, in
// apps/server/src/modules/leads/leads.test.ts). A customer who leaves the custom order page is
// called too: the agent takes the picture she sends (a JPEG drawn with sharp) and places the custom
// order from the phone (issue 31). A customer who left before choosing a wilaya is ordered too: the
// agent enters the wilaya, the stop desk and its commune she says, and sees the total first (issue 31).
// Screens under e2e/screenshots/leads/.
// Alone: `npm run build && npx vitest run --project e2e e2e/leads.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
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

const DIR = path.join(SCREENSHOT_DIR, 'leads');
let shop: ShopServer;
let browser: Browser;
let ownerToken: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  ownerToken = await adminToken(shop.baseUrl);
  fs.mkdirSync(DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(DIR, `${name}.png`) });
}

/** A new agent of the shop, signed in: their token. */
async function newAgent(username: string): Promise<string> {
  const password = `${username}-calls-2026`;
  await adminCall(shop.baseUrl, ownerToken, 'POST', '/users', { username, password, role: 'agent' });
  const res = await fetch(`${shop.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A customer on her phone with a product sold without sizes in her cart, on the cart page. */
async function customerAtCart() {
  const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: ShopProduct[] };
  const product = all.data.find((p) => !p.has_sizes && p.stock >= 2)!;
  const customer = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true, reducedMotion: true });
  const { page } = customer;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Ajouter au panier' }).tap();
  await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
  await page.goto('/cart');
  return { product, customer, page };
}

/**
 * Taps "Place the order" on a lead's card, waits for "Recovered · order #N", takes the screenshot
 * and reads that order as the owner sees it.
 */
async function placeFromCard<T>(card: Locator, desk: Page, screenshotName: string): Promise<T> {
  await card.getByRole('button', { name: 'Place the order' }).tap();
  const recovered = card.getByText(/^Recovered · order #\d+$/);
  await recovered.waitFor();
  await recovered.scrollIntoViewIfNeeded();
  await shot(desk, screenshotName);
  const orderId = Number((await recovered.textContent())!.replace(/\D+/g, ''));
  const res = await fetch(`${shop.baseUrl}/api/order/getOrder/${orderId}`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  return ((await res.json()) as { data: T }).data;
}

describe('an abandoned checkout on a phone', () => {
  test('the customer leaves after typing a name and phone; the agent makes the order in two taps', async () => {
    await adminCall(shop.baseUrl, ownerToken, 'PUT', '/leads/settings', { delay_minutes: 0 });
    const agentToken = await newAgent('lina');

    // The customer, on her phone.
    const { product, customer, page } = await customerAtCart();
    await chooseWilaya(page, '16');
    await page.getByRole('button', { name: /Passer la commande/ }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nous pouvons vous appeler au sujet de cette commande').waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/checkout-drafts/') && r.request().method() === 'PUT' && r.status() === 200,
    );
    await dialog.getByLabel('Nom complet').fill('Meriem Haddad');
    await dialog.getByLabel('Numéro de téléphone').fill('0770 45 67 89');
    await saved;
    await shot(page, '1-customer-typed');
    expect(customer.errors).toEqual([]);
    // She leaves.
    await customer.context.close();

    // The agent, on her phone.
    const agent = await adminPage(browser, shop.baseUrl, agentToken, VIEWPORTS.mobile, true);
    const desk = agent.page;
    await desk.goto('/admin/confirm');
    await desk.getByRole('tab', { name: 'Abandoned' }).tap();
    const card = desk.getByRole('article', { name: 'Meriem Haddad' });
    await card.waitFor();
    await expect(card.getByRole('link', { name: '0770456789' }).getAttribute('href')).resolves.toBe('tel:0770456789');
    await shot(desk, '2-agent-abandoned');
    await card.getByRole('button', { name: 'Create order' }).tap();
    // Opening it holds it: another agent sees who is calling and can neither call nor record.
    await card.getByText('You are calling this customer').waitFor();
    await shot(desk, '3-agent-holds-the-lead');
    const other = await adminPage(browser, shop.baseUrl, await newAgent('nour'), VIEWPORTS.mobile, true);
    await other.page.goto('/admin/confirm?tab=abandoned');
    const held = other.page.getByRole('article', { name: 'Meriem Haddad' });
    await held.getByText('Being called by lina').waitFor();
    for (const name of ['Call', 'Create order', 'No answer', 'Not interested']) {
      expect(await held.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    }
    await shot(other.page, '4-other-agent-sees-the-hold');
    expect(other.errors).toEqual([]);
    await other.context.close();
    // The order is the shop's, at the shop's price, waiting for its call.
    const order = await placeFromCard<{
      customer_name: string;
      customer_phone: string;
      status: string;
      subtotal: number;
    }>(card, desk, '5-agent-recovered');
    expect(order).toMatchObject({
      customer_name: 'Meriem Haddad',
      customer_phone: '0770456789',
      status: 'pending',
      subtotal: product.final_price,
    });
    expect(agent.errors).toEqual([]);
    await agent.context.close();
  });
});

describe('an abandoned custom order on a phone (issue 31)', () => {
  test('the customer chose a hoodie and left; the agent places it with the picture she sent', async () => {
    await adminCall(shop.baseUrl, ownerToken, 'PUT', '/leads/settings', { delay_minutes: 0 });
    const agentToken = await newAgent('sami');

    // The customer, on her phone: a hoodie, its second size and its second colour, then she leaves.
    const customer = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true, reducedMotion: true });
    const { page } = customer;
    await page.goto('/CustomOrder');
    await page.locator('#clothingType').waitFor();
    const hoodie = await page
      .getByLabel('Type de vêtement')
      .locator('option', { hasText: 'Hoodie' })
      .getAttribute('value');
    await page.locator('#clothingType').selectOption(hoodie ?? '');
    const size = await page.locator('#size option').nth(1).getAttribute('value');
    const color = await page.locator('#color option').nth(1).getAttribute('value');
    await page.locator('#size').selectOption(size ?? '');
    await page.locator('#color').selectOption(color ?? '');
    await chooseWilaya(page, 'Alger');
    await chooseCommune(page, 'hydr', 'Hydra');
    const saved = page.waitForResponse(
      (r) =>
        r.url().includes('/api/checkout-drafts/') &&
        r.request().method() === 'PUT' &&
        r.status() === 200 &&
        (r.request().postData() ?? '').includes('"custom"'),
    );
    await page.locator('#fullName').fill('Karima Saadi');
    await page.locator('#phoneNumber').fill('0556 11 22 33');
    const draft = JSON.parse((await saved).request().postData() ?? '{}') as { custom?: unknown };
    expect(draft.custom).toEqual({ clothing_type: hoodie, color, size });
    expect(customer.errors).toEqual([]);
    await customer.context.close();

    // The agent, on her phone: the card says what was chosen; Create order starts from it.
    const agent = await adminPage(browser, shop.baseUrl, agentToken, VIEWPORTS.mobile, true);
    const desk = agent.page;
    await desk.goto('/admin/confirm?tab=abandoned');
    const card = desk.getByRole('article', { name: 'Karima Saadi' });
    await card.getByText(`Custom: Hoodie — ${color} / ${size}`).waitFor();
    await shot(desk, '6-agent-custom-lead');
    await card.getByRole('button', { name: 'Create order' }).tap();
    await card.getByText('You are calling this customer').waitFor();
    await expect(card.getByLabel('Item').inputValue()).resolves.toBe(hoodie);
    await expect(card.getByLabel('Colour').inputValue()).resolves.toBe(color);
    await expect(card.getByLabel('Size').inputValue()).resolves.toBe(size);
    await expect(card.getByLabel('Front picture').getAttribute('accept')).resolves.toBe('image/*');

    // Without a picture the form says so in place and sends nothing.
    await card.getByRole('button', { name: 'Place the order' }).tap();
    await card.getByText('Add at least one picture').waitFor();
    await card.getByLabel('Street address (what the customer says)').fill('Lotissement 45 n° 12');
    // The picture she sent by WhatsApp, from the phone's gallery.
    const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    await card
      .getByLabel('Front picture')
      .setInputFiles({ name: 'whatsapp.jpg', mimeType: 'image/jpeg', buffer: photo });
    await card.getByRole('button', { name: 'Place the order' }).scrollIntoViewIfNeeded();
    await shot(desk, '7-agent-custom-order-form');
    const order = await placeFromCard<{
      type: string;
      status: string;
      customer_name: string;
      customer_phone: string;
      customer_address: string;
      wilaya_name: string;
      commune_name: string | null;
      clothing_type: string;
      color: string;
      size: string | null;
      reference_images: { position: string; image_url: string }[];
    }>(card, desk, '8-agent-custom-recovered');
    expect(order).toMatchObject({
      type: 'custom',
      status: 'pending',
      customer_name: 'Karima Saadi',
      customer_phone: '0556112233',
      // Where the parcel goes: the draft's, as the form started from it.
      wilaya_name: 'Alger',
      commune_name: 'Hydra',
      clothing_type: 'Hoodie',
      color,
      size,
    });
    expect(order.customer_address).toContain('Lotissement 45 n° 12');
    expect(order.reference_images.map((i) => i.position)).toEqual(['front']);
    const picture = await fetch(`${shop.baseUrl}/public${order.reference_images[0]!.image_url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/webp');
    expect(agent.errors).toEqual([]);
    await agent.context.close();
  });
});

describe('a lead that had no wilaya (issue 31)', () => {
  test('the customer left before choosing a wilaya; the agent enters where it goes and places it at the server’s fee', async () => {
    await adminCall(shop.baseUrl, ownerToken, 'PUT', '/leads/settings', { delay_minutes: 0 });
    // Oran has a stop desk at 450 Da.
    const oran = (
      (await (await fetch(`${shop.baseUrl}/api/ShippingPrice/read`)).json()) as {
        data: { id: number; wilaya_name: string; price: number }[];
      }
    ).data.find((w) => w.wilaya_name === 'Oran')!;
    await adminCall(shop.baseUrl, ownerToken, 'POST', '/ShippingPrice/update', {
      id: oran.id,
      wilaya_name: oran.wilaya_name,
      price: oran.price,
      stop_desk_price: 450,
    });
    const agentToken = await newAgent('yasmine');

    // The customer, on her phone: a product, the checkout opened, a name and a phone, no wilaya.
    const { product, customer, page } = await customerAtCart();
    await page.getByRole('button', { name: /Passer la commande/ }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nous pouvons vous appeler au sujet de cette commande').waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/checkout-drafts/') && r.request().method() === 'PUT' && r.status() === 200,
    );
    await dialog.getByLabel('Nom complet').fill('Amel Bouzid');
    await dialog.getByLabel('Numéro de téléphone').fill('0699 12 34 56');
    const draft = JSON.parse((await saved).request().postData() ?? '{}') as { wilaya?: string };
    expect(draft.wilaya ?? '').toBe('');
    expect(customer.errors).toEqual([]);
    await customer.context.close();

    // The agent, on her phone.
    const agent = await adminPage(browser, shop.baseUrl, agentToken, VIEWPORTS.mobile, true);
    const desk = agent.page;
    await desk.goto('/admin/confirm?tab=abandoned');
    const card = desk.getByRole('article', { name: 'Amel Bouzid' });
    await card.getByRole('button', { name: 'Create order' }).tap();
    await card.getByText('You are calling this customer').waitFor();
    const wilaya = card.getByLabel('Wilaya', { exact: true });
    await expect(wilaya.inputValue()).resolves.toBe('');
    // No wilaya: the form says so in place and sends nothing.
    await card.getByRole('button', { name: 'Place the order' }).tap();
    await card.getByRole('alert').filter({ hasText: 'Choose the wilaya' }).waitFor();
    // Below the sticky header: the Wilaya and its message in the middle of the screen.
    await wilaya.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(desk, '9-agent-lead-without-wilaya');

    // On the phone she says: Oran, the stop desk of Bir El Djir.
    await wilaya.selectOption('Oran');
    await card.getByLabel('Delivery', { exact: true }).selectOption('stop_desk');
    await card.getByLabel('Commune', { exact: true }).fill('Bir El Djir');
    const total = card.getByTestId('lead-order-total');
    await total.filter({ hasText: /\d/ }).waitFor();
    const shown = Number((await total.textContent())!.replace(/[^\d,]/g, '').replace(',', '.'));
    expect(shown).toBe(product.final_price + 450);
    await card.getByRole('button', { name: 'Place the order' }).scrollIntoViewIfNeeded();
    await shot(desk, '10-agent-chose-the-stop-desk');
    const order = await placeFromCard<{
      customer_name: string;
      wilaya_name: string;
      commune_name: string | null;
      delivery_type: string;
      shipping_fee: number;
      final_total: number;
      status: string;
    }>(card, desk, '11-agent-recovered-without-wilaya');
    expect(order).toMatchObject({
      customer_name: 'Amel Bouzid',
      wilaya_name: 'Oran',
      commune_name: 'Bir El Djir',
      delivery_type: 'stop_desk',
      shipping_fee: 450,
      final_total: product.final_price + 450,
      status: 'pending',
    });
    expect(agent.errors).toEqual([]);
    await agent.context.close();
  });
});
