// Storefront journey in Chromium against the real server on a fresh database with the demo catalogue:
// home → shop → filters → product → size → cart → promo code → wilaya → checkout dialog → thank-you,
// then the order's server totals and the stock through the API. Screenshots at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  adminCall,
  chooseCommune,
  chooseWilaya,
  launchBrowser,
  newPage,
  screenshot,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';
import { scrollThrough } from './storefront-pages.ts';

interface ApiProduct {
  id: number;
  name: string;
  type_id: number;
  final_price: number;
  has_sizes: boolean;
  sizes: { name: string; stock: number }[];
}

let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function api<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${shop.baseUrl}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** Lets every card's reveal animation run before a full-page screenshot. */
async function revealAll(page: Page) {
  await scrollThrough(page);
  await page.waitForTimeout(900);
}

/**
 * `stopDesk`: the customer picks Alger's stop desk (point relais) in the cart, then a commune
 * typed in part; otherwise home delivery to Hydra.
 */
async function journey(viewport: { width: number; height: number }, tag: string, { stopDesk = false } = {}) {
  const { context, page, errors } = await newPage(browser, shop.baseUrl, viewport);
  try {
    await page.goto('/');
    await page.getByRole('heading', { name: 'NOUVEAUTÉS' }).waitFor();
    await page.getByRole('heading', { name: 'EN PROMOTION' }).waitFor();
    await page.locator('#newArrival a[href^="/product/"]').first().waitFor();
    await revealAll(page);
    await screenshot(page, `home-${tag}`);

    // Home → shop.
    await page.getByRole('link', { name: 'Acheter maintenant' }).click();
    await page.waitForURL(/\/Shop$/);
    await page.getByRole('heading', { name: 'Tous' }).waitFor();

    // Filter by type (single select) and price; page 1 never shows in the URL.
    const types = await api<{ id: number; name: string }[]>('/ProductType/getAll');
    const tshirts = types.find((t) => t.name === 'T-shirts') ?? types[0]!;
    if (tag === 'mobile') {
      const filters = page.getByRole('button', { name: 'Filtres' });
      if ((await filters.getAttribute('aria-expanded')) === 'false') await filters.click();
    }
    // The box reflects the URL, which the router updates in a transition: click, then wait for it.
    const typeBox = page.getByRole('checkbox', { name: tshirts.name });
    await typeBox.click();
    await page.waitForURL((url) => url.searchParams.get('type') === String(tshirts.id));
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('label')].some(
          (l) => l.textContent?.includes(name) && l.querySelector('input:checked'),
        ),
      tshirts.name,
    );
    await page.getByRole('heading', { name: tshirts.name, level: 1 }).waitFor();
    const maxSlider = page.getByRole('slider', { name: 'Prix maximum' });
    await maxSlider.focus();
    for (let i = 0; i < 20; i++) await maxSlider.press('ArrowLeft');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.waitForURL((url) => url.searchParams.get('max') === '4000');
    const shopUrl = new URL(page.url());
    expect(shopUrl.searchParams.get('page')).toBeNull();
    expect(shopUrl.searchParams.get('min')).toBe('0');
    await page.locator('main a[href^="/product/"], #main a[href^="/product/"]').first().waitFor();
    await revealAll(page);
    await screenshot(page, `shop-${tag}`);

    // Product with a size in stock.
    const listed = await api<{ data: ApiProduct[] }>(`/product/getAll?page=1&limit=16&type=${tshirts.id}&max=4000`);
    const product = listed.data.find((p) => p.has_sizes && p.sizes.some((s) => s.stock >= 2))!;
    const size = product.sizes.find((s) => s.stock >= 2)!;
    await page.locator(`#main a[href="/product/${product.id}"]`).first().click();
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    const labels: Record<string, string> = { S: 'Small', M: 'Medium', L: 'Large', XL: 'X-Large', XXL: 'XX-Large' };
    // Adding without a size is refused.
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText('Veuillez sélectionner une taille').waitFor();
    await page.getByRole('button', { name: new RegExp(`^${labels[size.name]!}`) }).click();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.getByText(`Ajouté au panier : ${product.name}`).waitFor();
    // Two units of one line: the badge counts units.
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
    await revealAll(page);
    await screenshot(page, `product-${tag}`);

    // Cart: promo code, wilaya, totals.
    await page.getByRole('link', { name: /^Panier/ }).click();
    await page.getByRole('heading', { name: 'Votre Panier' }).waitFor();
    await page.getByPlaceholder('Ajouter un code promo').fill('BIENVENUE10');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Code promo appliqué avec succès.').waitFor();
    await chooseWilaya(page, '16');
    // The fee joins the summary once the wilaya is chosen.
    await expect.poll(() => page.getByTestId('shipping').textContent()).not.toBe('à choisir');
    const delivery = page.getByRole('group', { name: 'Mode de livraison' });
    if (stopDesk) {
      const homeFee = await page.getByTestId('shipping').textContent();
      await delivery.getByRole('radio', { name: /Point relais/ }).check();
      await expect.poll(() => page.getByTestId('shipping').textContent()).not.toBe(homeFee);
    } else {
      expect(await delivery.getByRole('radio', { name: /À domicile/ }).isChecked()).toBe(true);
    }
    let shownTotal = await page.getByTestId('total').textContent();
    await screenshot(page, `cart-${tag}`);

    // Checkout dialog: a validation error first, then valid data.
    await page.getByRole('button', { name: /Passer la commande/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
    await dialog.getByText('Le nom complet est requis').waitFor();
    await dialog.getByLabel('Numéro de téléphone').fill('1234567890');
    await dialog.getByText('Numéro de téléphone invalide (ex. 0555 12 34 56)').waitFor();
    await screenshot(page, `dialog-${tag}`);
    await dialog.getByLabel('Nom complet').fill('Sara Test');
    await dialog.getByLabel('Numéro de téléphone').fill('0555 12 34 56');
    await dialog.getByLabel('Adresse', { exact: true }).fill('12 rue Didouche Mourad');
    if (stopDesk) {
      expect(await dialog.getByRole('radio', { name: /Point relais/ }).isChecked()).toBe(true);
      // Alger Centre's postal code comes with it.
      await chooseCommune(dialog, 'alger c', 'Alger Centre');
      expect(await dialog.getByLabel('Code postal').inputValue()).toBe('16000');
      await screenshot(page, `dialog-commune-${tag}`);
    } else {
      await chooseCommune(dialog, 'hyd', 'Hydra');
      await dialog.getByLabel('Code postal').fill('16000');
    }
    // A commune with its own fee changes the total: the page's total follows it.
    shownTotal = await page.getByTestId('total').textContent();
    await dialog.getByRole('button', { name: '5 étoiles' }).click();
    await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
    await page.getByRole('heading', { name: 'Merci pour votre commande !' }).waitFor();
    const orderText = (await page.getByTestId('order-number').textContent()) ?? '';
    const orderId = Number(orderText.replace(/\D/g, ''));
    expect(orderId).toBeGreaterThan(0);
    await page.getByText('Paiement à la livraison', { exact: true }).waitFor();
    await page.getByText('3-5 jours ouvrables').waitFor();
    await page.getByText(shownTotal!.trim()).waitFor();
    await page
      .getByTestId('delivery-type')
      .filter({ hasText: stopDesk ? 'Point relais (stop desk)' : 'À domicile' })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lastOrderNumber'))).toBe(String(orderId));
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    await screenshot(page, `thank-you-${tag}`);
    // F5 keeps the confirmation, with its number and total.
    await page.reload();
    await page.getByRole('heading', { name: 'Merci pour votre commande !' }).waitFor();
    expect(await page.getByTestId('order-number').textContent()).toBe(`#${orderId}`);
    expect((await page.getByTestId('order-total').textContent())?.trim()).toBe(shownTotal!.trim());

    expect(errors).toEqual([]);
    return { orderId, product, size, quantity: 2, shownTotal: shownTotal!.trim() };
  } finally {
    await context.close();
  }
}

describe('storefront', () => {
  it('takes a customer from the home page to a placed cash-on-delivery order (desktop)', async () => {
    const token = await adminToken(shop.baseUrl);
    // Hydra costs 75 Da more than the rest of Alger at home: the checkout shows and
    // sends its fee, so the order goes through without a 409.
    const before =
      await api<{ wilaya_code: number; price: number; stop_desk_price: number | null }[]>('/ShippingPrice/read');
    const algerFees = before.find((w) => w.wilaya_code === 16)!;
    const hydraFee = algerFees.price + 75;
    await adminCall(shop.baseUrl, token, 'POST', '/ShippingPrice/import', {
      rows: [
        {
          wilaya_code: 16,
          price: algerFees.price,
          stop_desk_price: algerFees.stop_desk_price,
          communes: [{ name: 'Hydra', price: hydraFee, stop_desk_price: null }],
        },
      ],
    });
    const result = await journey(VIEWPORTS.desktop, 'desktop');
    const order = await api<{
      subtotal: number;
      discount_percentage: number;
      shipping_fee: number;
      final_total: number;
      coupon_code: string;
      delivery_type: string;
      commune_name: string;
      order_items: { product_id: number; quantity: number; size: string }[];
    }>(`/order/getOrder/${result.orderId}`, token);
    expect(order).toMatchObject({ delivery_type: 'home', commune_name: 'Hydra' });
    const fee = hydraFee;
    const subtotal = result.product.final_price * result.quantity;
    expect(order.subtotal).toBeCloseTo(subtotal, 2);
    expect(order.discount_percentage).toBe(10);
    expect(order.shipping_fee).toBeCloseTo(fee, 2);
    expect(order.final_total).toBeCloseTo(subtotal - subtotal * 0.1 + fee, 2);
    expect(order.coupon_code).toBe('BIENVENUE10');
    expect(order.order_items).toEqual([
      expect.objectContaining({ product_id: result.product.id, quantity: 2, size: result.size.name }),
    ]);
    // The number shown to the customer is the server's total.
    expect(result.shownTotal.replace(/\D/g, '')).toBe(order.final_total.toFixed(2).replace(/\D/g, ''));
    const after = await api<ApiProduct>(`/product/get/${result.product.id}`);
    expect(after.sizes.find((s) => s.name === result.size.name)!.stock).toBe(result.size.stock - 2);
  });

  it('works the same at 390 px, to a stop desk in a commune, charged the stop desk fee', async () => {
    const token = await adminToken(shop.baseUrl);
    const prices = await api<{ id: number; wilaya_name: string; price: number }[]>('/ShippingPrice/read');
    const alger = prices.find((w) => w.wilaya_name === 'Alger')!;
    const stopDeskFee = alger.price - 150;
    await adminCall(shop.baseUrl, token, 'POST', '/ShippingPrice/update', {
      id: alger.id,
      wilaya_name: 'Alger',
      price: alger.price,
      stop_desk_price: stopDeskFee,
    });
    const result = await journey(VIEWPORTS.mobile, 'mobile', { stopDesk: true });
    const order = await api<{
      subtotal: number;
      discount_amount: number;
      shipping_fee: number;
      final_total: number;
      delivery_type: string;
      commune_name: string;
    }>(`/order/getOrder/${result.orderId}`, token);
    expect(order).toMatchObject({ delivery_type: 'stop_desk', commune_name: 'Alger Centre' });
    expect(order.shipping_fee).toBeCloseTo(stopDeskFee, 2);
    expect(order.final_total).toBeCloseTo(order.subtotal - order.discount_amount + stopDeskFee, 2);
    expect(result.shownTotal.replace(/\D/g, '')).toBe(order.final_total.toFixed(2).replace(/\D/g, ''));
  });

  it('places an order once when its answer was lost and the customer confirms again after a reload (390 px)', async () => {
    const { context, page, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile);
    try {
      const listed = await api<ApiProduct[]>('/product/getAll');
      const product = listed.find((p) => p.has_sizes && p.sizes.some((s) => s.name === 'M' && s.stock >= 1))!;
      await page.goto(`/product/${product.id}`);
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
      await page.getByRole('button', { name: /^Medium/ }).click();
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
      await page.goto('/cart');
      await chooseWilaya(page, '16');
      await page.getByRole('button', { name: /Passer la commande/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nom complet').fill('Nadia Réseau');
      await dialog.getByLabel('Numéro de téléphone').fill('0661 22 33 44');
      await dialog.getByLabel('Adresse', { exact: true }).fill('3 rue des Frères Bouadou');
      await chooseCommune(dialog, 'hyd', 'Hydra');
      await dialog.getByLabel('Code postal').fill('16035');

      // The order reaches the server, but its answer is lost on the way back (a dropped mobile
      // connection): the page sees a network error.
      let placedFirst = 0;
      await page.route('**/api/order', async (route) => {
        const response = await route.fetch();
        placedFirst = ((await response.json()) as { data: { order_id: number } }).data.order_id;
        await route.abort('connectionreset');
      });
      await dialog.getByRole('button', { name: 'Confirmer la commande' }).click();
      // It says the order may be recorded already and that sending it again is safe.
      await dialog.getByText(/votre commande est peut-être déjà enregistrée.*renvoyer sans crainte/).waitFor();
      expect(placedFirst).toBeGreaterThan(0);
      await page.unroute('**/api/order');
      await screenshot(page, 'order-answer-lost-mobile');

      // The customer reloads and confirms again: the same order, not a second one.
      await page.reload();
      await page.getByRole('button', { name: /Passer la commande/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmer la commande' }).click();
      await page.getByRole('heading', { name: 'Merci pour votre commande !' }).waitFor();
      expect(await page.getByTestId('order-number').textContent()).toBe(`#${placedFirst}`);

      const token = await adminToken(shop.baseUrl);
      const found = await api<{ data: { id: number }[] }>(
        '/order/searchOrders?page=1&limit=20&phone=0661223344',
        token,
      );
      expect(found.data.map((o) => o.id)).toEqual([placedFirst]);
      const after = await api<ApiProduct>(`/product/get/${product.id}`);
      const before = product.sizes.find((s) => s.name === 'M')!.stock;
      expect(after.sizes.find((s) => s.name === 'M')!.stock).toBe(before - 1);
      // The aborted request is the only console error the page may show.
      expect(errors.filter((e) => !/ERR_CONNECTION_RESET|Failed to fetch/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the empty cart, a sold-out size and the not-found page', async () => {
    const { context, page, errors } = await newPage(browser, shop.baseUrl);
    try {
      await page.goto('/Cart');
      await page.getByText('Votre panier est vide!').waitFor();

      const all = await api<ApiProduct[]>('/product/getAll');
      const withSoldOut = all.find(
        (p) => p.has_sizes && p.sizes.some((s) => s.stock === 0) && p.sizes.some((s) => s.stock > 0),
      )!;
      const soldOut = withSoldOut.sizes.find((s) => s.stock === 0)!;
      const labels: Record<string, string> = { S: 'Small', M: 'Medium', L: 'Large', XL: 'X-Large', XXL: 'XX-Large' };
      await page.goto(`/product/${withSoldOut.id}`);
      const button = page.getByRole('button', { name: new RegExp(`^${labels[soldOut.name]!}`) });
      await expect(button.textContent()).resolves.toContain('Épuisé');
      expect(await button.isDisabled()).toBe(true);

      await page.goto('/nope/nothing-here');
      await page.getByText("Quelque chose s'est mal passé").waitFor();
      await page.goto('/product/999999');
      await page.getByText("Quelque chose s'est mal passé").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
