// Back-office journey in Chromium: sign in, add a product with images and stock per size, see it
// in the shop, take an order for it through to successful, watch the dashboard move, create and
// validate a coupon, edit a wilaya's price, log out and see the old token refused; a session that
// ends while the owner types comes back to the same form after signing in again.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  expectToast,
  launchBrowser,
  newPage,
  screenshot,
  startShop,
  type ShopServer,
  VIEWPORTS,
} from './harness.ts';

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

interface Stats {
  total_orders: number;
  total_revenue: number;
}
interface ProductRow {
  id: number;
  final_price: number;
  stock: number;
  size_m: number;
  images: { id: number }[];
}
interface Wilaya {
  id: number;
  wilaya_name: string;
  price: number;
}

async function api<T = { data: Record<string, unknown> }>(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${shop.baseUrl}/api${path}`, { ...init, headers });
  return { status: res.status, body: (await res.json()) as T };
}

function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(value).toBeTruthy();
  return value!;
}

function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('admin back office', () => {
  test('full journey', async () => {
    const { page, errors, context } = await newPage(browser, shop.baseUrl, VIEWPORTS.desktop);

    // Without a token every admin page sends to login.
    await page.goto('/admin/products');
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fproducts$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid|failed/i })
      .first()
      .waitFor();
    await screenshot(page, 'admin-login-desktop');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back to the page asked for.
    await page.waitForURL(/\/admin\/products$/);
    const adminToken = await token(page);

    // Dashboard before the order.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const before = (await api<{ data: Stats }>('/order/stats', { token: adminToken })).body.data;
    await page.getByText('Total Revenue').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'admin-dashboard-desktop');

    // Add a product with two images and stock per size.
    const name = `Chemise E2E ${Date.now()}`;
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('button', { name: /Add product/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add product' });
    await dialog.waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Description', { exact: true }).fill('Chemise en lin, coupe droite.');
    await dialog.getByLabel('Price (Da)').fill('2000');
    await dialog.getByLabel('Type').selectOption({ index: 1 });
    await dialog.getByLabel('S', { exact: true }).fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Stock must be a whole number of at least 0').waitFor();
    const sizes = { S: '3', M: '5', L: '0', XL: '2', XXL: '1' };
    for (const [size, stock] of Object.entries(sizes)) await dialog.getByLabel(size, { exact: true }).fill(stock);
    await dialog.locator('#product-images').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await png({ r: 200, g: 60, b: 60 }) },
      { name: 'back.png', mimeType: 'image/png', buffer: await png({ r: 60, g: 60, b: 200 }) },
    ]);
    await expect.poll(() => dialog.locator('img').count()).toBe(2);
    await screenshot(page, 'admin-product-add-desktop');
    await expectToast(page, 'Product added successfully!', () => dialog.getByRole('button', { name: 'Save' }).click());
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Search by name').fill(name);
    await page.getByText(`Found 1 products matching "${name}"`).waitFor();

    // It is in the shop's catalogue.
    const found = (
      await api<{ data: ProductRow[] | { data: ProductRow[] } }>(`/product/getAll?page=1&q=${encodeURIComponent(name)}`)
    ).body.data;
    const list = Array.isArray(found) ? found : found.data;
    expect(list).toHaveLength(1);
    const product = list[0]!;
    expect(product.images).toHaveLength(2);
    expect(product.stock).toBe(11);
    expect(product.size_m).toBe(5);

    // Details and edit modals.
    await page.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: /Product details/ });
    await details.waitFor();
    await expect.poll(() => details.locator('[data-low-stock]').count()).toBe(4);
    await screenshot(page, 'admin-product-details-desktop');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit product' });
    await edit.waitFor();
    // Photo actions only change the form; Cancel forgets them.
    await edit.getByRole('button', { name: 'Make photo 2 primary' }).click();
    await edit.getByRole('listitem', { name: 'Photo 2, primary' }).waitFor();
    await screenshot(page, 'admin-product-edit-desktop');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect((await api<{ data: ProductRow }>(`/product/get/${product.id}`)).body.data.images[0]?.id).toBe(
      product.images[0]?.id,
    );
    await page.getByLabel('Search by name').fill('');
    await screenshot(page, 'admin-products-desktop');

    // The storefront shows it.
    const shopPage = await context.newPage();
    await shopPage.goto(`/product/${product.id}`);
    await shopPage.getByText(name).first().waitFor();
    await shopPage.close();

    // A customer order for it.
    const wilaya = (await api<{ data: Wilaya[] }>('/ShippingPrice/read')).body.data[0]!;
    const phone = '0555' + String(Date.now()).slice(-6);
    const order = await api('/order', {
      method: 'POST',
      body: JSON.stringify({
        customer_name: 'Client E2E',
        customer_phone: phone,
        customer_address: `${wilaya.wilaya_name} | 12 rue des Oliviers`,
        customer_postal_code: '16000',
        type: 'regular',
        subtotal: String(2 * product.final_price),
        shipping_fee: String(wilaya.price),
        coupon_code: '',
        size: 'M',
        items: [{ product_id: product.id, quantity: 2, size: 'M' }],
      }),
    });
    expect(order.status).toBe(201);
    const orderId = order.body.data.order_id as number;
    const total = order.body.data.total as number;

    // Orders: searchable by a phone fragment typed with a space, status goes to successful.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByLabel('Search by order number, phone or name').fill(`${phone.slice(1, 4)} ${phone.slice(4, 8)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const status = page.getByLabel(`Status of order ${orderId}`);
    await status.waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Details' }).click();
    const orderDialog = page.getByRole('dialog', { name: `Order #${orderId}` });
    await orderDialog.getByText(name).waitFor();
    await screenshot(page, 'admin-order-details-desktop');
    await page.keyboard.press('Escape');
    await orderDialog.waitFor({ state: 'detached' });
    const updated = page.waitForResponse((r) => r.url().includes(`/updateOrderStatus/${orderId}`));
    await status.selectOption('successful');
    expect((await updated).status()).toBe(200);
    await expect
      .poll(
        async () =>
          (await api<{ data: { status: string } }>(`/order/getOrder/${orderId}`, { token: adminToken })).body.data
            .status,
      )
      .toBe('successful');
    await expect.poll(() => status.inputValue()).toBe('successful');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => status.inputValue()).toBe('successful');

    // A custom order: filtered by type, its reference image viewable full size.
    const form = new FormData();
    const fields = {
      customer_name: 'Client Perso',
      customer_phone: '0661234567',
      customer_address: `${wilaya.wilaya_name} | 3 rue des Roses`,
      customer_postal_code: '16000',
      type: 'custom',
      subtotal: '2500',
      shipping_fee: String(wilaya.price),
      clothing_type: '1',
      color: 'Noir',
      size: 'M',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(
      'reference_image_front',
      new Blob([new Uint8Array(await png({ r: 20, g: 160, b: 90 }))], { type: 'image/png' }),
      'f.png',
    );
    const custom = await fetch(`${shop.baseUrl}/api/Order`, { method: 'POST', body: form });
    expect(custom.status).toBe(201);
    const customId = ((await custom.json()) as { data: { order_id: number } }).data.order_id;
    await page.getByLabel('Type').selectOption('custom');
    await page.getByLabel(`Status of order ${customId}`).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Details' }).click();
    const customDialog = page.getByRole('dialog', { name: `Order #${customId}` });
    await customDialog.getByText('T-shirt').waitFor();
    const reference = customDialog.getByRole('link', { name: /Reference images/ });
    expect(await reference.getAttribute('href')).toMatch(/^\/public\/uploads\//);
    await screenshot(page, 'admin-order-custom-details-desktop');
    await page.keyboard.press('Escape');
    await customDialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => status.inputValue()).toBe('successful');
    await screenshot(page, 'admin-orders-desktop');

    // The dashboard moves.
    const after = (await api<{ data: Stats }>('/order/stats', { token: adminToken })).body.data;
    expect(after.total_orders).toBe(before.total_orders + 2);
    expect(after.total_revenue).toBeCloseTo(before.total_revenue + total, 2);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const cards = page.getByTestId('dashboard-cards');
    await cards.getByText(String(after.total_orders), { exact: true }).waitFor();
    // Each figure is a link to the list behind it (revenue: the delivered orders).
    const revenue = cards.getByRole('link', { name: /Total Revenue/ });
    expect(await revenue.getAttribute('href')).toBe('/admin/orders?status=successful');
    // The amount, then (its own line) the same less the delivery fees.
    const revenueText = await revenue.locator('span').nth(1).textContent();
    expect(revenueText?.replace(/\D/g, '')).toBe(after.total_revenue.toFixed(2).replace(/\D/g, ''));
    expect(await revenue.textContent()).toContain('without delivery fees');
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'admin-dashboard-after-orders-desktop');

    // A coupon created in the UI validates through the API.
    await page.getByRole('link', { name: 'Coupons', exact: true }).click();
    await page.getByRole('button', { name: /Create coupon/ }).click();
    const couponDialog = page.getByRole('dialog', { name: 'Create coupon' });
    await couponDialog.getByLabel('Code').fill('e2e15');
    await couponDialog.getByLabel('Discount (%)').fill('15');
    await couponDialog.getByLabel('Max uses').fill('5');
    await couponDialog.getByLabel('Expiry date').fill(isoInDays(30));
    await couponDialog.getByRole('button', { name: 'Save' }).click();
    await couponDialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('coupon-E2E15');
    await row.getByText('Active').waitFor();
    expect(await row.textContent()).toContain('5');
    const validated = await api('/coupon/validate/E2E15');
    expect(validated.status).toBe(200);
    expect(validated.body.data.discount_percentage).toBe(15);
    await row.getByRole('button', { name: 'Validate' }).click();
    await page.getByText('Coupon E2E15 is valid: 15% off').waitFor();
    await screenshot(page, 'admin-coupons-desktop');

    // A wilaya's price edited in the UI.
    await page.getByRole('link', { name: 'Shipping prices', exact: true }).click();
    await page.getByRole('button', { name: `Edit ${wilaya.wilaya_name}` }).click();
    const shippingDialog = page.getByRole('dialog', { name: 'Edit shipping price' });
    await shippingDialog.getByLabel('Price (Da)').fill('1234.5');
    await shippingDialog.getByRole('button', { name: 'Save' }).click();
    // A banner (SPEC), not a toast: it stays.
    await page.getByText('Shipping price updated successfully').waitFor();
    const prices = (await api<{ data: Wilaya[] }>('/ShippingPrice/read')).body.data;
    expect(prices.find((p) => p.id === wilaya.id)?.price).toBe(1234.5);
    await screenshot(page, 'admin-shipping-prices-desktop');

    // The other screens.
    await page.getByRole('link', { name: 'Ratings', exact: true }).click();
    await page.getByRole('tab', { name: 'Product ratings' }).waitFor();
    await page.getByRole('tab', { name: 'Brand ratings' }).click();
    await page.getByText('Average rating').waitFor();
    await screenshot(page, 'admin-ratings-desktop');
    await page.getByRole('link', { name: 'Product Types', exact: true }).click();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'admin-product-types-desktop');
    await page.getByRole('link', { name: 'Custom Order types', exact: true }).click();
    // The list itself, not a 'Hoodie' left on the page before it.
    await page.getByRole('region', { name: 'Custom Order Items' }).getByText('Hoodie').first().waitFor();
    await screenshot(page, 'admin-custom-order-types-desktop');

    // Phone width: orders and products.
    const mobile = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile);
    await mobile.context.addInitScript((t) => localStorage.setItem('adminToken', t), adminToken);
    await mobile.page.goto('/admin/orders');
    await mobile.page.getByLabel(`Status of order ${orderId}`).waitFor();
    await mobile.page.getByRole('button', { name: 'Menu' }).click();
    await mobile.page.getByRole('link', { name: 'Coupons', exact: true }).waitFor();
    await screenshot(mobile.page, 'admin-menu-mobile');
    await mobile.page.getByRole('button', { name: 'Menu' }).click();
    await screenshot(mobile.page, 'admin-orders-mobile');
    await mobile.page.goto('/admin/products');
    await mobile.page.getByText(name).waitFor();
    await screenshot(mobile.page, 'admin-products-mobile');

    // The owner opens the product's form on the phone (M at 3 since the order of 2); a customer
    // buys one M meanwhile. Saving M at 10 is refused: the form shows M now at 2 and says so; the
    // owner types 10 again and it is saved.
    await mobile.page.getByLabel('Search by name').fill(name);
    await mobile.page.getByText(`Found 1 products matching "${name}"`).waitFor();
    await mobile.page.getByRole('button', { name: 'Edit' }).click();
    const editForm = mobile.page.getByRole('dialog', { name: 'Edit product' });
    const sizeM = editForm.getByLabel('M', { exact: true });
    await expect.poll(() => sizeM.inputValue()).toBe('3');
    // The wilaya's price was edited above: the order carries today's.
    const delivery = (await api<{ data: Wilaya[] }>('/ShippingPrice/read')).body.data[0]!;
    const sale = await api('/order', {
      method: 'POST',
      body: JSON.stringify({
        customer_name: 'Client Pendant',
        customer_phone: '0556' + String(Date.now()).slice(-6),
        customer_address: `${delivery.wilaya_name} | 3 rue des Pins`,
        customer_postal_code: '16000',
        subtotal: String(product.final_price),
        shipping_fee: String(delivery.price),
        coupon_code: '',
        items: [{ product_id: product.id, quantity: 1, size: 'M' }],
      }),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    await sizeM.fill('10');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await editForm.getByRole('alert').getByText('M: now 2 (you saw 3)').waitFor();
    await expect.poll(() => sizeM.inputValue()).toBe('2');
    await screenshot(mobile.page, 'admin-product-stock-moved-mobile');
    await sizeM.fill('10');
    await expectToast(mobile.page, 'Product updated successfully!', () =>
      editForm.getByRole('button', { name: 'Save' }).click(),
    );
    const saved = await api<{ data: ProductRow }>(`/product/get/${product.id}`);
    expect(saved.body.data).toMatchObject({ size_m: 10, stock: 3 + 10 + 0 + 2 + 1 });
    expect(mobile.errors).toEqual([]);
    await mobile.context.close();

    // Logout revokes the token.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect((await api('/auth/me', { token: adminToken })).status).toBe(401);
    await page.goto('/admin/orders');
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);

    expect(errors).toEqual([]);
    await context.close();
  });

  test('a revoked token sends the admin back to login', async () => {
    const { page, context, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.desktop);
    await context.addInitScript(() => localStorage.setItem('adminToken', 'not-a-valid-token'));
    await page.goto('/admin/orders');
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByText('Your session ended, sign in again').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a session that ends on Save comes back, after signing in, to the form with what was typed', async () => {
    const { page, context, errors } = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile);
    const signedIn = await api<{ data: { token: string } }>('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    await page.goto('/admin/login');
    await page.evaluate((value) => localStorage.setItem('adminToken', value), signedIn.body.data.token);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: /Add product/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add product' });
    const name = `Gandoura E2E ${Date.now()}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Description', { exact: true }).fill('Coton léger, brodée main.');
    await dialog.getByLabel('Price (Da)').fill('3500');
    await dialog.getByLabel('Type').selectOption({ index: 1 });
    await dialog.getByLabel('M', { exact: true }).fill('4');

    // The session ends while the owner types (another device logged out, or it expired).
    expect((await api('/auth/logout', { method: 'POST', token: signedIn.body.data.token })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fproducts$/);
    await page.getByText('Your session ended, sign in again').waitFor();
    await screenshot(page, 'admin-session-ended-mobile');

    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/products$/);
    await dialog.waitFor();
    await dialog.getByText(/here is what you had typed/).waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await dialog.getByLabel('Description', { exact: true }).inputValue()).toBe('Coton léger, brodée main.');
    expect(await dialog.getByLabel('Price (Da)').inputValue()).toBe('3500');
    expect(await dialog.getByLabel('M', { exact: true }).inputValue()).toBe('4');
    await screenshot(page, 'admin-form-restored-mobile');
    await expectToast(page, 'Product added successfully!', () => dialog.getByRole('button', { name: 'Save' }).click());
    const products = await api<{ data: { name: string; size_m: number }[] }>('/product/getAll');
    expect(products.body.data.find((p) => p.name === name)).toMatchObject({ size_m: 4 });
    expect(await page.evaluate(() => sessionStorage.getItem('adminFormDrafts'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
