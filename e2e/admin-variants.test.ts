// The owner, on a phone (390×844, touch), adds a product sold in two colours on a scale of numbers:
// each colour with its name, swatch and the photos that show it, the stock per colour × size; the
// server keeps the colours, the variants and the photos' colours (issue 30, docs/decisions/036-variants.md).
// Then the same form at the desk, and the product's details with the stock per variant.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import {
  adminPage,
  adminToken,
  expectToast,
  launchBrowser,
  SCREENSHOT_DIR,
  startShop,
  type ShopServer,
  VIEWPORTS,
} from './harness.ts';
import { overflow } from './page-checks.ts';

const DIR = path.join(SCREENSHOT_DIR, 'variants');

let shop: ShopServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(DIR, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

interface ReadProduct {
  id: number;
  name: string;
  stock: number;
  size_scale: string;
  size_list: string[];
  colors: { id: number; name: string; name_ar: string | null; swatch: string; image_ids: number[] }[];
  variants: { color_id: number; size: string; stock: number; sku: string | null; price_diff: number }[];
  images: { id: number; position: number; color_id: number | null }[];
}

async function api<T>(url: string): Promise<T> {
  const res = await fetch(`${shop.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The screen as the owner sees it (the modal scrolls inside it: a full page would show the list behind). */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(DIR, `${name}.png`) });
}

describe('colours and sizes in the back office', () => {
  test('the owner adds a product in red and blue, 38 to 42, each colour with its photos, from a phone', async () => {
    const { context, page, errors } = await adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);
    const name = `Robe variantes ${Date.now()}`;
    try {
      await page.goto('/admin/products');
      await page.getByRole('button', { name: /Add product/ }).tap();
      const dialog = page.getByRole('dialog', { name: 'Add product' });
      await dialog.waitFor();
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Description', { exact: true }).fill('Robe en lin, deux couleurs.');
      await dialog.getByLabel('Price (Da)').fill('3000');
      await dialog.getByLabel('Type').selectOption({ index: 1 });
      await dialog.locator('#product-images').setInputFiles([
        { name: 'rouge.png', mimeType: 'image/png', buffer: await png('#c81e1e') },
        { name: 'bleu.png', mimeType: 'image/png', buffer: await png('#1d4ed8') },
        { name: 'dos.png', mimeType: 'image/png', buffer: await png('#888888') },
      ]);
      await dialog.getByRole('img', { name: 'dos.png' }).waitFor();

      // The scale: numbers, typed as the owner says them; a typo is named under the field.
      await dialog.getByLabel('Size scale').selectOption('numbers');
      await dialog.getByLabel('Sizes', { exact: true }).fill('38, 40, 4x');
      await dialog.getByText('"4x" is not a size number').waitFor();
      await dialog.getByLabel('Sizes', { exact: true }).fill('38, 40, 42');

      // Red: its names, its swatch, its photo, its stock.
      await dialog.getByRole('button', { name: '+ Add a colour' }).tap();
      await dialog.getByLabel('Colour name (French)').fill('Rouge');
      await dialog.locator('#product-color-name-ar').fill('أحمر');
      await dialog.getByLabel('Swatch').fill('#c81e1e');
      await dialog.getByRole('button', { name: 'New photo rouge.png shows Rouge' }).tap();
      await dialog.getByLabel('Stock of Rouge 38', { exact: true }).fill('4');
      await dialog.getByLabel('Stock of Rouge 40', { exact: true }).fill('6');
      await dialog.getByLabel('Price difference of Rouge 42', { exact: true }).fill('200');
      await dialog.getByLabel('Stock of Rouge 42', { exact: true }).fill('2');
      await dialog.getByRole('tab', { name: 'Rouge' }).scrollIntoViewIfNeeded();
      await shot(page, 'form-phone-red');

      // Blue, one colour at a time.
      await dialog.getByRole('button', { name: '+ Add a colour' }).tap();
      await dialog.getByLabel('Colour name (French)').fill('Bleu');
      await dialog.getByLabel('Swatch').fill('#1d4ed8');
      await dialog.getByRole('button', { name: 'New photo bleu.png shows Bleu' }).tap();
      await dialog.getByLabel('Stock of Bleu 40', { exact: true }).fill('5');
      await dialog.getByLabel('SKU of Bleu 40', { exact: true }).fill('RV-B-40');
      expect(await dialog.getByLabel('Stock of Rouge 38', { exact: true }).count()).toBe(0);
      await shot(page, 'form-phone-blue');
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);

      await expectToast(page, 'Product added successfully!', () => dialog.getByRole('button', { name: 'Save' }).tap());
      await dialog.waitFor({ state: 'detached' });

      // What the server keeps.
      const found = await api<{ data: { id: number }[] }>(`/product/getAll?page=1&q=${encodeURIComponent(name)}`);
      const id = found.data[0]!.id;
      const product = await api<ReadProduct>(`/product/get/${id}`);
      expect(product.size_scale).toBe('numbers');
      expect(product.size_list).toEqual(['38', '40', '42']);
      expect(product.colors.map((c) => [c.name, c.name_ar, c.swatch])).toEqual([
        ['Rouge', 'أحمر', '#c81e1e'],
        ['Bleu', null, '#1d4ed8'],
      ]);
      const [red, blue] = product.colors;
      const stockOf = (colorId: number, size: string) =>
        product.variants.find((v) => v.color_id === colorId && v.size === size);
      expect(stockOf(red!.id, '38')?.stock).toBe(4);
      expect(stockOf(red!.id, '42')).toMatchObject({ stock: 2, price_diff: 200 });
      expect(stockOf(blue!.id, '40')).toMatchObject({ stock: 5, sku: 'RV-B-40' });
      expect(stockOf(blue!.id, '42')?.stock).toBe(0);
      expect(product.stock).toBe(17);
      // The photos in the order chosen, red's first, blue's second, the third for every colour.
      const photos = [...product.images].sort((a, b) => a.position - b.position).map((image) => image.color_id);
      expect(photos).toEqual([red!.id, blue!.id, null]);

      // The product opened again: the colours as tabs, the photos ticked for their colour.
      await page.getByLabel('Search by name').fill(name);
      await page.getByText(`Found 1 products matching "${name}"`).waitFor();
      await page.getByRole('img', { name: 'Colours: Rouge, Bleu' }).first().waitFor();
      await page.getByRole('button', { name: 'Edit' }).first().tap();
      const edit = page.getByRole('dialog', { name: 'Edit product' });
      await edit.getByRole('tab', { name: 'Rouge' }).waitFor();
      expect(await edit.getByRole('button', { name: 'Photo 1 shows Rouge' }).getAttribute('aria-pressed')).toBe('true');
      expect(await edit.getByLabel('Stock of Rouge 40', { exact: true }).inputValue()).toBe('6');
      await edit.getByRole('tab', { name: 'Bleu' }).tap();
      expect(await edit.getByRole('button', { name: 'Photo 2 shows Bleu' }).getAttribute('aria-pressed')).toBe('true');
      await edit.getByLabel('Stock of Bleu 42', { exact: true }).fill('3');
      await expectToast(page, 'Product updated successfully!', () => edit.getByRole('button', { name: 'Save' }).tap());
      const again = await api<ReadProduct>(`/product/get/${id}`);
      expect(again.variants.find((v) => v.color_id === blue!.id && v.size === '42')?.stock).toBe(3);
      expect(again.stock).toBe(20);

      // Its details: the stock per colour and size, the low ones marked.
      await page.getByRole('button', { name: 'View' }).first().tap();
      const details = page.getByRole('dialog', { name: /Product details/ });
      await details.getByRole('region', { name: 'Rouge' }).waitFor();
      await details.getByLabel('Rouge / 42: 2 left, low stock').waitFor();
      await shot(page, 'details-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The same form at the desk.
    const desk = await adminPage(browser, shop.baseUrl, token, VIEWPORTS.desktop);
    try {
      await desk.page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
      await desk.page.getByLabel('Search by name').fill(name);
      await desk.page.getByText(`Found 1 products matching "${name}"`).waitFor();
      await desk.page.getByRole('button', { name: 'Edit' }).first().click();
      const edit = desk.page.getByRole('dialog', { name: 'Edit product' });
      await edit.getByRole('tab', { name: 'Rouge' }).waitFor();
      await shot(desk.page, 'form-desktop');
      expect(await overflow(desk.page, VIEWPORTS.desktop.width)).toBeLessThanOrEqual(0);
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.context.close();
    }
  }, 180_000);
});
