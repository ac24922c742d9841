// A customer follows an order on a phone: the order is placed through the API, then
// confirmed and shipped by the owner through the admin API; /suivi, reached from the side menu,
// finds it from the number and the phone typed with spaces, shows its French steps, and says
// "Commande introuvable" for a wrong phone. The thank-you screen's link fills the page and asks at
// once. Screenshots in e2e/screenshots/phone/.
// Alone: `npm run build && npx vitest run --project e2e e2e/tracking.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  adminCall,
  adminToken,
  launchBrowser,
  placeFirstInStock,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  watchCsp,
  type PlacedTestOrder,
  type ShopServer,
} from './harness.ts';

const PHONE_DIR = path.join(SCREENSHOT_DIR, 'phone');
const PHONE = '0661234567';
const CARRIER_NUMBER = 'YAL-20461-DZ';

let shop: ShopServer;
let browser: Browser;
let order: PlacedTestOrder;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const token = await adminToken(shop.baseUrl);
  order = await placeFirstInStock(shop.baseUrl, PHONE, 2);
  await adminCall(shop.baseUrl, token, 'PUT', `/order/confirmation/${order.orderId}`, { outcome: 'confirmed' });
  await adminCall(shop.baseUrl, token, 'PUT', `/order/updateOrderStatus/${order.orderId}`, { status: 'shipping' });
  // No admin call writes the carrier's number yet: it is put in the database as a carrier would.
  const db = new Database(shop.databaseFile);
  try {
    db.prepare('UPDATE orders SET tracking_number = ? WHERE id = ?').run(CARRIER_NUMBER, order.orderId);
  } finally {
    db.close();
  }
  fs.mkdirSync(PHONE_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function onPhone(storage: Record<string, string> = {}): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
}> {
  const context = await browser.newContext({
    baseURL: shop.baseUrl,
    viewport: VIEWPORTS.mobile,
    locale: 'fr-FR',
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const errors: string[] = [];
  await watchCsp(context, errors);
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** The timeline's steps as read on the screen, one line each. */
function steps(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Étapes de la commande' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
}

const today = () =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());

async function search(page: Page, orderNumber: string, phone: string) {
  await page.getByRole('textbox', { name: 'Numéro de commande' }).fill(orderNumber);
  await page.getByRole('textbox', { name: 'Téléphone' }).fill(phone);
  await page.getByRole('button', { name: 'Suivre' }).tap();
}

describe('following an order on a phone', () => {
  it('finds it from the number and the phone typed with spaces, and not with a wrong phone', async () => {
    const { context, page, errors } = await onPhone();
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
      await page.locator('#side-menu').getByRole('link', { name: 'Suivre ma commande' }).tap();
      await page.waitForURL(/\/suivi$/);
      await page.getByRole('heading', { level: 1, name: 'Suivre ma commande' }).waitFor();
      expect(await page.getByRole('navigation', { name: "Fil d'Ariane" }).innerText()).toMatch(
        /Accueil\s*›\s*Suivi de commande/,
      );

      await search(page, `#${order.orderId}`, '0661 23 45 67');
      await page.getByRole('heading', { name: `Commande #${order.orderId}` }).waitFor();
      const date = today();
      expect(await steps(page)).toEqual([
        `Commande reçue ${date}`,
        `Confirmée ${date}`,
        `Expédiée ${date}`,
        expect.stringMatching(/^Livrée · Prochaine étape/),
      ]);
      const result = page.getByTestId('tracking-result');
      expect(await result.getByTestId('carrier-number').innerText()).toBe(CARRIER_NUMBER);
      expect(await result.getByText(order.product).count()).toBeGreaterThan(0);
      expect(await result.innerText()).toContain(order.wilaya);
      expect(new URL(page.url()).search).toBe(`?commande=${order.orderId}&tel=${PHONE}`);
      const whatsapp = await page.getByRole('link', { name: 'Écrire sur WhatsApp' }).getAttribute('href');
      expect(decodeURIComponent(whatsapp ?? '')).toContain(`ma commande #${order.orderId}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.mobile.width,
      );
      await page.screenshot({ path: path.join(PHONE_DIR, 'tracking-journey-found.png'), fullPage: true });

      // The same number with another phone: not found, and nothing of the order is shown.
      await search(page, String(order.orderId), '0770 00 00 00');
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Commande introuvable' }).waitFor();
      expect(await page.getByTestId('tracking-result').count()).toBe(0);
      expect(await page.getByText(CARRIER_NUMBER).count()).toBe(0);
      const wrongPhone = await alert.innerText();
      await page.screenshot({ path: path.join(PHONE_DIR, 'tracking-journey-not-found.png'), fullPage: true });
      // The right phone with another number says exactly the same.
      await search(page, String(order.orderId + 1000), '0661 23 45 67');
      await page.waitForURL(new RegExp(`commande=${order.orderId + 1000}&`));
      await alert.getByRole('heading', { name: 'Commande introuvable' }).waitFor();
      expect(await alert.innerText()).toBe(wrongPhone);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("is reached from the thank-you screen's link, filled in and asked at once", async () => {
    const placed = { orderNumber: order.orderId, total: 1000, address: '5 rue des Jasmins', wilaya: 'Alger' };
    const { context, page, errors } = await onPhone({
      orderConfirmation: JSON.stringify({ ...placed, zipCode: '16000', phone: PHONE, placedAt: Date.now() }),
    });
    try {
      await page.goto('/Cart');
      await page.getByRole('link', { name: 'Suivre ma commande en ligne' }).tap();
      await page.getByRole('heading', { name: `Commande #${order.orderId}` }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Numéro de commande' }).inputValue()).toBe(String(order.orderId));
      expect(await page.getByRole('textbox', { name: 'Téléphone' }).inputValue()).toBe(PHONE);
      expect((await steps(page)).map((s) => s.split(' ')[0])).toEqual(['Commande', 'Confirmée', 'Expédiée', 'Livrée']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
