// The Arabic storefront in Chromium on a phone (390×844, touch), against the real server
// on a fresh database with the demo catalogue: every /ar page is right to left, in Arabic (no text
// of the French catalogue on it), scrolls only downwards (at 360 px too), passes axe-core, and is
// saved under e2e/screenshots/phone-ar/ to be looked at; then a customer switches to Arabic, buys
// from the cart, orders a custom cup and leaves a review, all in Arabic.
// Alone: `npm run build && npx vitest run --project e2e e2e/arabic.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  adminToken,
  chooseCommune,
  chooseWilaya,
  launchBrowser,
  newPage,
  placeFirstInStock,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';
import { accessibilityViolations, boxesScrollingSideways, overflow } from './page-checks.ts';
import { catalogue, heading, storefrontPages, visit, type PageCase, type PageProduct } from './storefront-pages.ts';

const PHONE_AR_DIR = path.join(SCREENSHOT_DIR, 'phone-ar');
const NARROW_PHONE = { width: 360, height: 780 };
const ARABIC_CATALOGUE = catalogue('ar');
/** French texts long enough to be unmistakable, without placeholders: none may show on an Arabic page. */
const FRENCH_TEXTS = Object.values(catalogue('fr')).filter((text) => text.length >= 12 && !/[{}]/.test(text));

interface Product extends PageProduct {
  type_id: number;
}

const ARABIC_NAME = 'قميص قطني مخطط';
const ARABIC_DESCRIPTION = 'قميص من القطن الخالص، مريح وخفيف لأيام الصيف.';

let shop: ShopServer;
let browser: Browser;
let token: string;
let product: Product;
let tracked: number;
const TRACKED_PHONE = '0770123456';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: Product[] };
  product = all.data.find((p) => p.has_sizes && p.sizes.some((s) => s.stock > 2))!;
  // The owner gives the product its Arabic name and description in the back office's form.
  const form = new FormData();
  form.append('name', product.name);
  form.append('price', String(product.final_price));
  form.append('type_id', String(product.type_id));
  form.append('name_ar', ARABIC_NAME);
  form.append('description_ar', ARABIC_DESCRIPTION);
  const updated = await fetch(`${shop.baseUrl}/api/product/update/${product.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(updated.status).toBe(200);
  tracked = (await placeFirstInStock(shop.baseUrl, TRACKED_PHONE)).orderId;
  fs.mkdirSync(PHONE_AR_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

function phone(
  storage: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  return newPage(browser, shop.baseUrl, VIEWPORTS.mobile, {
    locale: 'ar-DZ',
    phone: true,
    reducedMotion: true,
    storage,
  });
}

/** The Arabic twins of the French pages of e2e/pages.test.ts: the same table, in Arabic. */
function arabicPages(): PageCase[] {
  return storefrontPages('ar', {
    product,
    productName: ARABIC_NAME,
    trackedOrder: tracked,
    trackedPhone: TRACKED_PHONE,
  });
}

describe('every Arabic page on a phone', () => {
  it('is right to left and in Arabic, scrolls only downwards, passes axe, and is saved for a look', async () => {
    const failures: string[] = [];
    for (const c of arabicPages()) {
      const { context, page, errors } = await phone(c.storage);
      try {
        await visit(page, c);
        const root = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
        if (root.join(' ') !== 'ar rtl') failures.push(`${c.name}: <html> is ${root.join(' ')}`);
        const text = await page.evaluate(() => document.body.innerText);
        for (const french of FRENCH_TEXTS)
          if (text.includes(french)) failures.push(`${c.name}: French text "${french}"`);
        const over = await overflow(page, VIEWPORTS.mobile.width);
        if (over > 0) failures.push(`${c.name}: ${over} px wider than the 390 px screen`);
        for (const violation of await accessibilityViolations(page, true)) failures.push(`${c.name}: ${violation}`);
        for (const box of await boxesScrollingSideways(page)) failures.push(`${c.name}: ${box}`);
        await page.screenshot({ path: path.join(PHONE_AR_DIR, `${c.name}.png`), fullPage: !c.modal });
        await page.setViewportSize(NARROW_PHONE);
        await page.waitForTimeout(200);
        const narrow = await overflow(page, NARROW_PHONE.width);
        if (narrow > 0) failures.push(`${c.name}: ${narrow} px wider than a 360 px screen`);
        failures.push(...errors.map((e) => `${c.name}: ${e}`));
      } finally {
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

interface AdminOrder {
  customer_name: string;
  customer_address: string;
  commune_name: string | null;
  type: string;
}

async function orderOf(id: string): Promise<AdminOrder> {
  const res = await fetch(`${shop.baseUrl}/api/order/getOrder/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminOrder }).data;
}

/** A step of the journey; a dialog in front is photographed as the screen shows it. */
async function journeyShot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(PHONE_AR_DIR, `journey-${name}.png`), fullPage });
}

describe('a customer in Arabic on a phone', () => {
  it('switches to Arabic, buys from the cart, orders a custom cup and leaves a review', async () => {
    const { context, page, errors } = await phone();
    try {
      // French by default; the switch in the nav keeps the page, and is remembered.
      await page.goto('/Shop');
      expect(await page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
      await page.getByRole('link', { name: 'العربية' }).first().click();
      await page.waitForURL(/\/ar\/Shop$/);
      await heading(page, 'الكل');
      // The tab's title too, though the server wrote the French one.
      await expect.poll(() => page.title()).toMatch(/^المتجر — /);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'ar',
        'rtl',
      ]);
      await page.goto('/');
      await page.waitForURL(/\/ar$/);
      await heading(page, 'اعثر على ملابس تناسب أسلوبك');

      // The product in Arabic, added to the cart with its size.
      await page.goto(`/ar/product/${product.id}`);
      await heading(page, ARABIC_NAME);
      await page.getByText(ARABIC_DESCRIPTION).waitFor();
      const size = product.sizes.find((s) => s.stock > 2)!.name;
      // The size by its Arabic name ("متوسط (M)"), never the French page's "Medium".
      const label = ARABIC_CATALOGUE[`size.${size}`]!;
      expect(await page.getByRole('button', { name: /^(Small|Medium|Large|X-Large|XX-Large)/ }).count()).toBe(0);
      await page.getByRole('button', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }).click();
      await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
      await page
        .getByRole('link', { name: /^سلة التسوق/ })
        .first()
        .click();
      await page.waitForURL(/\/ar\/Cart$/);
      await page.getByRole('heading', { name: ARABIC_NAME }).waitFor();
      // "1 200,00 دج": Western digits, the Arabic currency sign.
      expect(await page.getByTestId('line-total').first().textContent()).toMatch(/\d,\d{2}\s?دج$/);

      // Checkout: the form's checks in Arabic, then the order.
      await page.getByRole('button', { name: 'اطلب الآن' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('الاسم الكامل').fill('أمينة بن علي');
      await dialog.getByLabel('رقم الهاتف').fill('12345');
      await dialog.getByRole('button', { name: 'تأكيد الطلب' }).click();
      await dialog.getByText(/^رقم الهاتف غير صالح \(مثال: .0555 12 34 56.\)$/).waitFor();
      await dialog.getByLabel('رقم الهاتف').fill('0555 12 34 56');
      await chooseWilaya(dialog, 'الجزائر', 'الولاية');
      // The commune found by its Arabic name, listed in Arabic (its French name beside it); the postal code follows it.
      await chooseCommune(dialog, 'الجزائر الوسطى', 'الجزائر الوسطى', 'البلدية');
      expect(await dialog.getByRole('combobox', { name: 'البلدية', exact: true }).inputValue()).toBe('الجزائر الوسطى');
      await dialog.getByLabel('العنوان', { exact: true }).fill('حي النصر، عمارة 12');
      expect(await dialog.getByLabel('الرمز البريدي').inputValue()).toBe('16000');
      await journeyShot(page, 'checkout', false);
      await dialog.getByRole('button', { name: 'تأكيد الطلب' }).click();
      await heading(page, 'شكرًا على طلبك!');
      await page.getByText('الدفع عند الاستلام').first().waitFor();
      // The wilaya and the commune said in Arabic, though the order keeps their French names.
      await page
        .getByTestId('delivery-address')
        .getByText(/الجزائر الوسطى.*الجزائر/)
        .waitFor();
      expect(await page.getByTestId('delivery-address').textContent()).not.toContain('Alger Centre');
      const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '');
      await journeyShot(page, 'thank-you');
      const order = await orderOf(orderNumber);
      expect(order.customer_name).toBe('أمينة بن علي');
      // The wilaya is kept under its name in the shipping table, the commune under its French one.
      expect(order.customer_address).toContain('Alger');
      expect(order.commune_name).toBe('Alger Centre');
      // Followed on /ar/suivi: the commune in Arabic there too.
      await page.goto(`/ar/suivi?commande=${orderNumber}&tel=0555123456`);
      const delivery = page.getByTestId('tracking-delivery');
      await delivery.getByText(/الجزائر الوسطى/).waitFor();
      expect(await delivery.textContent()).not.toContain('Alger Centre');

      // A custom cup, with the picture to print.
      await page.goto('/ar/CustomOrder?type=cup');
      await page.locator('#clothingType').waitFor();
      await page.locator('#fullName').fill('ياسين منصوري');
      await page.locator('#phoneNumber').fill('0661234567');
      await chooseWilaya(page, 'وهران', 'الولاية');
      await chooseCommune(page, 'وهران', 'وهران', 'البلدية');
      await page.locator('#address').fill('شارع العربي بن مهيدي');
      await page.locator('#zipCode').fill('31000');
      const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#1f2a52' } })
        .png()
        .toBuffer();
      await page
        .locator('#reference-image-front')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: picture });
      await page.getByAltText('معاينة الصورة المرجعية: الأمام').waitFor();
      await journeyShot(page, 'custom-cup');
      await page.getByRole('button', { name: 'اطلب الآن' }).click();
      await heading(page, 'شكرًا على طلبك!');
      await heading(page, 'أين ترسل المبلغ');
      const cupNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '');
      expect((await orderOf(cupNumber)).type).toBe('custom');
      await journeyShot(page, 'custom-cup-thank-you');

      // A review of the shop; the stars follow the arrows right to left.
      await page.goto('/ar/Rating');
      await page.locator('#customer_name').fill('نادية');
      await page.locator('#customer_phone').fill('0770123456');
      await page.getByRole('radio', { name: '5 نجوم' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByText('4 من 5').waitFor();
      await page.locator('#review').fill('توصيل سريع وجودة ممتازة، شكرًا!');
      await page.getByRole('button', { name: 'أرسل رأيي' }).click();
      await heading(page, 'شكرًا على رأيك!');
      await journeyShot(page, 'review-thank-you');
      // Back to French from the side menu: the same page, in French, remembered.
      await page.getByRole('button', { name: 'فتح القائمة' }).click();
      await page.locator('#side-menu').getByRole('link', { name: 'Français' }).click();
      await page.waitForURL(/\/Rating$/);
      await heading(page, 'Donnez votre avis');
      await expect.poll(() => page.title()).toMatch(/^Avis clients — /);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
