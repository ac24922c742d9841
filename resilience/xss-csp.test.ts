// Stored XSS in the browser: a product named `<img src=x onerror=alert(1)>` and a brand review
// `<script>alert(1)</script>`, created through the API, show as literal text on the storefront
// and in the back office; no dialog opens, no script runs, no CSP violation, no page error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, launchBrowser, newPage, startShop, type ShopServer } from '../e2e/harness.ts';

const PRODUCT_NAME = '<img src=x onerror=alert(1)>';
const REVIEW = '<script>alert(1)</script>';

let shop: ShopServer;
let browser: Browser;
let productId: number;
let token: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  const auth = { authorization: `Bearer ${token}` };
  const type = await fetch(`${shop.baseUrl}/api/ProductType/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'XSS', description: 'xss', for_custom: false }),
  });
  const typeId = ((await type.json()) as { data: { id: number } }).data.id;
  const form = new FormData();
  form.set('name', PRODUCT_NAME);
  form.set('description', `${REVIEW} <b>gras</b>`);
  form.set('price', '1500');
  form.set('type_id', String(typeId));
  form.set('size_m', '5');
  const product = await fetch(`${shop.baseUrl}/api/product`, { method: 'POST', headers: auth, body: form });
  expect(product.status).toBe(201);
  productId = ((await product.json()) as { data: { id: number } }).data.id;
  const review = await fetch(`${shop.baseUrl}/api/BrandRating/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer_name: 'Testeur XSS', customer_phone: '0551234567', rating: 5, review: REVIEW }),
  });
  expect(review.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function visit(
  url: string,
  texts: string[],
  setup?: (page: Page) => Promise<void>,
  /** After the page is open: what brings the texts on screen. */
  reach?: (page: Page) => Promise<void>,
) {
  const { context, page, errors } = await newPage(browser, shop.baseUrl);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    if (setup) await setup(page);
    await page.goto(url);
    if (reach) await reach(page);
    for (const text of texts) {
      // Playwright's text match reads the rendered text: the markup shows as characters.
      await page
        .getByText(text, { exact: false })
        .filter({ visible: true })
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 });
    }
    // No element was made from the payload: no <img src=x>, no injected script.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.text.includes('alert(1)')))).toBe(false);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('hostile names and reviews are shown as text', () => {
  it('home page: the product and the review', async () => {
    await visit('/', [PRODUCT_NAME, REVIEW], undefined, async (page) => {
      // The reviews are fetched as they come near the screen.
      await page.getByRole('heading', { name: 'NOS CLIENTS SATISFAITS' }).scrollIntoViewIfNeeded();
    });
  });

  it('shop page', async () => {
    await visit('/Shop?sort=newest', [PRODUCT_NAME]);
  });

  it('product page', async () => {
    await visit(`/product/${productId}`, [PRODUCT_NAME]);
  });

  it('admin products page', async () => {
    await visit('/admin/products', [PRODUCT_NAME], async (page) => {
      await page.goto('/');
      await page.evaluate((tk) => localStorage.setItem('adminToken', tk), token);
    });
  });
});
