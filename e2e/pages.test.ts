// Every page of the storefront and of the back office, on a phone (390×844, touch) and on a
// desktop, in Chromium against the real server: nothing scrolls sideways (at 360 px and 1024 px
// too, and on the phone no box inside the page either, but the carousels), axe-core finds no
// serious or critical accessibility violation nor any of the landmark and heading rules
// (STRUCTURE_RULES), and each phone page is saved under e2e/screenshots/phone/ to be looked at.
// Alone: `npm run build && npx vitest run --project e2e e2e/pages.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  adminToken,
  launchBrowser,
  newPage,
  placeFirstInStock,
  placeOrder,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';
import { accessibilityViolations, boxesScrollingSideways, overflow } from './page-checks.ts';
import { heading, storefrontPages as pagesIn, visit, type PageCase, type PageProduct } from './storefront-pages.ts';

const PHONE_DIR = path.join(SCREENSHOT_DIR, 'phone');
const NARROW_PHONE = { width: 360, height: 780 };
/** A tablet on its side, or a small laptop: the admin's nav must not push the page sideways. */
const NARROW_DESKTOP = { width: 1024, height: 768 };

let shop: ShopServer;
let browser: Browser;
let token: string;
let product: PageProduct;
/** An order to follow on /suivi. */
let tracked: number;
const TRACKED_PHONE = '0770123456';
/** Orders of the order desk's pages: one from a blacklisted phone (held), two from one phone (duplicates). */
let heldOrder: number;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: PageProduct[] };
  product = all.data.find((p) => p.has_sizes && p.sizes.some((s) => s.stock > 2))!;
  tracked = (await placeFirstInStock(shop.baseUrl, TRACKED_PHONE)).orderId;
  fs.mkdirSync(PHONE_DIR, { recursive: true });
  await deskData();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/**
 * What the order desk's pages show: orders waiting for their call (one held, two possible
 * duplicates), and a brand review waiting for approval.
 */
async function deskData(): Promise<void> {
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const post = (url: string, body: unknown, method = 'POST') =>
    fetch(`${shop.baseUrl}/api${url}`, { method, headers: admin, body: JSON.stringify(body) });
  await post('/order/blacklist', { phone: '0770111222', reason: 'Refused two parcels' });
  await post('/settings/desk', { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: true }, 'PUT');
  const size = product.sizes.find((s) => s.stock > 2)!.name;
  heldOrder = (await placeOrder(shop.baseUrl, { product, size, phone: '0770111222', name: 'Samir Haddad' })).id;
  for (let i = 0; i < 2; i++) {
    await placeOrder(shop.baseUrl, { product, size, phone: '0661223344', name: 'Meriem Bensalah' });
  }
  await fetch(`${shop.baseUrl}/api/BrandRating/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer_name: 'Yasmine',
      customer_phone: '0550998877',
      rating: 4,
      review: 'Livraison rapide, tissu agréable.',
    }),
  });
}

/** The French storefront's pages (their Arabic twins: e2e/arabic.test.ts). */
function storefrontPages(): PageCase[] {
  return pagesIn('fr', { product, productName: product.name, trackedOrder: tracked, trackedPhone: TRACKED_PHONE });
}

function adminPages(): PageCase[] {
  return [
    {
      name: 'admin-login',
      url: '/admin/login',
      ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
    },
    { name: 'admin-dashboard', url: '/admin', admin: true, ready: (page) => page.getByText('Total Revenue').waitFor() },
    {
      name: 'admin-confirm',
      url: '/admin/confirm',
      admin: true,
      ready: (page) => page.getByRole('article').getByText('Blacklisted phone').waitFor(),
    },
    {
      name: 'admin-confirm-refused',
      url: '/admin/confirm',
      admin: true,
      ready: async (page) => {
        const card = page.getByRole('article').first();
        await card.getByRole('button', { name: 'Refused' }).click();
        await card.getByLabel('Reason').waitFor();
      },
    },
    {
      name: 'admin-products',
      url: '/admin/products',
      admin: true,
      ready: (page) => heading(page, 'Products'),
    },
    {
      name: 'admin-product-form-error',
      url: '/admin/products',
      admin: true,
      modal: true,
      // A file that is not a picture is refused as it is chosen, with no broken preview.
      ready: async (page) => {
        await page.getByRole('button', { name: '+ Add product' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add product' });
        await dialog.getByLabel('Name', { exact: true }).fill('Robe kabyle');
        await dialog.getByLabel('Images').setInputFiles({
          name: 'facture.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4 not a picture'),
        });
        await dialog.getByText('"facture.pdf" is not an image').waitFor();
        if (await dialog.getByRole('img').count()) throw new Error('a preview was added for a refused file');
      },
    },
    { name: 'admin-orders', url: '/admin/orders', admin: true, ready: (page) => heading(page, /Orders/) },
    {
      name: 'admin-orders-bulk',
      url: '/admin/orders?status=pending',
      admin: true,
      ready: async (page) => {
        await page.getByRole('checkbox', { name: `Select order #${heldOrder}` }).check();
        await page.getByRole('combobox', { name: 'New status' }).waitFor();
      },
    },
    {
      name: 'admin-order-details',
      url: `/admin/orders?order=${heldOrder}`,
      admin: true,
      modal: true,
      ready: (page) => page.getByRole('dialog').getByTestId('receipt').waitFor(),
    },
    {
      name: 'admin-order-edit',
      url: `/admin/orders?order=${heldOrder}`,
      admin: true,
      modal: true,
      ready: async (page) => {
        await page.getByRole('dialog').getByRole('button', { name: 'Edit order' }).click();
        await page.getByRole('dialog').getByLabel('Add a product').waitFor();
      },
    },
    {
      name: 'admin-ratings',
      url: '/admin/ratings',
      admin: true,
      ready: (page) => page.getByRole('region', { name: 'Product ratings' }).waitFor(),
    },
    {
      name: 'admin-ratings-waiting',
      url: '/admin/ratings',
      admin: true,
      ready: async (page) => {
        await page.getByRole('tab', { name: 'Brand ratings' }).click();
        await page.getByRole('button', { name: 'Approve the review of Yasmine' }).waitFor();
      },
    },
    {
      name: 'admin-ratings-brand',
      url: '/admin/ratings',
      admin: true,
      ready: async (page) => {
        await page.getByRole('tab', { name: 'Brand ratings' }).click();
        await page.getByRole('region', { name: 'Brand ratings' }).waitFor();
      },
    },
    {
      name: 'admin-product-types',
      url: '/admin/product-types',
      admin: true,
      ready: (page) => heading(page, /Product Types/),
    },
    {
      name: 'admin-custom-order-types',
      url: '/admin/custom-order-types',
      admin: true,
      ready: (page) => heading(page, /Custom Order/),
    },
    { name: 'admin-coupons', url: '/admin/coupons', admin: true, ready: (page) => heading(page, /Coupons/) },
    {
      name: 'admin-shipping-prices',
      url: '/admin/shipping-prices',
      admin: true,
      ready: (page) => page.getByText('Alger').first().waitFor(),
    },
    {
      name: 'admin-settings',
      url: '/admin/settings',
      admin: true,
      ready: async (page) => {
        await page.getByLabel('CCP').waitFor();
        await page.getByLabel('Low-stock threshold').waitFor();
        await page.getByRole('region', { name: 'Blacklisted phones' }).getByText('0770111222').waitFor();
        await page.getByRole('heading', { name: 'Courier accounts' }).waitFor();
      },
    },
    {
      name: 'admin-reconciliation',
      url: '/admin/reconciliation',
      admin: true,
      ready: async (page) => {
        await page.getByTestId('reconciliation-totals').waitFor();
        await page.getByText('No parcel is stuck.').waitFor();
      },
    },
    {
      name: 'admin-not-found',
      url: '/admin/nulle-part',
      admin: true,
      // In English, inside the back office: never the storefront's French page.
      ready: async (page) => {
        await heading(page, 'Page not found');
        await page.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
        if (await page.getByText("Quelque chose s'est mal passé").count()) throw new Error('French not-found page');
      },
    },
  ];
}

async function open(
  viewport: { width: number; height: number },
  c: PageCase,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser, shop.baseUrl, viewport, {
    phone: viewport.width < 768,
    reducedMotion: true,
    storage: { ...(c.storage ?? {}), ...(c.admin ? { adminToken: token } : {}) },
  });
  await visit(opened.page, c);
  return opened;
}

// The phone and the desktop walks only look (a form opened is never sent): they run side by side.
describe('every page', () => {
  const cases = () => [...storefrontPages(), ...adminPages()];
  it.concurrent.for([
    ['phone', VIEWPORTS.mobile],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'on a %s: scrolls only downwards, passes axe, and (phone) is saved for a look',
    // About 40 pages, each opened, scrolled, checked by axe and resized: longer than one journey.
    { timeout: 300_000 },
    async ([kind, viewport], { expect }) => {
      const failures: string[] = [];
      for (const c of cases()) {
        const { context, page, errors } = await open(viewport, c);
        try {
          const over = await overflow(page, viewport.width);
          if (over > 0) failures.push(`${c.name}: ${over} px wider than the ${viewport.width} px screen`);
          const storefront = !c.url.startsWith('/admin');
          for (const violation of await accessibilityViolations(page, storefront)) {
            failures.push(`${c.name}: ${violation}`);
          }
          if (kind === 'phone') {
            for (const box of await boxesScrollingSideways(page)) failures.push(`${c.name}: ${box}`);
            await page.screenshot({ path: path.join(PHONE_DIR, `${c.name}.png`), fullPage: !c.modal });
            await page.setViewportSize(NARROW_PHONE);
            await page.waitForTimeout(200);
            const narrow = await overflow(page, NARROW_PHONE.width);
            if (narrow > 0) failures.push(`${c.name}: ${narrow} px wider than a 360 px screen`);
            for (const box of await boxesScrollingSideways(page)) failures.push(`${c.name} at 360 px: ${box}`);
          } else {
            await page.setViewportSize(NARROW_DESKTOP);
            await page.waitForTimeout(200);
            const narrow = await overflow(page, NARROW_DESKTOP.width);
            if (narrow > 0) failures.push(`${c.name}: ${narrow} px wider than a 1024 px screen`);
          }
          failures.push(...errors.map((e) => `${c.name}: ${e}`));
        } finally {
          await context.close();
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

describe('the accessibility check', () => {
  it('fails on the moderate structure rules too, and asks the storefront for one h1', async () => {
    const notFound = storefrontPages().find((c) => c.name === 'not-found')!;
    const { context, page } = await open(VIEWPORTS.mobile, notFound);
    try {
      expect(await accessibilityViolations(page, true)).toEqual([]);
      // What the structure rules are for: text outside any landmark, a skipped heading level, a
      // broken definition list, and no h1.
      await page.evaluate(() => {
        document.querySelector('h1')?.remove();
        document.body.insertAdjacentHTML(
          'beforeend',
          '<p>Hors repère</p><main><h2>Partie</h2><h4>Trop bas</h4><dl><p>Pas un terme</p><dd>Valeur</dd></dl></main>',
        );
      });
      const ids = (await accessibilityViolations(page, true)).map((line) => line.split(' ')[0]);
      expect(ids).toEqual(
        expect.arrayContaining(['region', 'heading-order', 'definition-list', 'page-has-heading-one']),
      );
      // A back-office page is not asked for an h1.
      const admin = (await accessibilityViolations(page, false)).map((line) => line.split(' ')[0]);
      expect(admin).toContain('heading-order');
      expect(admin).not.toContain('page-has-heading-one');
    } finally {
      await context.close();
    }
  });
});

describe('the sideways check', () => {
  it('sees a box scrolling sideways inside the page, but not a marked carousel', async () => {
    const products = adminPages().find((c) => c.name === 'admin-products')!;
    const { context, page } = await open(VIEWPORTS.mobile, products);
    try {
      expect(await boxesScrollingSideways(page)).toEqual([]);
      await page.evaluate(() => {
        const wide = '<div style="width: 900px">wide</div>';
        document
          .querySelector('main')!
          .insertAdjacentHTML(
            'beforeend',
            `<div role="region" aria-label="Too wide" style="overflow-x: auto">${wide}</div>` +
              `<ul data-scroll-x style="overflow-x: auto"><li>${wide}</li></ul>`,
          );
      });
      const found = await boxesScrollingSideways(page);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^<div> "Too wide" scrolls \d+ px sideways$/);
      // The document itself does not show it.
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['phone', VIEWPORTS.mobile],
  ['desktop', VIEWPORTS.desktop],
] as const)('the nav search on a %s', (kind, viewport) => {
  it('leads to /Shop/{search} with the matching products', async () => {
    const { context, page, errors } = await open(viewport, storefrontPages()[0]!);
    try {
      const box = page.getByRole('searchbox', { name: 'Rechercher un produit' });
      expect(await box.isVisible()).toBe(true);
      const words = product.name;
      await box.fill(words);
      if (kind === 'phone') await page.getByRole('button', { name: 'Lancer la recherche' }).tap();
      else await box.press('Enter');
      await page.waitForURL((url) => url.pathname === `/Shop/${encodeURIComponent(words)}`);
      await page.locator(`main a[href="/product/${product.id}"]`).first().waitFor();
      expect(await box.inputValue()).toBe(words);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the phone side menu', () => {
  it("covers the screen's height, its shade the whole page, and closes on a tap beside it", async () => {
    const { context, page } = await open(VIEWPORTS.mobile, storefrontPages()[0]!);
    try {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
      const panel = page.locator('#side-menu');
      await page.waitForTimeout(400);
      const box = (await panel.boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.height).toBe(VIEWPORTS.mobile.height);
      // The links sit on the panel's white, not over the page.
      const link = (await panel.getByRole('link', { name: 'Avis Clients' }).boundingBox())!;
      expect(link.y + link.height).toBeLessThan(box.height);
      // What is under a point at the bottom right is the shade, not the page.
      const under = await page.evaluate(() => document.elementFromPoint(380, 830)?.getAttribute('data-testid'));
      expect(under).toBe('menu-overlay');
      await page.screenshot({ path: path.join(PHONE_DIR, 'side-menu.png') });
      await page.touchscreen.tap(370, 700);
      await expect
        .poll(() => page.getByRole('button', { name: 'Ouvrir le menu' }).getAttribute('aria-expanded'))
        .toBe('false');
    } finally {
      await context.close();
    }
  });
});

describe('a slow network', () => {
  it("keeps the layout and shows a skeleton while the next page's code loads", async () => {
    const { context, page } = await open(VIEWPORTS.mobile, storefrontPages()[0]!);
    try {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(shop|rating-page)-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
      await page.locator('#side-menu').getByRole('link', { name: 'Avis Clients' }).tap();
      await page.getByTestId('page-skeleton').waitFor();
      expect(await page.getByRole('link', { name: /Panier/ }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(PHONE_DIR, 'page-loading.png') });
      release();
      await heading(page, 'Donnez votre avis');
      expect(await page.getByTestId('page-skeleton').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the price slider', () => {
  it('keeps the maximum handle where its label says when pushed past the minimum gap', async () => {
    const { context, page } = await open(VIEWPORTS.mobile, storefrontPages()[1]!);
    try {
      const filters = page.getByRole('button', { name: 'Filtres' });
      if ((await filters.getAttribute('aria-expanded')) === 'false') await filters.tap();
      const max = page.getByRole('slider', { name: 'Prix maximum' });
      // Dragged with the pointer all the way to the left: the handle stops at the gap.
      const box = (await max.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width - 11, y);
      await page.mouse.down();
      for (let x = box.x + box.width - 11; x > box.x - 20; x -= 25) await page.mouse.move(x, y);
      await page.mouse.up();
      expect(await max.inputValue()).toBe('500');
      // Pushed further while already at the gap: the state does not change, the handle must not move.
      await max.fill('100');
      await max.fill('0');
      expect(await max.inputValue()).toBe('500');
      const min = page.getByRole('slider', { name: 'Prix minimum' });
      await min.fill('3000');
      expect(await min.inputValue()).toBe('0');
      await page.getByText('500,00 Da').first().waitFor();
      await page.getByRole('button', { name: 'Appliquer' }).tap();
      await page.waitForURL(/\/Shop\?min=0&max=500$/);
    } finally {
      await context.close();
    }
  });
});
