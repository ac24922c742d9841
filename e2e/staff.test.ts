// A team on phones (390×844, touch), in Chromium against the real server: the owner adds a
// confirmation agent from Settings → Users; the agent signs in with her own password, lands on the
// queue, takes two orders with "Next order" and confirms them; she has no link to Products or
// Settings, and their addresses say her role cannot open them; the owner sees her figures and
// commission on the Team page. Each step is saved under e2e/screenshots/staff/ to be looked at.
// Alone: `npm run build && npx vitest run --project e2e e2e/staff.test.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminCall,
  adminPage,
  adminToken,
  launchBrowser,
  newPage,
  placeOrder,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopProduct,
  type ShopServer,
} from './harness.ts';

const DIR = path.join(SCREENSHOT_DIR, 'staff');
const AGENT = 'sara';
const AGENT_PASSWORD = 'sara-calls-2026';

let shop: ShopServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(DIR, `${name}.png`) });
}

/** The links of the admin's nav, behind the Menu button on a phone. */
async function navLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).tap();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link').first().waitFor();
  // The queue's link carries its count ("To confirm 2(2 waiting)").
  return (await nav.getByRole('link').allTextContents()).map((t) => t.split(/\s*\d/)[0]!.trim());
}

describe('a team on phones', () => {
  test('the owner adds an agent, who confirms two orders and nothing else; the owner sees her figures', async () => {
    const all = (await (await fetch(`${shop.baseUrl}/api/product/getAll`)).json()) as { data: ShopProduct[] };
    const product = all.data.find((p) => !p.has_sizes && p.stock >= 3)!;
    const orders = [];
    for (const name of ['Nadia Kaci', 'Yacine Amrani']) {
      orders.push(
        await placeOrder(shop.baseUrl, { product, size: '', phone: `0661${String(Date.now()).slice(-6)}`, name }),
      );
    }

    // The owner, on a phone: Settings → Users → Add a user.
    const owner = await adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);
    const { page } = owner;
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Users', exact: true }).tap();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: '+ Add a user' }).tap();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('Username').fill(AGENT);
    await dialog.getByLabel('Password').fill(AGENT_PASSWORD);
    await dialog.getByLabel('Role').selectOption('agent');
    await dialog.getByLabel('Commission per delivered order (Da)').fill('150');
    await shot(page, 'staff-1-owner-adds-agent');
    await dialog.getByRole('button', { name: 'Create user' }).tap();
    await page
      .getByRole('status')
      .filter({ hasText: `${AGENT} can sign in now` })
      .waitFor();
    await page.getByTestId(`user-${AGENT}`).waitFor();
    expect(await page.getByTestId(`user-${AGENT}`).textContent()).toContain('Confirmation agent');
    await shot(page, 'staff-2-users');

    // The agent, on her own phone, signs in with her password and lands on the queue.
    const agent = await newPage(browser, shop.baseUrl, VIEWPORTS.mobile, { phone: true, locale: 'en-GB' });
    const desk = agent.page;
    await desk.goto('/admin/login');
    await desk.getByLabel('Username').fill(AGENT);
    await desk.getByLabel('Password').fill(AGENT_PASSWORD);
    await desk.getByRole('button', { name: 'Sign in' }).tap();
    await desk.getByRole('heading', { name: 'To confirm', level: 1 }).waitFor();
    expect(new URL(desk.url()).pathname).toBe('/admin/confirm');
    expect(await navLinks(desk)).toEqual(['To confirm', 'Orders']);
    expect(await desk.getByTestId('signed-in-as').textContent()).toBe(`${AGENT} · agent`);
    await shot(desk, 'staff-3-agent-menu');
    await desk.getByRole('button', { name: 'Menu' }).tap();

    // Next order, twice: each is hers, first on the page, and confirmed.
    for (const order of orders) {
      await desk.getByRole('button', { name: 'Next order' }).tap();
      await desk
        .getByRole('status')
        .filter({ hasText: `Order #${order.id} is yours` })
        .waitFor();
      const card = desk.getByRole('article', { name: new RegExp(`^#${order.id} ·`) });
      await card.getByText('You are calling this customer').waitFor();
      if (order === orders[0]) await shot(desk, 'staff-4-next-order');
      await card.getByRole('button', { name: 'Confirmed' }).tap();
      await desk
        .getByRole('status')
        .filter({ hasText: `Order #${order.id} confirmed` })
        .waitFor();
      await card.waitFor({ state: 'detached' });
    }
    await desk.getByText('Nothing to confirm').waitFor();
    await shot(desk, 'staff-5-both-confirmed');

    // Products and Settings by their address: said in plain words, with the way back.
    for (const [address, name] of [
      ['/admin/products', 'Products'],
      ['/admin/settings', 'Settings'],
    ] as const) {
      await desk.goto(address);
      await desk.getByRole('heading', { name: `Your role (agent) cannot open ${name}` }).waitFor();
      await shot(desk, `staff-6-refused-${name.toLowerCase()}`);
    }
    await desk.getByRole('link', { name: 'Go to my page' }).tap();
    await desk.getByRole('heading', { name: 'To confirm', level: 1 }).waitFor();
    // The server refuses her what the page does not show.
    const agentToken = await desk.evaluate(() => localStorage.getItem('adminToken'));
    const stats = await fetch(`${shop.baseUrl}/api/order/stats`, {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(stats.status).toBe(403);

    // One of her orders is delivered; the owner reads her figures on the Team page.
    await adminCall(shop.baseUrl, token, 'PUT', `/order/updateOrderStatus/${orders[0]!.id}`, { status: 'shipping' });
    await adminCall(shop.baseUrl, token, 'PUT', `/order/updateOrderStatus/${orders[0]!.id}`, { status: 'successful' });
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('link', { name: 'Team' }).tap();
    const row = page.getByTestId(`figures-${AGENT}`);
    await row.waitFor();
    const text = (await row.textContent())!.replace(/\s/g, ' ');
    expect(text).toContain('2(100%)');
    expect(text).toContain('1(100%)');
    expect(text).toMatch(/150,00 Da/);
    expect(text).toContain('1 delivered × 150,00 Da');
    await shot(page, 'staff-7-owner-team');

    expect(owner.errors).toEqual([]);
    expect(agent.errors).toEqual([]);
    await owner.context.close();
    await agent.context.close();
  });
});
