// The 69 wilayas of 1 January 2027 (docs/wilayas-2027.md) in Chromium on a phone (390×844, touch),
// in French and in Arabic, against the real server set to them (GEO_DIVISION=wilayas-2026) on a
// fresh database with the demo catalogue: a customer of Bou Saâda who still says M'Sila finds her
// commune suggested in wilaya 68, the order moves there with Bou Saâda's fee, and the thank-you page
// and /suivi name the order's wilaya. Screenshots in e2e/screenshots/wilayas-2027/.
// Alone: `npm run build && npx vitest run --project e2e e2e/wilayas-2027.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AdminShippingPrice } from '@shop/domain/shipping-responses';
import {
  adminCall,
  adminPage,
  adminToken,
  launchBrowser,
  newPage,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopProduct,
  type ShopServer,
} from './harness.ts';
import { overflow } from './page-checks.ts';
import { heading } from './storefront-pages.ts';

const SHOTS = path.join(SCREENSHOT_DIR, 'wilayas-2027');
/** Bou Saâda's fee, set by the owner apart from M'Sila's (the demo's 700 Da). */
const BOU_SAADA_FEE = 650;

let shop: ShopServer;
let browser: Browser;
let token: string;
let product: ShopProduct & { images: { image_url: string }[] };

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  shop = await startShop({ GEO_DIVISION: 'wilayas-2026' });
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: (typeof product)[] };
  product = all.data.find((p) => p.has_sizes && p.sizes.some((s) => s.stock > 2))!;
  const rows = (await (
    await fetch(`${shop.baseUrl}/api/ShippingPrice/all`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: AdminShippingPrice[] };
  const bouSaada = rows.data.find((w) => w.wilaya_code === 68)!;
  // Switched at start: Bou Saâda has M'Sila's fees, provisional, until the owner sets its own.
  expect(bouSaada).toMatchObject({ wilaya_name: 'Bou Saâda', provisional: true });
  await adminCall(shop.baseUrl, token, 'POST', '/ShippingPrice/update', {
    id: bouSaada.id,
    wilaya_name: 'Bou Saâda',
    price: BOU_SAADA_FEE,
    stop_desk_price: null,
  });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** A phone with one line of the product in its cart. */
function phone(locale: string) {
  const size = product.sizes.find((s) => s.stock > 2)!.name;
  const line = {
    id: product.id,
    name: product.name,
    cost: product.final_price,
    src: product.images[0]?.image_url ?? '',
    size,
    Quantity: 1,
  };
  return newPage(browser, shop.baseUrl, VIEWPORTS.mobile, {
    locale,
    phone: true,
    reducedMotion: true,
    storage: { cart: JSON.stringify([line]) },
  });
}

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

interface AdminOrder {
  customer_address: string;
  commune_name: string | null;
  shipping_fee: number;
}

async function orderOf(id: string): Promise<AdminOrder> {
  const res = await fetch(`${shop.baseUrl}/api/order/getOrder/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminOrder }).data;
}

/** Types in a picker (of the page, or of a dialog) and returns the options its list shows. */
async function typeIn(page: Page, scope: Page | Locator, label: string, typed: string): Promise<string[]> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  const options = page.locator(`[id="${(await box.getAttribute('aria-controls')) ?? ''}"] [role="option"]`);
  await options.first().waitFor();
  return (await options.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('an order of Bou Saâda (68) on a phone, from 1 January 2027', () => {
  it('in French: M’Sila typed out of habit, the commune suggested in 68, the order placed in Bou Saâda', async () => {
    const { context, page, errors } = await phone('fr-FR');
    try {
      await page.goto('/Cart');
      await page.getByRole('heading', { name: 'Votre Panier' }).waitFor();
      // The old wilaya's name lists the new one made from it, numbered.
      const listed = await typeIn(page, page, 'Wilaya', 'msila');
      expect(listed.map((o) => o.slice(0, 14))).toEqual(["28 - M'Sila 70", '68 - Bou Saâda']);
      await shot(page, 'fr-wilaya-search');
      await page.getByRole('option', { name: /^28 - M'Sila/ }).click();

      await page.getByRole('button', { name: /Passer la commande/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByLabel('Nom complet').fill('Khadidja Mansouri');
      await dialog.getByLabel('Numéro de téléphone').fill('0661 23 45 67');
      await dialog.getByLabel('Adresse', { exact: true }).fill('Rue de la mosquée, cité El Hamel');
      // Bou Saâda looked for under M'Sila: suggested with the wilaya it is in now.
      const suggested = await typeIn(page, dialog, 'Commune', 'bou saâda');
      expect(suggested).toEqual(['Bou Saada désormais wilaya 68 - Bou Saâda']);
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      await shot(page, 'fr-commune-moved', false);
      await dialog.getByRole('option', { name: /^Bou Saada/ }).click();
      // The order follows the commune to 68, at Bou Saâda's fee.
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'Wilaya', exact: true }).inputValue())
        .toBe('68 - Bou Saâda');
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'Commune', exact: true }).inputValue())
        .toBe('Bou Saada');
      await page.getByTestId('shipping').filter({ hasText: '650,00' }).waitFor();
      await dialog.getByLabel('Code postal').fill('28200');
      await shot(page, 'fr-checkout', false);
      await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
      await heading(page, 'Merci pour votre commande !');
      await page
        .getByTestId('delivery-address')
        .getByText(/Bou Saâda/)
        .waitFor();
      await shot(page, 'fr-thank-you');
      const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '');
      const order = await orderOf(number);
      expect(order.customer_address).toMatch(/^Bou Saâda \| /);
      expect(order.commune_name).toBe('Bou Saada');
      expect(order.shipping_fee).toBe(BOU_SAADA_FEE);

      await page.goto(`/suivi?commande=${number}&tel=0661234567`);
      await page
        .getByTestId('tracking-delivery')
        .getByText(/Bou Saada, Bou Saâda/)
        .waitFor();
      await shot(page, 'fr-suivi');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in Arabic: the same, said in Arabic, the wilaya found by its number too', async () => {
    const { context, page, errors } = await phone('ar-DZ');
    try {
      await page.goto('/ar/Cart');
      await page.getByRole('button', { name: 'اطلب الآن' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByLabel('الاسم الكامل').fill('خديجة منصوري');
      await dialog.getByLabel('رقم الهاتف').fill('0661 76 54 32');
      // By its number: "68 - بوسعادة".
      expect(await typeIn(page, dialog, 'الولاية', '68')).toEqual([expect.stringMatching(/^68 - بوسعادة/)]);
      await typeIn(page, dialog, 'الولاية', 'المسيلة');
      await dialog.getByRole('option', { name: /^28 - المسيلة/ }).click();
      const suggested = await typeIn(page, dialog, 'البلدية', 'بوسعادة');
      expect(suggested).toEqual(['بوسعادة أصبحت في ولاية 68 - بوسعادة']);
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      await shot(page, 'ar-commune-moved', false);
      await dialog.getByRole('option', { name: /^بوسعادة/ }).click();
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'الولاية', exact: true }).inputValue())
        .toBe('68 - بوسعادة');
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'البلدية', exact: true }).inputValue())
        .toBe('بوسعادة');
      await dialog.getByLabel('العنوان', { exact: true }).fill('شارع المسجد، حي الهامل');
      await dialog.getByLabel('الرمز البريدي').fill('28200');
      await shot(page, 'ar-checkout', false);
      await dialog.getByRole('button', { name: 'تأكيد الطلب' }).click();
      await heading(page, 'شكرًا على طلبك!');
      // The order keeps the French names; the page says them in Arabic.
      await page.getByTestId('delivery-address').getByText('بوسعادة', { exact: true }).waitFor();
      expect(await page.getByTestId('delivery-address').textContent()).not.toContain('Bou Sa');
      await shot(page, 'ar-thank-you');
      const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '');
      const order = await orderOf(number);
      expect(order.customer_address).toMatch(/^Bou Saâda \| /);
      expect(order.commune_name).toBe('Bou Saada');
      expect(order.shipping_fee).toBe(BOU_SAADA_FEE);

      await page.goto(`/ar/suivi?commande=${number}&tel=0661765432`);
      const delivery = page.getByTestId('tracking-delivery');
      // The wilaya's Arabic name is at hand at once, the commune's once the wilaya's communes are
      // read: the line is in Arabic when both are.
      await delivery.getByText(/بوسعادة/).waitFor();
      await delivery.filter({ hasNotText: 'Bou Sa' }).waitFor();
      expect(await delivery.textContent()).toContain('بوسعادة, بوسعادة');
      await shot(page, 'ar-suivi');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in the back office on a phone: the wilayas in force, the provisional fees, the switch’s log', async () => {
    const { context, page, errors } = await adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);
    try {
      await page.goto('/admin/shipping-prices');
      const panel = page.getByRole('region', { name: 'Wilayas in force' });
      await panel.getByText('69 wilayas in force (wilayas-2026).').waitFor();
      // Bou Saâda was saved by the owner; the ten others still have their mothers' fees.
      await panel.getByText('10 wilayas have provisional fees').waitFor();
      await panel.getByText('Switched to wilayas-2026 on').click();
      await panel.getByText(/^68 Bou Saâda: added with the fees of 28 M'Sila/).waitFor();
      expect(
        await page
          .getByTestId(/^wilaya-/)
          .filter({ hasText: 'Provisional' })
          .count(),
      ).toBeGreaterThanOrEqual(10);
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      await shot(page, 'admin-shipping-prices', false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
