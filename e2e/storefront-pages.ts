// Every storefront page, once for both languages: the French pages (e2e/pages.test.ts) and their
// Arabic twins under /ar (e2e/arabic.test.ts) are the same table, each page ready when it shows the
// text of its language's catalogue (apps/web storefront/i18n/locales).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ShopProduct } from './harness.ts';

export type Language = 'fr' | 'ar';

export interface PageCase {
  name: string;
  url: string;
  admin?: boolean;
  /** Browser storage the page starts with (a cart, a confirmation). */
  storage?: Record<string, string>;
  /** Waits until the page shows what it is for; may act (open a dialog). */
  ready: (page: Page) => Promise<unknown>;
  /** A dialog in front: the screenshot is of the screen, not the whole page behind. */
  modal?: boolean;
}

export interface PageProduct extends ShopProduct {
  images: { image_url: string }[];
}

/** What the pages show: a product in stock (and its name in the page's language), an order to follow. */
export interface StorefrontSubjects {
  product: PageProduct;
  productName: string;
  trackedOrder: number;
  trackedPhone: string;
}

/** A storefront catalogue, as the pages show its texts. */
export function catalogue(lang: Language): Record<string, string> {
  const file = path.join(import.meta.dirname, `../apps/web/src/storefront/i18n/locales/${lang}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();

/** A cart of two lines of the product, in two sizes. */
function cartWith(p: PageProduct): Record<string, string> {
  const size = p.sizes.find((s) => s.stock > 2)!.name;
  const line = { id: p.id, name: p.name, cost: p.final_price, src: p.images[0]?.image_url ?? '', size, Quantity: 2 };
  const other = p.sizes.find((s) => s.stock > 0 && s.name !== size)?.name ?? size;
  return { cart: JSON.stringify([line, { ...line, size: other, Quantity: 1 }]) };
}

const ADDRESSES: Record<Language, string> = {
  fr: '12 rue Didouche Mourad, Sidi M’Hamed',
  ar: 'حي النصر، عمارة 12',
};

/** A thank-you screen's order, as the browser keeps it after the order (placed a moment ago). */
function placed(lang: Language, p: PageProduct): string {
  return JSON.stringify({
    orderNumber: 1234,
    total: 5400,
    address: ADDRESSES[lang],
    wilaya: 'Alger',
    commune: 'Hydra',
    deliveryType: 'home',
    zipCode: '16000',
    phone: '0770123456',
    placedAt: Date.now(),
    lines: [{ name: p.name, size: 'M', quantity: 2, unitPrice: 2500 }],
    subtotal: 5000,
    discount: 500,
    discountPercentage: 10,
    shippingFee: 900,
  });
}

export function storefrontPages(lang: Language, s: StorefrontSubjects): PageCase[] {
  const text = catalogue(lang);
  const prefix = lang === 'ar' ? '/ar' : '';
  const at = (url: string) => (url === '/' ? prefix || '/' : `${prefix}${url}`);
  const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [
    {
      name: 'home',
      url: at('/'),
      ready: (page) => page.locator(`#newArrival a[href^="${prefix}/product/"]`).first().waitFor(),
    },
    {
      name: 'shop',
      url: at('/Shop'),
      ready: (page) => page.locator(`main a[href^="${prefix}/product/"]`).first().waitFor(),
    },
    {
      name: 'shop-search',
      url: at('/Shop/robe'),
      ready: (page) => heading(page, new RegExp(`${escaped(text['shop.all']!)}|robe`, 'i')),
    },
    { name: 'product', url: at(`/product/${s.product.id}`), ready: (page) => heading(page, s.productName) },
    { name: 'new-arrival', url: at('/NewArrival'), ready: (page) => heading(page, text['home.newArrival']!) },
    { name: 'top-selling', url: at('/TopSelling'), ready: (page) => heading(page, text['home.topSelling']!) },
    { name: 'cart-empty', url: at('/Cart'), ready: (page) => page.getByText(text['cart.emptyCart']!).waitFor() },
    {
      name: 'cart',
      url: at('/Cart'),
      storage: cartWith(s.product),
      ready: (page) => page.getByTestId('line-total').first().waitFor(),
    },
    {
      name: 'cart-checkout',
      url: at('/Cart'),
      storage: cartWith(s.product),
      modal: true,
      ready: async (page) => {
        await page.getByRole('button', { name: text['cart.checkout']! }).click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'cart-thank-you',
      url: at('/Cart'),
      storage: { orderConfirmation: placed(lang, s.product) },
      ready: (page) => heading(page, text['thankYou.title']!),
    },
    {
      name: 'custom-order',
      url: at('/CustomOrder'),
      ready: (page) => page.getByLabel(text['customOrder.clothingType']!).waitFor(),
    },
    {
      name: 'custom-order-thank-you',
      url: at('/CustomOrder'),
      storage: { customOrderConfirmation: placed(lang, s.product) },
      ready: (page) => heading(page, text['customOrder.payTitle']!),
    },
    { name: 'rating', url: at('/Rating'), ready: (page) => heading(page, text['rating.title']!) },
    { name: 'tracking', url: at('/suivi'), ready: (page) => heading(page, text['tracking.title']!) },
    {
      name: 'tracking-found',
      url: at(`/suivi?commande=${s.trackedOrder}&tel=${s.trackedPhone}`),
      ready: (page) => page.getByRole('list', { name: text['tracking.timeline']! }).waitFor(),
    },
    { name: 'not-found', url: at('/nulle-part'), ready: (page) => heading(page, text['notFound.title']!) },
  ];
}

/** Scrolls through the page and back to the top, so that every card's reveal animation has run. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
}

/** Opens a page case and waits until it is at rest: ready, the network quiet, scrolled through once. */
export async function visit(page: Page, c: PageCase): Promise<void> {
  await page.goto(c.url);
  await c.ready(page);
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  await page.waitForTimeout(600);
}
