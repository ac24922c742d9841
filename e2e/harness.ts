// Browser journeys: each test file starts the real server (built web app, fresh SQLite database
// with the demo catalogue) on a free port, and drives the system's Chromium with playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { freePort, waitFor } from '../scripts/processes.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-password-123';
const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOT_DIR = path.join(root, 'e2e', 'screenshots');

export interface ShopServer {
  baseUrl: string;
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  stop: () => Promise<void>;
}

export async function startShop(env: Record<string, string> = {}): Promise<ShopServer> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // A file of its own, whatever DATABASE_URL the test runner's environment holds.
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The 58 wilayas whatever the day the suite runs; a journey of the 69 sets wilayas-2026.
      GEO_DIVISION: 'wilayas-2019',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/settings`, child, 30_000, () => output);
  return {
    baseUrl,
    dataDir,
    databaseFile: path.join(dataDir, 'shop.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

export interface PageOptions {
  /** The browser's language (French by default). */
  locale?: string;
  /** A phone: touch, mobile viewport rules, a dense screen. */
  phone?: boolean;
  /** Animations end at once: what is checked and photographed is the page at rest. */
  reducedMotion?: boolean;
  /** Browser storage the pages start with (a cart, a confirmation, a token). */
  storage?: Record<string, string>;
}

/**
 * A new page that fails the test on any uncaught page error or Content-Security-Policy violation:
 * the browser's securitypolicyviolation events are reported, even for an eval that a library
 * tried and caught (the console does not always say so).
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: options.locale ?? 'fr-FR',
    ...(options.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
    ...(options.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  if (options.storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.storage);
  }
  const errors: string[] = [];
  await watchCsp(context, errors);
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) errors.push(msg.text());
  });
  return { context, page, errors };
}

/**
 * A signed-in back-office page (its token in localStorage), failing on page errors and CSP
 * violations like newPage; `phone`: a touch phone's screen (390×844 by default).
 */
export async function adminPage(
  browser: Browser,
  baseUrl: string,
  token: string,
  viewport: { width: number; height: number },
  phone = false,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'fr-FR',
    reducedMotion: 'reduce',
  });
  const errors: string[] = [];
  await watchCsp(context, errors);
  await context.addInitScript((value) => localStorage.setItem('adminToken', value), token);
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** Collects every Content-Security-Policy violation of the context's pages into `errors`. */
export async function watchCsp(context: BrowserContext, errors: string[]): Promise<void> {
  await context.exposeFunction('__reportCspViolation', (violation: string) => {
    errors.push(`CSP violation: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Does `action` (a tap on Save) and waits for a toast holding `text`. The toasts are watched from
 * before the action, as the page adds them, so one that came and went while a loaded machine kept
 * the test from looking (a product's toast closes after 3 s) is still seen.
 */
export async function expectToast(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts?: string[] };
    if (w.__toasts) return;
    const seen: string[] = (w.__toasts = []);
    const read = () => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) {
        const said = toast.textContent ?? '';
        if (!seen.includes(said)) seen.push(said);
      }
    };
    new MutationObserver(read).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await action();
  await page.waitForFunction(
    (wanted) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((said) => said.includes(wanted)),
    text,
  );
}

/** Signs in through the API and stores the token the way the admin pages keep it. */
export async function adminToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/**
 * Picks a wilaya in a wilaya picker the way a customer does: types part of its name or number,
 * then taps the suggestion. `scope` is the page or a dialog.
 */
export async function chooseWilaya(scope: Page | Locator, typed: string, label = 'Wilaya'): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  await scope
    .getByRole('option', { name: new RegExp(typed, 'i') })
    .first()
    .click();
}

/** Picks a commune in a commune picker: types part of its name, then taps it. */
export async function chooseCommune(
  scope: Page | Locator,
  typed: string,
  name: string,
  label = 'Commune',
): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  await scope
    .getByRole('option', { name: new RegExp(`^${name}`, 'i') })
    .first()
    .click();
}

export interface ShopProduct {
  id: number;
  name: string;
  final_price: number;
  stock: number;
  has_sizes: boolean;
  sizes: { name: string; stock: number }[];
}

/**
 * Places a regular cash-on-delivery order through the API, as the storefront does, to the first
 * wilaya of the shipping table; answers the order's number and total.
 */
export async function placeOrder(
  baseUrl: string,
  {
    product,
    size,
    quantity = 1,
    phone,
    name = 'Client E2E',
  }: { product: ShopProduct; size: string; quantity?: number; phone: string; name?: string },
): Promise<{ id: number; total: number; wilaya: string }> {
  const wilayas = (await (await fetch(`${baseUrl}/api/ShippingPrice/read`)).json()) as {
    data: { wilaya_name: string; price: number }[];
  };
  const wilaya = wilayas.data[0]!;
  const res = await fetch(`${baseUrl}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      customer_name: name,
      customer_phone: phone,
      customer_address: `${wilaya.wilaya_name} | 12 rue des Oliviers`,
      customer_postal_code: '16000',
      type: 'regular',
      subtotal: String(quantity * product.final_price),
      shipping_fee: String(wilaya.price),
      coupon_code: '',
      size,
      items: [{ product_id: product.id, quantity, size }],
    }),
  });
  const body = (await res.json()) as { message: string; data: { order_id: number; total: number } };
  if (res.status !== 201) throw new Error(`order refused (${res.status}): ${body.message}`);
  return { id: body.data.order_id, total: body.data.total, wilaya: wilaya.wilaya_name };
}

export interface PlacedTestOrder {
  orderId: number;
  product: string;
  size: string;
  wilaya: string;
}

/** Places `quantity` units of the first product in stock (placeOrder), from `phone`. */
export async function placeFirstInStock(baseUrl: string, phone: string, quantity = 1): Promise<PlacedTestOrder> {
  const products = (await (await fetch(`${baseUrl}/api/product/getAll`)).json()) as { data: ShopProduct[] };
  const product = products.data.find((p) =>
    p.has_sizes ? p.sizes.some((s) => s.stock >= quantity) : p.stock >= quantity,
  )!;
  const size = product.has_sizes ? product.sizes.find((s) => s.stock >= quantity)!.name : '';
  const placed = await placeOrder(baseUrl, { product, size, quantity, phone, name: 'Client Suivi' });
  return { orderId: placed.id, product: product.name, size, wilaya: placed.wilaya };
}

/** An admin call; throws unless it answers 2xx. */
export async function adminCall(baseUrl: string, token: string, method: 'PUT' | 'POST', path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}
