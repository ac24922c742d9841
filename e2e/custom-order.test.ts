// Custom order and brand review journeys in Chromium against the real server on a fresh database
// with the demo catalogue (custom items T-shirt, Hoodie, cup; 58 wilayas; coupon BIENVENUE10).
// Reference images are real PNGs drawn with sharp; the server must store them as WebP.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  chooseCommune,
  chooseWilaya,
  launchBrowser,
  newPage,
  screenshot,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';

interface AdminOrder {
  id: number;
  type: string;
  status: string;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_postal_code: string;
  coupon_code: string | null;
  clothing_type: string;
  color: string;
  size: string | null;
  discount_percentage: number;
  final_total: number;
  reference_images: { position: string; image_url: string }[];
}

let shop: ShopServer;
let browser: Browser;
let token: string;
let frontPng: Buffer;
let backPng: Buffer;

function drawPng(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  frontPng = await drawPng(900, 1200, '#1f2a52');
  backPng = await drawPng(900, 1200, '#d32f2f');
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function getOrder(id: string): Promise<AdminOrder> {
  const res = await fetch(`${shop.baseUrl}/api/order/getOrder/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminOrder }).data;
}

async function openCustomOrder(page: Page, query = '') {
  await page.goto(`/CustomOrder${query}`);
  await page.locator('#clothingType').waitFor();
}

async function fillCustomer(page: Page, name: string) {
  await page.locator('#fullName').fill(name);
  await page.locator('#phoneNumber').fill('0555123456');
  await chooseWilaya(page, 'Alger');
  await chooseCommune(page, 'hydr', 'Hydra');
  await page.locator('#address').fill('12 rue Didouche Mourad');
  await page.locator('#zipCode').fill('16000');
}

async function orderNumber(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Merci pour votre commande !' }).waitFor();
  const text = await page.getByTestId('order-number').textContent();
  return (text ?? '').replace('#', '');
}

async function expectWebpServed(imageUrl: string) {
  expect(imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
  const res = await fetch(`${shop.baseUrl}/public${imageUrl}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('image/webp');
}

describe('custom order', () => {
  it('places a garment order with front and back images and BIENVENUE10', async () => {
    const { context, page, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.desktop);
    try {
      await openCustomOrder(page);
      // The 58 wilayas, each with its number.
      await page.getByRole('button', { name: 'Afficher les wilayas' }).click();
      const listed = page.getByRole('listbox').getByRole('option');
      await expect.poll(() => listed.count()).toBe(58);
      expect(await listed.nth(15).textContent()).toMatch(/^16 - Alger/);
      await page.keyboard.press('Escape');
      const hoodie = await page
        .getByLabel('Type de vêtement')
        .locator('option', { hasText: 'Hoodie' })
        .getAttribute('value');
      await page.locator('#clothingType').selectOption(hoodie ?? '');
      const size = await page.locator('#size').inputValue();
      const color = await page.locator('#color').inputValue();
      expect(size).not.toBe('');
      expect(color).not.toBe('');
      await fillCustomer(page, 'Amina Benali');
      await page
        .locator('#reference-image-front')
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: frontPng });
      await page
        .locator('#reference-image-back')
        .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: backPng });
      await page.getByAltText('Aperçu de l’image de référence : Devant').waitFor();
      await page.getByAltText('Aperçu de l’image de référence : Dos').waitFor();
      await page.getByLabel('Code promo').fill('BIENVENUE10');
      await page.getByRole('button', { name: 'Appliquer' }).click();
      await page.getByText('Code promo appliqué avec succès!').waitFor();
      await page.getByText('Réduction (10%)').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, 'custom-order-1280');

      await page.getByRole('button', { name: 'Passer la commande' }).click();
      await page.getByText('Votre commande personnalisée a été créée avec succès').waitFor();
      const id = await orderNumber(page);
      await page.getByText('Paiement à l’avance').waitFor();
      await page.getByText('7-10 jours ouvrables').waitFor();
      await page.getByText('12 rue Didouche Mourad, Hydra, Alger 16000').waitFor();
      await screenshot(page, 'custom-order-thank-you-1280');
      // The confirmation survives a reload; "Continuer vos achats" ends it and goes to the shop.
      await page.reload();
      expect(await page.getByTestId('order-number').textContent()).toBe(`#${id}`);
      await page.getByRole('button', { name: 'Continuer vos achats' }).click();
      await page.waitForURL(/\/Shop$/);

      const order = await getOrder(id);
      expect(order.type).toBe('custom');
      expect(order.customer_name).toBe('Amina Benali');
      expect(order.customer_postal_code).toBe('16000');
      expect(order.customer_address).toContain('12 rue Didouche Mourad');
      expect(order.coupon_code).toBe('BIENVENUE10');
      expect(Number(order.discount_percentage)).toBe(10);
      expect(order.color).toBe(color);
      expect(order.size).toBe(size);
      expect(order.reference_images.map((image) => image.position).sort()).toEqual(['back', 'front']);
      for (const image of order.reference_images) await expectWebpServed(image.image_url);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('places a cup order with only a front image (390 px)', async () => {
    const { context, page, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile);
    try {
      await openCustomOrder(page, '?type=cup');
      expect(await page.locator('#clothingType').locator('option:checked').textContent()).toMatch(/^Tasse/);
      expect(await page.locator('#size').count()).toBe(0);
      expect(await page.locator('#reference-image-back').count()).toBe(0);
      expect(await page.locator('#reference-image-side').count()).toBe(0);
      await fillCustomer(page, 'Yacine Mansouri');
      await page
        .locator('#reference-image-front')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: frontPng });
      await page.getByAltText('Aperçu de l’image de référence : Devant').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, 'custom-order-cup-390');
      await page.getByRole('button', { name: 'Passer la commande' }).click();
      const id = await orderNumber(page);
      await page.waitForTimeout(300);
      await screenshot(page, 'custom-order-thank-you-390');

      const order = await getOrder(id);
      expect(order.type).toBe('custom');
      expect(order.size ?? '').toBe('');
      expect(order.reference_images).toHaveLength(1);
      expect(order.reference_images[0]?.position).toBe('front');
      await expectWebpServed(order.reference_images[0]!.image_url);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a submit without any reference image and keeps what was typed', async () => {
    const { context, page } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile);
    try {
      await openCustomOrder(page);
      await fillCustomer(page, 'Sans Image');
      await page.getByRole('button', { name: 'Passer la commande' }).click();
      await page.getByText('Au moins une image de référence est requise').waitFor();
      await page.getByText('Veuillez corriger les erreurs dans le formulaire').waitFor();
      expect(await page.locator('#fullName').inputValue()).toBe('Sans Image');
      await screenshot(page, 'custom-order-errors-390');
    } finally {
      await context.close();
    }
  });
});

describe('brand review', () => {
  for (const [tag, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['390', VIEWPORTS.mobile],
  ] as const) {
    it(`is posted on /Rating and shown on the home page's review cards (${tag} px)`, async () => {
      const { context, page, errors } = await newPage(browser, shop.baseUrl, viewport);
      const review = `Qualité impeccable, merci ! (${tag})`;
      try {
        await page.goto('/Rating');
        await page.locator('#customer_name').fill(`Nadia ${tag}`);
        await page.locator('#customer_phone').fill('0770123456');
        await page.getByRole('radio', { name: '5 étoiles' }).focus();
        await page.keyboard.press('ArrowLeft');
        await page.getByText('4 sur 5').waitFor();
        await page.locator('#review').fill(review);
        await screenshot(page, `rating-${tag}`);
        await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
        await page.getByRole('heading', { name: 'Merci pour votre avis !' }).waitFor();
        expect(await page.getByRole('link', { name: 'Continuer vos achats' }).getAttribute('href')).toBe('/Shop');
        await page.waitForTimeout(300);
        await screenshot(page, `rating-thank-you-${tag}`);

        await page.goto('/');
        // The reviews are fetched as their section comes near the screen, at the foot of the home.
        await page.getByRole('heading', { name: 'NOS CLIENTS SATISFAITS' }).scrollIntoViewIfNeeded();
        await page.getByText(review).first().waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
