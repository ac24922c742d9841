// A product in colours on a phone (issue 30, docs/decisions/036), in French and in Arabic,
// against the real server on a fresh database: the owner creates a dress in Rouge and Bleu through
// the admin API (multipart `variants`, then each photo given its colour); the customer opens it,
// red is chosen (the first in stock) with its photos, picks M and adds it, picks blue (the address
// says ?couleur=bleu, in place), M again and adds it: the cart has two lines showing their colours,
// and the order is placed with each line's colour. The shop's colour filter and the cards' dots are
// looked at too. Screenshots under e2e/screenshots/variants/.
// Alone: `npm run build && npx vitest run --project e2e e2e/variants.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  chooseCommune,
  chooseWilaya,
  launchBrowser,
  newPage,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';
import { accessibilityViolations, overflow } from './page-checks.ts';

const SHOTS = path.join(SCREENSHOT_DIR, 'variants');

interface Variant {
  color: string;
  size: string;
  stock: number;
}

interface CreatedProduct {
  id: number;
  images: { id: number; color_id: number | null }[];
  colors: { id: number; name: string; slug: string }[];
  variants: Variant[];
}

let shop: ShopServer;
let browser: Browser;
let token: string;
let product: CreatedProduct;

function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function api<T>(pathname: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${shop.baseUrl}/api${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function productNow(): Promise<CreatedProduct> {
  return (await api<{ data: CreatedProduct }>(`/product/get/${product.id}`)).body.data;
}

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(SHOTS, { recursive: true });
  const types = (await api<{ data: { id: number }[] }>('/ProductType/getAll')).body.data;
  // The owner's form: a dress in two colours, sizes S…XXL, red L sold out.
  const form = new FormData();
  form.append('name', 'Robe Variantes');
  form.append('name_ar', 'فستان الألوان');
  form.append('description', 'Une robe légère, en rouge ou en bleu.');
  form.append('price', '3000');
  form.append('type_id', String(types[0]!.id));
  form.append('size_scale', 'letters');
  form.append(
    'variants',
    JSON.stringify({
      colors: [
        { key: 'r', name: 'Rouge', name_ar: 'أحمر', swatch: '#c0392b' },
        { key: 'b', name: 'Bleu', name_ar: 'أزرق', swatch: '#2e86de' },
      ],
      rows: [
        { color: 'r', size: 'M', stock: 5 },
        { color: 'r', size: 'L', stock: 0 },
        { color: 'b', size: 'M', stock: 4 },
        { color: 'b', size: 'L', stock: 2 },
      ],
    }),
  );
  // A photo of every colour, then one red and one blue.
  for (const [name, color] of [
    ['all.png', { r: 230, g: 225, b: 215 }],
    ['red.png', { r: 192, g: 57, b: 43 }],
    ['blue.png', { r: 46, g: 134, b: 222 }],
  ] as const) {
    form.append('images[]', new Blob([new Uint8Array(await png(color))], { type: 'image/png' }), name);
  }
  const created = await api<{ data: CreatedProduct; message: string }>('/product', { method: 'POST', body: form });
  expect(created.status, created.body.message).toBe(201);
  product = created.body.data;
  const colorId = (name: string) => product.colors.find((c) => c.name === name)!.id;
  const ids = product.images.map((i) => i.id);
  const photos = await api<{ message: string }>(`/product/images/${product.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      seen: ids,
      order: ids,
      primary_image_id: ids[0],
      colors: [
        { image_id: ids[0], color_id: null },
        { image_id: ids[1], color_id: colorId('Rouge') },
        { image_id: ids[2], color_id: colorId('Bleu') },
      ],
    }),
  });
  expect(photos.status, photos.body.message).toBe(200);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

interface Texts {
  prefix: string;
  locale: string;
  red: string;
  blue: string;
  medium: RegExp;
  large: RegExp;
  soldOut: string;
  add: string;
  colorLine: (name: string) => string;
  checkout: string;
  filters: string;
  colorFilter: string;
}

const FRENCH: Texts = {
  prefix: '',
  locale: 'fr-FR',
  red: 'Rouge',
  blue: 'Bleu',
  medium: /^Medium/,
  large: /^Large/,
  soldOut: 'Épuisé',
  add: 'Ajouter au panier',
  colorLine: (name) => `Couleur: ${name}`,
  checkout: 'Passer la commande',
  filters: 'Filtres',
  colorFilter: 'Couleur',
};

const ARABIC: Texts = {
  prefix: '/ar',
  locale: 'ar-DZ',
  red: 'أحمر',
  blue: 'أزرق',
  medium: /^متوسط \(M\)/,
  large: /^كبير \(L\)/,
  soldOut: 'نفدت الكمية',
  add: 'أضف إلى السلة',
  colorLine: (name) => `اللون: ${name}`,
  checkout: 'اطلب الآن',
  filters: 'التصفية',
  colorFilter: 'اللون',
};

async function pressed(page: Page, name: string): Promise<string | null> {
  return page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
}

async function fillCheckout(page: Page, lang: 'fr' | 'ar'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (lang === 'fr') {
    await dialog.getByLabel('Nom complet').fill('Sara Couleurs');
    await dialog.getByLabel('Numéro de téléphone').fill('0555 12 34 56');
    await dialog.getByLabel('Adresse', { exact: true }).fill('12 rue Didouche Mourad');
    await chooseCommune(dialog, 'hyd', 'Hydra');
    await dialog.getByLabel('Code postal').fill('16000');
    await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
  } else {
    await dialog.getByLabel('الاسم الكامل').fill('أمينة الألوان');
    await dialog.getByLabel('رقم الهاتف').fill('0555 12 34 57');
    await chooseCommune(dialog, 'الجزائر الوسطى', 'الجزائر الوسطى', 'البلدية');
    await dialog.getByLabel('العنوان', { exact: true }).fill('حي النصر، عمارة 12');
    await dialog.getByRole('button', { name: 'تأكيد الطلب' }).click();
  }
}

async function journey(lang: 'fr' | 'ar') {
  const texts = lang === 'fr' ? FRENCH : ARABIC;
  const { context, page, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, {
    locale: texts.locale,
    phone: true,
    reducedMotion: true,
  });
  try {
    const productPath = `${texts.prefix}/product/${product.id}`;
    await page.goto(productPath);
    // Red, the first colour in stock, is chosen: its photo and the shared one, its sizes.
    await page.getByRole('button', { name: texts.red, exact: true }).waitFor();
    expect(await pressed(page, texts.red)).toBe('true');
    expect(await pressed(page, texts.blue)).toBe('false');
    // Two photos: the one of every colour and the red one (the counter is isolated in Arabic).
    expect(await page.getByText(/^\u2066?1 \/ 2\u2069?$/).count()).toBe(1);
    const large = page.getByRole('button', { name: texts.large });
    expect(await large.isDisabled()).toBe(true);
    expect(await large.textContent()).toContain(texts.soldOut);
    expect(await overflow(page, VIEWPORTS.mobile.width)).toBe(0);
    expect(await accessibilityViolations(page, true)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `product-red-${lang}.png`), fullPage: true });

    await page.getByRole('button', { name: texts.medium }).click();
    await page.getByRole('button', { name: texts.add }).click();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).first().waitFor();

    // Blue: the address keeps it in place of the current entry (no new step back).
    const steps = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: texts.blue, exact: true }).click();
    await page.waitForURL((url) => url.search === '?couleur=bleu');
    expect(await page.evaluate(() => history.length)).toBe(steps);
    expect(await pressed(page, texts.blue)).toBe('true');
    // Blue L is in stock (2 left).
    expect(await page.getByRole('button', { name: texts.large }).isDisabled()).toBe(false);
    // M is in stock in blue too: it stays chosen.
    expect(await page.getByRole('button', { name: texts.medium }).getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: path.join(SHOTS, `product-blue-${lang}.png`), fullPage: true });
    await page.getByRole('button', { name: texts.add }).click();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).first().waitFor();

    // An ad's link opens on its colour.
    await page.goto(`${productPath}?couleur=bleu`);
    await page.getByRole('button', { name: texts.blue, exact: true }).waitFor();
    expect(await pressed(page, texts.blue)).toBe('true');

    // The cart: two lines, each with its colour.
    await page.goto(`${texts.prefix}/Cart`);
    await page.getByTestId('line-color').nth(1).waitFor();
    expect(await page.getByTestId('line-color').allTextContents()).toEqual([
      texts.colorLine(texts.red),
      texts.colorLine(texts.blue),
    ]);
    await chooseWilaya(page, lang === 'fr' ? '16' : 'الجزائر', lang === 'fr' ? 'Wilaya' : 'الولاية');
    expect(await overflow(page, VIEWPORTS.mobile.width)).toBe(0);
    expect(await accessibilityViolations(page, true)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `cart-${lang}.png`), fullPage: true });

    await page.getByRole('button', { name: texts.checkout }).click();
    await fillCheckout(page, lang);
    const orderNumber = page.getByTestId('order-number');
    await orderNumber.waitFor();
    const orderId = Number(((await orderNumber.textContent()) ?? '').replace(/\D/g, ''));
    expect(orderId).toBeGreaterThan(0);
    const order = (
      await api<{ data: { order_items: { size: string; color: string; quantity: number }[] } }>(
        `/order/getOrder/${orderId}`,
      )
    ).body.data;
    expect(order.order_items.map((i) => [i.color, i.size, i.quantity]).sort()).toEqual([
      ['Bleu', 'M', 1],
      ['Rouge', 'M', 1],
    ]);

    // The shop: the colour filter with its counts, the card's dots.
    await page.goto(`${texts.prefix}/Shop?couleur=rouge`);
    await page.getByRole('button', { name: texts.filters }).click();
    const colorGroup = page.getByRole('group', { name: texts.colorFilter, exact: true });
    await colorGroup.waitFor();
    expect(
      await colorGroup
        .getByRole('button', { name: new RegExp(`^${texts.red} \\(\\d+\\)$`) })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByTestId('card-colors').first().waitFor();
    expect(await overflow(page, VIEWPORTS.mobile.width)).toBe(0);
    expect(await accessibilityViolations(page, true)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `shop-filters-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('a product in colours on a phone', () => {
  it('in French: red M and blue M are two cart lines showing their colours, and the order is placed', async () => {
    await journey('fr');
  }, 120_000);

  it('in Arabic: the same, with the colours named in Arabic', async () => {
    await journey('ar');
    // Two orders took one red M and one blue M each.
    const now = await productNow();
    const left = (color: string, size: string) => now.variants.find((v) => v.color === color && v.size === size)?.stock;
    expect([left('Rouge', 'M'), left('Bleu', 'M')]).toEqual([3, 2]);
  }, 120_000);
});
