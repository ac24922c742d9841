// Two couriers at once and the cash they owe, on a phone (390×844, touch), against the real server
// talking to two local Ecotrack tenants (apps/server/test/fake-ecotrack.ts): the owner adds two
// courier accounts in Settings, matches their communes, routes Alger to one and Oran to the other;
// an order of each wilaya shows its courier in the list, goes to it when sent, and its slip names
// it; once both are delivered, the first courier's statement (one parcel paid short) is imported
// and the difference shows on the Courier cash page. Screenshots under e2e/screenshots/phone/couriers-*.png.
// Alone: `npm run build && npx vitest run --project e2e e2e/couriers.test.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FAKE_ECOTRACK_TOKEN, startFakeEcotrack, type FakeEcotrack } from '../apps/server/test/fake-ecotrack.ts';
import {
  adminCall,
  adminPage,
  adminToken,
  launchBrowser,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';
import { accessibilityViolations, boxesScrollingSideways, overflow } from './page-checks.ts';

const PHONE_DIR = path.join(SCREENSHOT_DIR, 'phone');
/** A cold server's first pages can take longer than expect.poll's default second. */
const WAIT = { timeout: 10_000 };
let dhd: FakeEcotrack;
let packers: FakeEcotrack;
let shop: ShopServer;
let browser: Browser;
let token: string;
const orders = { alger: 0, oran: 0 };

beforeAll(async () => {
  [dhd, packers] = await Promise.all([startFakeEcotrack(), startFakeEcotrack()]);
  dhd.limit = 10_000;
  packers.limit = 10_000;
  shop = await startShop({ COURIER_SYNC_MINUTES: '0', COURIER_CALLS_PER_MINUTE: '10000', SEED_DEMO: 'true' });
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(PHONE_DIR, { recursive: true });
  orders.alger = await approvedOrder('Alger', 'Alger Centre', '0661300001');
  orders.oran = await approvedOrder('Oran', 'Oran', '0661300002');
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await Promise.all([dhd?.close(), packers?.close()]);
});

/** An order of the first product in stock, to a wilaya and commune, approved. */
async function approvedOrder(wilaya: string, commune: string, phone: string): Promise<number> {
  const products = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as {
    data: {
      id: number;
      final_price: number;
      stock: number;
      has_sizes: boolean;
      sizes: { name: string; stock: number }[];
    }[];
  };
  const product = products.data.find((p) => (p.has_sizes ? p.sizes.some((s) => s.stock > 0) : p.stock > 0))!;
  const size = product.has_sizes ? product.sizes.find((s) => s.stock > 0)!.name : '';
  const fees = (await (await fetch(`${shop.baseUrl}/api/ShippingPrice/read`)).json()) as {
    data: { wilaya_name: string; price: number }[];
  };
  const fee = fees.data.find((w) => w.wilaya_name === wilaya)!.price;
  const res = await fetch(`${shop.baseUrl}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer_name: 'Client Coursier',
      customer_phone: phone,
      customer_address: `${wilaya} | 4 rue des Frères`,
      customer_postal_code: '16000',
      subtotal: String(product.final_price),
      shipping_fee: String(fee),
      delivery_type: 'home',
      commune,
      items: [{ product_id: product.id, quantity: 1, size }],
    }),
  });
  const id = ((await res.json()) as { data: { order_id: number } }).data.order_id;
  await adminCall(shop.baseUrl, token, 'PUT', `/order/updateOrderStatus/${id}`, { status: 'approved' });
  return id;
}

const phone = () => adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);

async function fitsThePhone(page: Page) {
  expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
  expect(await boxesScrollingSideways(page)).toEqual([]);
}

/** Adds an Ecotrack account with a host typed in (the fakes are not on ecotrack.dz). */
async function addAccount(page: Page, name: string, host: string) {
  await page.getByRole('button', { name: 'Add a courier account' }).tap();
  const form = page.getByRole('form', { name: 'Add a courier account' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Ecotrack courier').selectOption({ label: 'Another (type its host)' });
  await form.getByLabel('Host').fill(host);
  await form.getByLabel('API token (Bearer)').fill(FAKE_ECOTRACK_TOKEN);
  await form.getByRole('button', { name: 'Save' }).tap();
  await expect.poll(() => page.getByText('Courier account saved.').count(), WAIT).toBe(1);
  await page.getByRole('button', { name: 'Close' }).first().tap();
}

describe('two couriers on a phone', () => {
  test('two accounts added, their communes matched, Alger and Oran routed to each', async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/settings');
      await addAccount(page, 'DHD', dhd.url);
      await addAccount(page, 'Packers', packers.url);
      for (const name of ['DHD', 'Packers']) {
        const card = page
          .locator('li', { hasText: name })
          .filter({ has: page.getByRole('button', { name: 'Match communes and desks' }) });
        await card.getByRole('button', { name: 'Match communes and desks' }).tap();
        await expect.poll(() => card.getByText(/communes and \d+ desks matched/).count(), WAIT).toBe(1);
      }
      // The tokens never come back to the page.
      expect(await page.content()).not.toContain(FAKE_ECOTRACK_TOKEN);

      for (const [wilaya, account] of [
        ['Alger', 'DHD'],
        ['Oran', 'Packers'],
      ] as const) {
        await page.getByRole('button', { name: 'Add a line' }).tap();
        const line = page.getByTestId('courier-route').last();
        await line.getByLabel('Wilaya').selectOption({ label: wilaya === 'Alger' ? '16 - Alger' : '31 - Oran' });
        await line.getByLabel('Account').selectOption({ label: account });
      }
      await page.getByTestId('courier-routes').getByRole('button', { name: 'Save' }).tap();
      await expect.poll(() => page.getByText('Routing saved.').count(), WAIT).toBe(1);
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(PHONE_DIR, 'couriers-settings.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('each order shows its courier, goes to it when sent, and its slip names it', async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/orders');
      const row = (id: number) => page.locator('tr', { hasText: `#${id}` });
      await expect.poll(() => row(orders.alger).getByTestId('order-courier-account').textContent(), WAIT).toBe('→ DHD');
      await expect
        .poll(() => row(orders.oran).getByTestId('order-courier-account').textContent(), WAIT)
        .toBe('→ Packers');
      await page.screenshot({ path: path.join(PHONE_DIR, 'couriers-orders-routed.png'), fullPage: true });

      for (const id of [orders.alger, orders.oran]) await row(id).getByRole('checkbox').tap();
      await page.getByRole('button', { name: 'Send to courier' }).first().tap();
      const confirm = page.getByRole('dialog', { name: 'Send to the courier' });
      await confirm.getByRole('button', { name: 'Send to courier' }).tap();
      await expect.poll(() => page.getByText('2 orders sent to the courier.').count(), WAIT).toBe(1);
      expect(dhd.parcels.map((p) => p.reference)).toEqual([String(orders.alger)]);
      expect(packers.parcels.map((p) => p.reference)).toEqual([String(orders.oran)]);
      await expect
        .poll(() => row(orders.alger).getByTestId('order-courier-account').textContent(), WAIT)
        .toBe('via DHD');
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(PHONE_DIR, 'couriers-orders-sent.png'), fullPage: true });

      await page.goto(`/admin/slips?ids=${orders.alger},${orders.oran}`);
      const slips = page.getByTestId('slip-courier');
      await expect.poll(() => slips.allTextContents(), WAIT).toEqual(['DHD', 'Packers']);
      await expect
        .poll(() => page.getByTestId('courier-labels').getByRole('button', { name: 'Courier label (PDF)' }).count())
        .toBe(2);
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(PHONE_DIR, 'couriers-slips.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("once delivered, DHD's statement is imported and its short payment shows", async () => {
    for (const [fake, id] of [
      [dhd, orders.alger],
      [packers, orders.oran],
    ] as const) {
      fake.setStatus(fake.parcels.find((p) => p.reference === String(id))!.tracking, 'livre_non_encaisse');
    }
    await adminCall(shop.baseUrl, token, 'POST', '/courier/sync', {});
    const parcel = dhd.parcels[0]!;
    // What DHD owes: collected less its fee (600 + the wilaya's number at this fake tenant); it pays 150 Da less.
    const owed = parcel.montant - (600 + 16);
    const statement = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-')), 'releve-dhd.csv');
    fs.writeFileSync(statement, `Tracking;Montant versé\n${parcel.tracking};${owed - 150}\nECO-INCONNU;500\n`);

    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/reconciliation');
      await page.getByLabel('Courier account').selectOption({ label: 'DHD' });
      await expect.poll(() => page.getByTestId('reconciliation-totals').textContent(), WAIT).toContain('Not paid yet1');
      await page.getByLabel('Statement file (CSV)').setInputFiles(statement);
      await page.getByRole('button', { name: 'Import' }).tap();
      await expect.poll(() => page.getByText('1 of 2 lines matched a parcel.').count(), WAIT).toBe(1);
      await expect.poll(() => page.getByText(/ECO-INCONNU is not one of this account's parcels/).count(), WAIT).toBe(1);
      const differences = page.getByRole('region', { name: 'Paid otherwise than expected' });
      await expect.poll(() => differences.getByTestId(`parcel-${orders.alger}`).textContent(), WAIT).toMatch(/-150,00/);
      await expect.poll(() => page.getByTestId('reconciliation-totals').textContent(), WAIT).toContain('Not paid yet0');
      await fitsThePhone(page);
      expect(await accessibilityViolations(page, false)).toEqual([]);
      await page.screenshot({ path: path.join(PHONE_DIR, 'couriers-reconciliation.png'), fullPage: true });

      // Every account: Packers' parcel is still delivered and not paid.
      await page.getByLabel('Courier account').selectOption({ label: 'Every account' });
      const unpaid = page.getByRole('region', { name: 'Delivered, not paid yet' });
      await expect.poll(() => unpaid.getByTestId(`parcel-${orders.oran}`).count(), WAIT).toBe(1);

      await page.goto('/admin');
      await expect.poll(() => page.getByRole('heading', { name: /Cash after courier fees/ }).count(), WAIT).toBe(1);
      await fitsThePhone(page);
      await page.screenshot({ path: path.join(PHONE_DIR, 'couriers-dashboard-cash.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
