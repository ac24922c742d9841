// The shipping table matched to a courier's grid, through HTTP on SQLite and
// PostgreSQL: Yalidine's fees read from a local Yalidine (GET /v1/fees/ per wilaya, over a real
// connection) or a CSV file, previewed wilaya by wilaya, applied in one transaction; a file or grid
// with any bad line is refused whole, each bad line named, and nothing is written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeeGridLineError, FeeGridPreview, ShippingPrice } from '@shop/domain/shipping-responses';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  fakeYalidineEnv,
  FAKE_API_ID,
  FAKE_API_TOKEN,
  ORAN_UNEVEN_FEES,
  startFakeYalidine,
  type FakeYalidine,
} from '../../../test/fake-yalidine.ts';
import { createYalidine } from '../couriers/yalidine.ts';
import { previewYalidineGrid } from './fee-grid.service.ts';

let fake: FakeYalidine;
let t: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeYalidine();
  t = await createTestContext({ env: { ...fakeYalidineEnv(fake), YALIDINE_FROM_WILAYA: 'Alger' } });
  admin = await t.adminHeaders();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.headers = {};
  fake.fees.clear();
});

async function table(): Promise<ShippingPrice[]> {
  const res = await t.app.inject({ url: '/api/ShippingPrice/read' });
  return res.json<{ data: ShippingPrice[] }>().data;
}
const fees = async (code: number) => (await table()).find((r) => r.wilaya_code === code);

function post(url: string, payload: unknown, headers = admin) {
  return t.app.inject({ method: 'POST', url: `/api/ShippingPrice/${url}`, headers, payload: payload as object });
}

describe("Yalidine's fee grid", () => {
  it('previews each wilaya, old → new, from the shop’s wilaya, and writes nothing', async () => {
    // Oran's communes are not all priced alike; Adrar is not served; Tamanrasset has no centre.
    fake.fees.set(31, ORAN_UNEVEN_FEES);
    fake.fees.set(1, null);
    const before = await table();
    const res = await post('import/yalidine', { wilaya_codes: [31, 1, 11, 16] });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: FeeGridPreview }>().data;
    expect(fake.calls.some((c) => c.path === '/v1/fees/?from_wilaya_id=16&to_wilaya_id=31')).toBe(true);
    expect(preview.remaining).toEqual([]);
    expect(preview.skipped).toEqual([
      { wilaya_code: 1, wilaya_name: 'Adrar', reason: 'Yalidine does not deliver to this wilaya' },
    ]);
    const byCode = new Map(preview.rows.map((r) => [r.wilaya_code, r]));
    expect(byCode.get(16)).toMatchObject({
      wilaya_name: 'Alger',
      price: { old: before.find((r) => r.wilaya_code === 16)?.price, new: 660 },
      stop_desk_price: { new: 460 },
      changed: true,
      note: null,
    });
    expect(byCode.get(31)).toMatchObject({ price: { new: 600 }, stop_desk_price: { new: 400 } });
    expect(byCode.get(31)?.note).toMatch(/600–650 Da at home/);
    expect(byCode.get(11)).toMatchObject({ price: { new: 610 }, stop_desk_price: { new: null } });
    expect(byCode.get(11)?.note).toMatch(/no stop desk/);
    expect(await table()).toEqual(before);
  });

  it('the whole table: previewed, then applied in one call', async () => {
    const res = await post('import/yalidine', {});
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: FeeGridPreview }>().data;
    expect(preview.rows).toHaveLength(58);
    expect(preview.remaining).toEqual([]);
    const applied = await post('import', {
      rows: preview.rows.map((r) => ({
        wilaya_code: r.wilaya_code,
        price: r.price.new,
        stop_desk_price: r.stop_desk_price.new,
      })),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<{ message: string }>().message).toMatch(/wilaya\(s\) changed/);
    expect(await fees(16)).toMatchObject({ price: 660, stop_desk_price: 460 });
    expect(await fees(1)).toMatchObject({ price: 510, stop_desk_price: null });
    // Previewed again, nothing is left to change.
    const again = (await post('import/yalidine', { wilaya_codes: [16, 31] })).json<{ data: FeeGridPreview }>().data;
    expect(again.rows.map((r) => r.changed)).toEqual([false, false]);
  });

  it("waits for Yalidine's quota while it has time, then names the wilayas left", async () => {
    const client = () =>
      createYalidine({
        apiUrl: fake.url,
        apiId: FAKE_API_ID,
        apiToken: FAKE_API_TOKEN,
        fromWilaya: 'Alger',
        timeoutMs: 2000,
      });
    // Every answer says the second's quota is used up: each next call waits for the next second.
    fake.headers = { 'x-second-quota-left': '0' };
    const waited: number[] = [];
    const sleep = (ms: number) => {
      waited.push(ms);
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    };
    const patient = await previewYalidineGrid(t.db.kysely, t.app.geography.current(), client(), {
      fromWilaya: 'Alger',
      codes: [5, 6],
      budgetMs: 10_000,
      sleep,
    });
    expect(patient.rows.map((r) => r.wilaya_code)).toEqual([5, 6]);
    expect(patient.remaining).toEqual([]);
    expect(waited.length).toBeGreaterThanOrEqual(2);
    expect(waited.every((ms) => ms <= 1020)).toBe(true);
    // No time to wait: what was fetched, and the rest to ask for next.
    const hurried = await previewYalidineGrid(t.db.kysely, t.app.geography.current(), client(), {
      fromWilaya: 'Alger',
      codes: [5, 6, 7],
      budgetMs: 0,
    });
    expect(hurried.rows).toEqual([]);
    expect(hurried.remaining).toEqual([5, 6, 7]);
  });

  it('502 when Yalidine cannot be reached; 409 without an account; 401 without a session', async () => {
    await fake.stop();
    const down = await post('import/yalidine', { wilaya_codes: [16] });
    await fake.start();
    expect(down.statusCode).toBe(502);
    expect(down.json<{ message: string }>().message).toMatch(/Yalidine's fees could not be read/);
    expect((await post('import/yalidine', {}, {})).statusCode).toBe(401);
    const bare = await createTestContext();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/ShippingPrice/import/yalidine',
        headers: await bare.adminHeaders(),
        payload: {},
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/No courier is configured/);
    } finally {
      await bare.close();
    }
  });
});

describe('a grid from a CSV file', () => {
  it('reads the header, names, numbers, decimal commas and "no stop desk", and previews it', async () => {
    const csv =
      '\uFEFFWilaya;Domicile;Stop desk\r\n' +
      'Alger;450;300\r\n' +
      '"bejaia";700,50;-\r\n' +
      '31;1 200;\r\n' +
      '\r\n' +
      'Sétif;800;500\r\n';
    const before = await table();
    const res = await post('import/csv', { csv });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: FeeGridPreview }>().data;
    expect(preview.rows.map((r) => [r.wilaya_name, r.price.new, r.stop_desk_price.new])).toEqual([
      ['Alger', 450, 300],
      ['Béjaïa', 700.5, null],
      ['Oran', 1200, null],
      ['Sétif', 800, 500],
    ]);
    expect(preview.rows[0]?.price.old).toBe(before.find((r) => r.wilaya_code === 16)?.price);
    expect(await table()).toEqual(before);
    // Tabs and commas between cells too.
    for (const text of ['Alger\t450\t300\n', 'Alger,450,300\n']) {
      const other = await post('import/csv', { csv: text });
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json<{ data: FeeGridPreview }>().data.rows[0]).toMatchObject({ price: { new: 450 } });
    }
  });

  it('a file with bad lines is refused whole, each bad line named', async () => {
    const csv = [
      'wilaya;home;stop desk',
      'Alger;450;300',
      'Atlantis;500;300',
      'Oran;-20;300',
      'alger;460;310',
      'Blida;;200',
      'Tipaza;abc;200',
      'Tlemcen;500;300;oops',
      'Mila;500;300',
    ].join('\n');
    const before = await table();
    const res = await post('import/csv', { csv });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; data: { errors: FeeGridLineError[] } }>();
    expect(body.message).toMatch(
      /^6 line\(s\) of the file cannot be read; nothing was changed\. Line 3: unknown wilaya "Atlantis"/,
    );
    expect(body.data.errors).toEqual([
      { line: 3, message: 'unknown wilaya "Atlantis"' },
      { line: 4, message: 'The home fee cannot be negative' },
      { line: 5, message: 'Alger is already on line 2' },
      { line: 6, message: 'The home fee is missing' },
      { line: 7, message: 'The home fee "abc" is not an amount (like 450 or 450,50)' },
      { line: 8, message: 'expected 3 cells (wilaya; home; stop desk), found 4' },
    ]);
    expect(await table()).toEqual(before);
    for (const payload of [{ csv: '' }, { csv: 'wilaya;home;stop desk\n' }, {}, { csv: 'x'.repeat(200_001) }]) {
      const refused = await post('import/csv', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('a CSV as couriers and Excel write it', () => {
  it('reads a wilaya written "16 - Alger", and refuses a number and a name that disagree', async () => {
    const ok = await post('import/csv', {
      csv: 'wilaya;home;stop desk\n16 - Alger;450;300\n31. Oran;600;\n06 Béjaïa;700;500\n',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json<{ data: FeeGridPreview }>().data.rows.map((r) => [r.wilaya_code, r.wilaya_name, r.price.new]),
    ).toEqual([
      [16, 'Alger', 450],
      [31, 'Oran', 600],
      [6, 'Béjaïa', 700],
    ]);
    const mixed = await post('import/csv', { csv: '16 - Oran;450;300\n' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<{ data: { errors: FeeGridLineError[] } }>().data.errors).toEqual([
      { line: 1, message: 'unknown wilaya "16 - Oran"' },
    ]);
  });

  it('refuses a file that was not decoded as UTF-8 ("B\uFFFDja\uFFFDa"), saying how to save it, writing nothing', async () => {
    const before = await table();
    const res = await post('import/csv', { csv: 'wilaya;home;stop desk\nAlger;450;300\nB\uFFFDja\uFFFDa;700;500\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { errors: FeeGridLineError[] } }>().data.errors).toEqual([
      {
        line: 3,
        message:
          'The file is not UTF-8 text ("B\uFFFDja\uFFFDa;700;500"): save it from Excel as "CSV UTF-8", then import it again',
      },
    ]);
    expect(await table()).toEqual(before);
  });
});

describe('applying a grid', () => {
  it('changes the wilayas given, in one transaction, and refuses a wrong grid whole', async () => {
    const before = await table();
    const wrong = await post('import', {
      rows: [
        { wilaya_code: 16, price: 1, stop_desk_price: 1 },
        { wilaya_code: 99, price: 400, stop_desk_price: null },
        { wilaya_code: 16, price: 2, stop_desk_price: null },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ data: { errors: FeeGridLineError[] } }>().data.errors).toEqual([
      { line: 2, message: 'No wilaya number 99 in the shipping table' },
      { line: 3, message: 'Wilaya number 16 comes twice' },
    ]);
    expect(await table()).toEqual(before);
    for (const rows of [[], [{ wilaya_code: 16, price: -1 }], [{ wilaya_code: 16, price: 'x' }], 'nope']) {
      expect((await post('import', { rows })).statusCode).toBe(400);
    }
    expect(await table()).toEqual(before);

    const ok = await post('import', {
      rows: [
        { wilaya_code: 9, price: 555, stop_desk_price: '333,50' },
        { wilaya_code: 35, price: 575, stop_desk_price: null },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ message: string }>().message).toBe('2 wilaya(s) changed');
    expect(await fees(9)).toMatchObject({ price: 555, stop_desk_price: 333.5 });
    expect(await fees(35)).toMatchObject({ price: 575, stop_desk_price: null });
    // The others keep theirs.
    const after = await table();
    expect(after.filter((r) => r.wilaya_code !== 9 && r.wilaya_code !== 35)).toEqual(
      before.filter((r) => r.wilaya_code !== 9 && r.wilaya_code !== 35),
    );
    expect((await post('import', { rows: [{ wilaya_code: 9, price: 1 }] }, {})).statusCode).toBe(401);
  });
});

describe('communes priced apart by a grid', () => {
  const communesOf = async (code: number) => (await fees(code))?.communes;

  async function oldCommuneFee(code: number, commune: string, homeCents: number) {
    const { id } = await t.db.kysely
      .selectFrom('shipping_prices')
      .select('id')
      .where('wilaya_code', '=', code)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('commune_fees')
      .values({ shipping_price_id: id, commune_name: commune, price_cents: homeCents, stop_desk_price_cents: null })
      .execute();
  }

  beforeEach(async () => {
    await t.db.kysely.deleteFrom('commune_fees').execute();
  });

  it("Yalidine's: the communes that cost other than the wilaya's fee replace the wilaya's, in one call", async () => {
    fake.fees.set(31, {
      name: 'Oran',
      communes: [
        { id: 3101, name: 'Oran', express_home: 600, express_desk: 400 },
        { id: 3102, name: 'Bir El Djir', express_home: 600, express_desk: 400 },
        { id: 3103, name: 'Arzew', express_home: 650, express_desk: 400 },
        { id: 3104, name: 'Es-Sénia', express_home: 600, express_desk: 450 },
        { id: 3105, name: 'Nulle Part', express_home: 900, express_desk: 400 },
      ],
    });
    await oldCommuneFee(31, 'Gdyel', 99_900);
    const res = await post('import/yalidine', { wilaya_codes: [31] });
    expect(res.statusCode, res.body).toBe(200);
    const [oran] = res.json<{ data: FeeGridPreview }>().data.rows;
    expect(oran).toMatchObject({
      price: { new: 600 },
      stop_desk_price: { new: 400 },
      communes: [
        { name: 'Arzew', price: 650, stop_desk_price: null },
        { name: 'Es Senia', price: null, stop_desk_price: 450 },
      ],
      communes_before: 1,
      changed: true,
    });
    expect(oran?.note).toMatch(/2 commune\(s\) priced apart/);
    expect(oran?.note).toMatch(/not in the commune list, left at the wilaya's fees: Nulle Part/);
    // The preview wrote nothing.
    expect(await communesOf(31)).toEqual([{ name: 'Gdyel', price: 999, stop_desk_price: null }]);

    const applied = await post('import', {
      rows: [
        {
          wilaya_code: 31,
          price: oran?.price.new,
          stop_desk_price: oran?.stop_desk_price.new,
          communes: oran?.communes,
        },
      ],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await communesOf(31)).toEqual([
      { name: 'Arzew', price: 650, stop_desk_price: null },
      { name: 'Es Senia', price: null, stop_desk_price: 450 },
    ]);
    const again = (await post('import/yalidine', { wilaya_codes: [31] })).json<{ data: FeeGridPreview }>().data;
    expect(again.rows[0]).toMatchObject({ changed: false, communes_before: 2 });
  });

  it('a CSV with a commune column prices communes; the old three-column file keeps them', async () => {
    await oldCommuneFee(31, 'Arzew', 65_000);
    const csv = [
      'wilaya;commune;home;stop desk',
      'Alger;;450;300',
      'Alger;Hydra;500;',
      'alger;el-biar;;250',
      'Alger;Kouba;450;300',
      'Blida;Boufarik;600;350',
      'Oran;;700;400',
    ].join('\n');
    const res = await post('import/csv', { csv });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: FeeGridPreview }>().data.rows;
    const blida = await fees(9);
    expect(rows.map((r) => [r.wilaya_code, r.price.new, r.stop_desk_price.new, r.communes])).toEqual([
      [
        16,
        450,
        300,
        [
          { name: 'El Biar', price: null, stop_desk_price: 250 },
          { name: 'Hydra', price: 500, stop_desk_price: null },
        ],
      ],
      // Blida has no line of its own: its fees stay.
      [9, blida?.price, blida?.stop_desk_price, [{ name: 'Boufarik', price: 600, stop_desk_price: 350 }]],
      // Oran's file has no commune: its communes priced apart go.
      [31, 700, 400, []],
    ]);
    expect(rows.find((r) => r.wilaya_code === 31)?.communes_before).toBe(1);

    const applied = await post('import', {
      rows: rows.map((r) => ({
        wilaya_code: r.wilaya_code,
        price: r.price.new,
        stop_desk_price: r.stop_desk_price.new,
        communes: r.communes,
      })),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await communesOf(16)).toEqual([
      { name: 'El Biar', price: null, stop_desk_price: 250 },
      { name: 'Hydra', price: 500, stop_desk_price: null },
    ]);
    expect(await communesOf(9)).toEqual([{ name: 'Boufarik', price: 600, stop_desk_price: 350 }]);
    expect(await communesOf(31)).toEqual([]);

    // Three cells a line: the wilayas' fees only, their communes priced apart stay.
    const old = await post('import/csv', { csv: 'Alger;480;300' });
    const [alger] = old.json<{ data: FeeGridPreview }>().data.rows;
    expect(alger).toMatchObject({ price: { new: 480 }, communes: null, communes_before: 2, changed: true });
    await post('import', { rows: [{ wilaya_code: 16, price: 480, stop_desk_price: 300 }] });
    expect(await fees(16)).toMatchObject({ price: 480, communes: [{ name: 'El Biar' }, { name: 'Hydra' }] });
  });

  it('refuses a file or grid naming a commune of no such wilaya, or twice, writing nothing', async () => {
    const before = await table();
    const csv = [
      'wilaya;commune;home;stop desk',
      'Alger;Hydra;500;',
      'Alger;Atlantide;500;',
      'Alger;hydra;510;',
      'Oran;Hydra;500;',
      'Alger;Kouba;abc;',
    ].join('\n');
    const res = await post('import/csv', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { errors: FeeGridLineError[] } }>().data.errors).toEqual([
      { line: 3, message: 'unknown commune "Atlantide" in Alger' },
      { line: 4, message: 'Hydra is already on line 2' },
      { line: 5, message: 'unknown commune "Hydra" in Oran' },
      { line: 6, message: 'The home fee "abc" is not an amount (like 450 or 450,50)' },
    ]);
    const wrong = await post('import', {
      rows: [
        { wilaya_code: 16, price: 1, stop_desk_price: null, communes: [{ name: 'Hydra', price: 2 }] },
        { wilaya_code: 31, price: 1, stop_desk_price: null, communes: [{ name: 'Hydra', price: 2 }] },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ data: { errors: FeeGridLineError[] } }>().data.errors).toEqual([
      { line: 2, message: 'unknown commune "Hydra" in Oran' },
    ]);
    expect(await table()).toEqual(before);
  });
});
