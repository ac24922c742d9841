// Delivery slips and the courier's buttons, in Chromium against the real server: the
// owner selects orders in the list and opens their slips; each slip has the order number as a
// Code 128 barcode (an SVG drawn by JsBarcode), and printed to PDF they take four to an A4 page
// (5 orders → 2 pages, 4 → 1). The PDF's pages are turned into PNGs under e2e/screenshots/slips/
// (pdftoppm, Debian package poppler-utils, when it is installed) to be looked at, with the phone
// screenshots of the pages.
// Alone: `npm run build && npx vitest run --project e2e e2e/slips.test.ts`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminCall,
  adminPage,
  adminToken,
  launchBrowser,
  placeFirstInStock,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';

const SLIPS_DIR = path.join(SCREENSHOT_DIR, 'slips');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations of the page (as e2e/pages.test.ts checks every page). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null }[] }> };
      }
    ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

let shop: ShopServer;
let browser: Browser;
let token: string;
const orders: number[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.rmSync(SLIPS_DIR, { recursive: true, force: true });
  fs.mkdirSync(SLIPS_DIR, { recursive: true });
  for (let i = 0; i < 5; i++) {
    const placed = await placeFirstInStock(shop.baseUrl, `0661${String(200_000 + i)}`);
    await adminCall(shop.baseUrl, token, 'PUT', `/order/updateOrderStatus/${placed.orderId}`, { status: 'approved' });
    orders.push(placed.orderId);
  }
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

function adminContext(viewport: { width: number; height: number }, phone = false) {
  return adminPage(browser, shop.baseUrl, token, viewport, phone);
}

/** The pages of a PDF: its page objects (not the /Pages tree). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** Writes the PDF and, with poppler-utils installed, a PNG of each page to look at. */
function keep(pdf: Buffer, name: string): void {
  const file = path.join(SLIPS_DIR, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(SLIPS_DIR, name)]);
  } catch {
    // No pdftoppm: the PDF alone is kept.
  }
}

describe('delivery slips', () => {
  test('five orders print on two A4 pages, four to a page, each with its barcode', async () => {
    const { context, page, errors } = await adminContext(VIEWPORTS.desktop);
    try {
      await page.goto(`/admin/slips?ids=${orders.join(',')}`);
      const slips = page.getByTestId('slip');
      await expect.poll(() => slips.count()).toBe(5);
      for (const [index, id] of orders.entries()) {
        const slip = slips.nth(index);
        expect(await slip.textContent()).toContain(`Commande n° ${id}`);
        expect(await slip.textContent()).toContain('Montant à encaisser');
        // JsBarcode drew the number's bars into the SVG.
        const barcode = slip.locator(`svg[data-barcode="${id}"]`);
        expect(await barcode.locator('rect').count()).toBeGreaterThan(5);
      }
      expect(await page.getByTestId('slip-page').count()).toBe(2);

      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: path.join(SLIPS_DIR, 'print-media.png'), fullPage: true });
      const five = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      keep(five, 'five-orders');
      expect(pdfPages(five)).toBe(Math.ceil(5 / 4));

      // Back to no emulation: page.pdf() prints with the print styles, unless screen is emulated.
      await page.emulateMedia({ media: null });
      await page.goto(`/admin/slips?ids=${orders.slice(0, 4).join(',')}`);
      await expect.poll(() => page.getByTestId('slip').count()).toBe(4);
      const four = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      keep(four, 'four-orders');
      expect(pdfPages(four)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('on a phone: selected orders lead to their slips; the courier is not configured, the exports are there', async () => {
    const { context, page, errors } = await adminContext(VIEWPORTS.mobile, true);
    try {
      await page.goto('/admin/orders');
      const [first, second] = orders;
      await page.getByRole('checkbox', { name: `Select order #${first}`, exact: true }).check();
      await page.getByRole('checkbox', { name: `Select order #${second}`, exact: true }).check();
      // What the selected orders can go to sits in the bar at the bottom of the screen.
      const selected = page.getByTestId('selection-bar');
      await selected.getByText(/No courier account configured/).waitFor();
      expect(await selected.getByRole('button', { name: 'Send to courier' }).isDisabled()).toBe(true);
      const actions = page.getByTestId('courier-actions');
      await actions.getByRole('button', { name: 'Export CSV' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SLIPS_DIR, 'phone-orders-selected.png') });

      const download = page.waitForEvent('download');
      await actions.getByRole('button', { name: 'Yalidine file' }).tap();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^yalidine-parcels-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync(await file.path(), 'utf8');
      expect(csv.startsWith('\uFEFForder_id;firstname;familyname;')).toBe(true);
      expect(csv.trim().split('\r\n')).toHaveLength(3);

      await selected.getByRole('link', { name: 'Print slips' }).tap();
      await page.waitForURL(/\/admin\/slips\?ids=/);
      await expect.poll(() => page.getByTestId('slip').count()).toBe(2);
      await page.screenshot({ path: path.join(SLIPS_DIR, 'phone-slips.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);

      // An order's details: its slip, and the courier's button said to be off.
      await page.goto(`/admin/orders?order=${first}`);
      const dialog = page.getByRole('dialog', { name: `Order #${first}` });
      await dialog.getByRole('link', { name: 'Print slip' }).waitFor();
      expect(await dialog.getByRole('link', { name: 'Print slip' }).getAttribute('href')).toBe(
        `/admin/slips?ids=${first}`,
      );
      expect(await dialog.getByRole('button', { name: 'Send to courier' }).isDisabled()).toBe(true);
      await page.screenshot({ path: path.join(SLIPS_DIR, 'phone-order-details.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
