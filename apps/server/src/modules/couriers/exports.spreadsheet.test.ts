// Both CSV files opened by LibreOffice Calc as an owner opens them (its own defaults for a CSV
// file), in French and in Arabic: the phone stays the text it was (its leading 0 kept), an address
// with a comma stays one cell, amounts are numbers, the date is the shop's time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { firstWilaya, insertProduct } from '../../../test/fixtures.ts';
import { ACCOUNTING_COLUMNS, YALIDINE_COLUMNS } from './exports.service.ts';

const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice', '/usr/lib/libreoffice/program/soffice'].find((file) =>
  fs.existsSync(file),
);

/**
 * What LibreOffice does when a CSV file is opened (its registry's Calc/Dialogs/CSVImport defaults):
 * ',', ';' and tab separate cells, '"' quotes, UTF-8, from line 1, in the given locale; quoted
 * fields not forced to text, special numbers not detected, formulas not evaluated. Headless
 * conversion would otherwise evaluate formulas and detect more numbers than a person opening the
 * file gets.
 */
const openedAsAnOwner = (locale: number) => `CSV:44/59/9,34,76,1,,${locale},false,false,false,false,false,-1,false`;
const FRENCH = 1036;
const ARABIC_ALGERIA = 5121;

interface SheetCell {
  type: string;
  text: string;
  value: string | undefined;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The first sheet of a flat OpenDocument spreadsheet, row by row, as LibreOffice stored its cells. */
function readSheet(fods: string): SheetCell[][] {
  const table = fods.slice(fods.indexOf('<table:table '));
  return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row = '']) =>
    [...row.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(
      ([, attributes = '', content = '']) => {
        const cell: SheetCell = {
          type: /office:value-type="(\w+)"/.exec(attributes)?.[1] ?? 'empty',
          // Each paragraph of the cell (<text:p>), its markup removed.
          text: [...content.matchAll(/<text:p[^>]*>([\s\S]*?)<\/text:p>/g)]
            .map(([, paragraph = '']) => unescapeXml(paragraph.replace(/<[^>]+>/g, '')))
            .join('\n'),
          value: /office:value="([^"]*)"/.exec(attributes)?.[1],
        };
        const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes)?.[1] ?? 1);
        return Array.from({ length: Math.min(repeated, 50) }, () => cell);
      },
    ),
  );
}

/** The files opened by LibreOffice in that locale: each file's sheet. */
function openInLibreOffice(files: Record<string, string>, locale: number): Record<string, SheetCell[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-calc-'));
  try {
    const paths = Object.entries(files).map(([name, csv]) => {
      const file = path.join(dir, `${name}.csv`);
      fs.writeFileSync(file, csv);
      return file;
    });
    const run = spawnSync(
      soffice ?? 'soffice',
      [
        // A profile of its own: a LibreOffice already running (or another test's) is not disturbed.
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        `--infilter=${openedAsAnOwner(locale)}`,
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        ...paths,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    return Object.fromEntries(
      Object.keys(files).map((name) => [name, readSheet(fs.readFileSync(path.join(dir, `${name}.fods`), 'utf8'))]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// LibreOffice is a 300 MB Debian package (libreoffice-calc) the test machine does not always
// have: without it this file is skipped, and csv.test.ts still checks the text of each cell.
describe.skipIf(!soffice)('the CSV files opened in LibreOffice Calc', () => {
  let t: TestContext;
  let files: Record<string, string>;
  let orderId: number;
  let total: number;
  let placedAt: string;

  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.adminHeaders();
    const wilaya = await firstWilaya(t.db.kysely);
    const product = await insertProduct(t.db.kysely, { name: 'Savon', price: 1250.5, stock: 10 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        customer_name: 'Amina Kaci',
        customer_phone: '0661234567',
        customer_address: `${wilaya.name} | Cité 200 logements, bloc A`,
        customer_postal_code: '16000',
        subtotal: 1250.5,
        shipping_fee: wilaya.price,
        items: [{ product_id: product, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    orderId = res.json<{ data: { order_id: number } }>().data.order_id;
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['final_total_cents', 'created_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    total = row.final_total_cents / 100;
    placedAt = row.created_at;
    const download = async (url: string) => (await t.app.inject({ url, headers: admin })).body;
    files = {
      accounting: await download(`/api/order/export?ids=${orderId}`),
      yalidine: await download(`/api/courier/export/yalidine?ids=${orderId}`),
    };
  });
  afterAll(() => t.close());

  it.each([
    ['French', FRENCH],
    ['Arabic (Algeria)', ARABIC_ALGERIA],
  ])(
    'in %s: the phone keeps its 0 as text, one cell per column, the time is the shop’s',
    { timeout: 180_000 },
    (_, locale) => {
      const { accounting = [], yalidine = [] } = openInLibreOffice(files, locale);

      const [accountingHeader = [], accountingRow = []] = accounting;
      expect(accountingHeader.map((c) => c.text)).toEqual([...ACCOUNTING_COLUMNS]);
      const column = (name: string) => accountingRow[ACCOUNTING_COLUMNS.indexOf(name as never)];
      expect(column('Order')).toMatchObject({ type: 'float', value: String(orderId) });
      expect(column('Phone')).toMatchObject({ type: 'string', text: '0661 23 45 67' });
      expect(column('Address')).toMatchObject({ type: 'string', text: 'Cité 200 logements, bloc A' });
      // Amounts have a decimal comma, for a French spreadsheet (an Arabic or English one reads them as text).
      if (locale === FRENCH) expect(column('Total (DA)')).toMatchObject({ type: 'float', value: String(total) });
      else expect(column('Total (DA)')?.text).toBe(total.toFixed(2).replace('.', ','));
      const placed = new Date(placedAt.includes('T') ? placedAt : `${placedAt.replace(' ', 'T')}Z`);
      const algiers = new Date(placed.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      expect(column('Date (Africa/Algiers)')?.text).toBe(algiers);

      const [yalidineHeader = [], yalidineRow = []] = yalidine;
      expect(yalidineHeader.map((c) => c.text)).toEqual([...YALIDINE_COLUMNS]);
      expect(yalidineRow[YALIDINE_COLUMNS.indexOf('contact_phone')]).toMatchObject({
        type: 'string',
        text: '0661 23 45 67',
      });
      expect(yalidineRow[YALIDINE_COLUMNS.indexOf('address')]).toMatchObject({ text: 'Cité 200 logements, bloc A' });
    },
  );
});
