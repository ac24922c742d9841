// Making the shop's shipping fees match the courier's grid, on a phone (390×844, touch),
// against the real server talking to a local Yalidine (apps/server/test/fake-yalidine.ts): the
// owner imports Yalidine's fees, sees each wilaya old → new, applies them; a CSV file with a bad
// line shows the line and changes nothing; a CSV with a commune column gives communes their own
// fee, which the owner sees and removes. Screenshots under e2e/screenshots/phone/fees-*.png.
// Alone: `npm run build && npx vitest run --project e2e e2e/fee-import.test.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  fakeYalidineEnv,
  ORAN_UNEVEN_FEES,
  startFakeYalidine,
  type FakeYalidine,
} from '../apps/server/test/fake-yalidine.ts';
import {
  adminPage,
  adminToken,
  launchBrowser,
  SCREENSHOT_DIR,
  startShop,
  VIEWPORTS,
  type ShopServer,
} from './harness.ts';
import { accessibilityViolations, boxesScrollingSideways, overflow } from './page-checks.ts';

const PHONE_DIR = path.join(SCREENSHOT_DIR, 'phone');
let fake: FakeYalidine;
let shop: ShopServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  fake = await startFakeYalidine();
  shop = await startShop(fakeYalidineEnv(fake));
  browser = await launchBrowser();
  token = await adminToken(shop.baseUrl);
  fs.mkdirSync(PHONE_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await fake?.close();
});

const phone = () => adminPage(browser, shop.baseUrl, token, VIEWPORTS.mobile, true);

describe('the fee grid import on a phone', () => {
  test("Yalidine's fees: previewed wilaya by wilaya, old → new, then applied", async () => {
    // Oran's communes are not all priced alike; Adrar is not served by this account.
    fake.fees.set(31, ORAN_UNEVEN_FEES);
    fake.fees.set(1, null);
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/shipping-prices');
      await page.getByRole('button', { name: 'Import fees from Yalidine' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Fees from Yalidine' });
      await dialog.getByText(/wilayas would change/).waitFor();
      const oran = dialog.getByTestId('fee-change-31');
      await oran.scrollIntoViewIfNeeded();
      expect(await oran.textContent()).toMatch(/600[,.]00/);
      expect(await oran.textContent()).toContain('the most common fee is taken');
      expect(await dialog.textContent()).toContain('Adrar: Yalidine does not deliver to this wilaya');
      await dialog.getByTestId('fee-change-16').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(PHONE_DIR, 'fees-yalidine-preview.png') });
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      expect(await boxesScrollingSideways(page)).toEqual([]);
      expect(await accessibilityViolations(page, false)).toEqual([]);

      const apply = dialog.getByRole('button', { name: /^Apply \d+ changes$/ });
      const count = Number((await apply.textContent())?.match(/\d+/)?.[0]);
      expect(count).toBeGreaterThan(40);
      await apply.tap();
      await page.getByText(`${count} wilaya(s) changed`).waitFor();
      const alger = page.getByTestId('wilaya-16');
      expect(await alger.textContent()).toMatch(/660[,.]00/);
      expect(await alger.textContent()).toMatch(/460[,.]00/);
      // Arzew costs 650 Da where Oran's other communes cost 600: it has its own fee.
      expect(await page.getByTestId('wilaya-31').textContent()).toContain('1 commune with own fee');
      await page.screenshot({ path: path.join(PHONE_DIR, 'fees-applied.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a CSV file with a bad line: the line is named and nothing changes', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fees-')), 'grille-zr.csv');
    fs.writeFileSync(file, '\uFEFFWilaya;Domicile;Stop desk\r\nAlger;450;300\r\nAtlantide;500;300\r\nOran;;250\r\n');
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/shipping-prices');
      const before = await page.getByTestId('wilaya-16').textContent();
      await page.getByLabel(/Choose a CSV file of fees/).setInputFiles(file);
      const dialog = page.getByRole('dialog', { name: 'Fees from grille-zr.csv' });
      const lines = dialog.getByTestId('bad-lines');
      await lines.waitFor();
      expect(await lines.textContent()).toContain('Line 3: unknown wilaya "Atlantide"');
      expect(await lines.textContent()).toContain('Line 4: The home fee is missing');
      expect(await dialog.getByRole('button', { name: 'Nothing to apply' }).isDisabled()).toBe(true);
      await page.screenshot({ path: path.join(PHONE_DIR, 'fees-csv-errors.png') });
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page, false)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).tap();
      expect(await page.getByTestId('wilaya-16').textContent()).toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a CSV with a commune column: communes get their own fee, seen and removed on the phone', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fees-')), 'grille-communes.csv');
    fs.writeFileSync(
      file,
      'wilaya;commune;home;stop desk\r\nAlger;;450;300\r\nAlger;Hydra;550;\r\nAlger;El Biar;;250\r\n',
    );
    const { context, page, errors } = await phone();
    try {
      await page.goto('/admin/shipping-prices');
      await page.getByLabel(/Choose a CSV file of fees/).setInputFiles(file);
      const dialog = page.getByRole('dialog', { name: 'Fees from grille-communes.csv' });
      const alger = dialog.getByTestId('fee-change-16');
      await alger.waitFor();
      expect(await alger.textContent()).toContain('Communes with own fee: 0 becomes 2: El Biar, Hydra');
      await dialog.getByRole('button', { name: 'Apply 1 change' }).tap();
      await page.getByText('1 wilaya(s) changed').waitFor();

      const count = page.getByTestId('wilaya-16').getByRole('button', { name: '2 communes with own fee' });
      await count.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(PHONE_DIR, 'fees-commune-count.png') });
      await count.tap();
      const communes = page.getByRole('dialog', { name: 'Communes of Alger with their own fee' });
      await communes.getByTestId('commune-fee-Hydra').waitFor();
      expect(await communes.getByTestId('commune-fee-Hydra').textContent()).toMatch(/550[,.]00/);
      await page.screenshot({ path: path.join(PHONE_DIR, 'fees-communes.png') });
      expect(await overflow(page, VIEWPORTS.mobile.width)).toBeLessThanOrEqual(0);
      expect(await boxesScrollingSideways(page)).toEqual([]);
      expect(await accessibilityViolations(page, false)).toEqual([]);

      // Asked in the row (this is a dialog already), not by the browser.
      await communes.getByRole('button', { name: 'Remove Hydra' }).tap();
      await communes.getByTestId('commune-fee-Hydra').getByRole('button', { name: 'Yes, remove' }).tap();
      await communes.getByText('Hydra now costs its wilaya’s fees').waitFor();
      await communes.getByTestId('commune-fee-Hydra').waitFor({ state: 'detached' });
      // The storefront reads it at once.
      const read = (await (await fetch(`${shop.baseUrl}/api/ShippingPrice/read`)).json()) as {
        data: { wilaya_code: number; communes: { name: string }[] }[];
      };
      expect(read.data.find((w) => w.wilaya_code === 16)?.communes.map((c) => c.name)).toEqual(['El Biar']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
