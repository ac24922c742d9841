// The cash-on-delivery order desk on a phone, in Chromium against the real server: an
// order placed through the API waits in the To confirm queue; the owner records a call without
// answer, then confirms it and sees it leave; opens it, adds a note, corrects a quantity and sees
// the new total; ships it, marks it returned, then received, and the stock is back. Each step is
// saved under e2e/screenshots/phone/ to be looked at.
// Alone: `npm run build && npx vitest run --project e2e e2e/order-desk.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Order } from '@shop/domain/order-responses';
import {
  adminToken,
  launchBrowser,
  placeOrder,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  adminPage,
  type ShopProduct,
  type ShopServer,
} from './harness.ts';

const PHONE_DIR = path.join(SCREENSHOT_DIR, 'phone');

let shop: ShopServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(PHONE_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function product(id: number): Promise<ShopProduct> {
  const res = await fetch(`${shop.baseUrl}/api/product/get/${id}`);
  return ((await res.json()) as { data: ShopProduct }).data;
}

type AdminOrder = Pick<Order, 'status' | 'final_total' | 'confirmation' | 'delivery_type' | 'commune_name'>;

async function adminOrder(id: number): Promise<AdminOrder> {
  const res = await fetch(`${shop.baseUrl}/api/order/getOrder/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: AdminOrder }).data;
}

const sizeStock = (p: ShopProduct, size: string) => p.sizes.find((s) => s.name === size)!.stock;

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(PHONE_DIR, `${name}.png`) });
}

describe('the order desk on a phone', () => {
  test('confirm, correct, ship, return and receive an order', async () => {
    const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: ShopProduct[] };
    const chosen = all.data.find((p) => p.has_sizes && p.sizes.some((s) => s.stock >= 4))!;
    const size = chosen.sizes.find((s) => s.stock >= 4)!.name;
    const stockBefore = sizeStock(chosen, size);
    const order = await placeOrder(shop.baseUrl, {
      product: chosen,
      size,
      phone: '0555' + String(Date.now()).slice(-6),
      name: 'Nadia Kaci',
    });
    expect(sizeStock(await product(chosen.id), size)).toBe(stockBefore - 1);

    const { context, page, errors } = await adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);
    try {
      // The queue: the order's card, with the customer's phone to call or write to.
      await page.goto('/admin/confirm');
      const card = page.getByRole('article', { name: new RegExp(`^#${order.id} ·`) });
      await card.waitFor();
      expect(await card.textContent()).toContain('Nadia Kaci');
      expect(await card.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/213555\d{6}\?text=Bonjour/,
      );
      // The header says one order waits, beside the Menu button on a phone, and so does the nav.
      await page.getByRole('banner').getByRole('link', { name: 'To confirm (1 waiting)' }).first().waitFor();
      await page.getByRole('button', { name: 'Menu' }).tap();
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'To confirm (1 waiting)' })
        .waitFor();
      await page.getByRole('button', { name: 'Menu' }).tap();
      await shot(page, 'desk-1-queue');

      // No answer: counted, the order stays to be called again.
      await card.getByRole('button', { name: 'No answer' }).tap();
      await page
        .getByRole('status')
        .filter({ hasText: `No answer recorded for order #${order.id}` })
        .waitFor();
      await card.getByText('1 call without answer').waitFor();
      await shot(page, 'desk-2-no-answer');

      // Confirmed: the card leaves the queue.
      await card.getByRole('button', { name: 'Confirmed' }).tap();
      await page
        .getByRole('status')
        .filter({ hasText: `Order #${order.id} confirmed` })
        .waitFor();
      await card.waitFor({ state: 'detached' });
      await page.getByText('Nothing to confirm').waitFor();
      await shot(page, 'desk-3-confirmed');
      expect(await adminOrder(order.id)).toMatchObject({ status: 'approved', confirmation: 'confirmed' });

      // The orders list, then the order's details.
      await page.getByRole('button', { name: 'Menu' }).tap();
      await page.getByRole('link', { name: 'Orders', exact: true }).tap();
      await page.getByRole('button', { name: 'Details' }).first().tap();
      const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
      await dialog.waitFor();
      await dialog.getByText(/^Call: Confirmed by phone/).waitFor();

      // A note.
      await dialog.getByLabel('New note').fill('Livrer après 17 h, sonner deux fois');
      await dialog.getByRole('button', { name: 'Add note' }).tap();
      await dialog.getByTestId('notes').getByText('Livrer après 17 h, sonner deux fois').waitFor();
      await dialog.getByTestId('notes').scrollIntoViewIfNeeded();
      await shot(page, 'desk-4-note');

      // The quantity corrected to 2 and the commune given: the server's new total is shown.
      const communes = (await (
        await fetch(`${shop.baseUrl}/api/commune?wilaya=${encodeURIComponent(order.wilaya)}`)
      ).json()) as { data: { name: string }[] };
      const commune = communes.data.at(-1)!.name;
      await dialog.getByRole('button', { name: 'Edit order' }).tap();
      const editing = page.getByRole('dialog', { name: `Edit order #${order.id}` });
      const quantity = editing.getByLabel(`Quantity of ${chosen.name}`);
      await quantity.fill('2');
      await editing.getByLabel('Commune').fill(commune);
      await editing.getByLabel('Commune').scrollIntoViewIfNeeded();
      await shot(page, 'desk-5-edit');
      await editing.getByRole('button', { name: 'Save' }).tap();
      await dialog
        .getByRole('status')
        .filter({ hasText: `Order #${order.id} changed` })
        .waitFor();
      const newTotal = order.total + chosen.final_price;
      const changed = await adminOrder(order.id);
      expect(changed.final_total).toBeCloseTo(newTotal, 2);
      expect(changed).toMatchObject({ delivery_type: 'home', commune_name: commune });
      await dialog.getByText(commune, { exact: true }).waitFor();
      const receipt = dialog.getByTestId('receipt');
      const shown = (await receipt.textContent())!.replace(/\s/g, ' ');
      expect(shown).toContain(
        `Total${new Intl.NumberFormat('fr-DZ', { minimumFractionDigits: 2 }).format(newTotal).replace(/\s/g, ' ')} Da`,
      );
      await receipt.scrollIntoViewIfNeeded();
      await shot(page, 'desk-6-new-total');
      expect(sizeStock(await product(chosen.id), size)).toBe(stockBefore - 2);

      // Shipped, then returned: 'returned' is offered once the parcel is on its way.
      await dialog.getByRole('button', { name: 'Close' }).first().tap();
      const status = page.getByRole('combobox', { name: `Status of order ${order.id}` });
      expect(await status.locator('option[value="returned"]').count()).toBe(0);
      await status.selectOption('shipping');
      await page.getByText(`Order #${order.id} marked shipping`).waitFor();
      await expect.poll(() => status.locator('option[value="returned"]').count()).toBe(1);
      await status.selectOption('returned');
      await page.getByText(`Order #${order.id} marked returned`).waitFor();
      await shot(page, 'desk-7-returned');

      // Received: its stock is back.
      await page.getByRole('button', { name: 'Details' }).first().tap();
      await dialog.getByText('Waiting for the parcel to come back').waitFor();
      await dialog.getByRole('button', { name: 'Mark return received' }).tap();
      await dialog.getByRole('status').filter({ hasText: 'the return is back in stock' }).waitFor();
      await expect.poll(async () => dialog.getByRole('button', { name: 'Mark return received' }).count()).toBe(0);
      await shot(page, 'desk-8-received');
      expect(sizeStock(await product(chosen.id), size)).toBe(stockBefore);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
