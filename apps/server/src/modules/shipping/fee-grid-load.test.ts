// The largest fee-grid file the import takes, made of the shortest bad lines (a 200 kB file of
// 100 000 one-letter lines): it is refused as any bad file is, by work that grows with the file
// and not with the file times the wilayas, and other requests are answered while it is read.
// Bounded by counting the work (wilaya names normalised), never by timing it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeeGridLineError } from '@shop/domain/shipping-responses';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import type * as WilayaModule from '@shop/domain/wilaya';
import { FEE_CSV_LISTED_ERRORS } from './fee-grid.service.ts';

const normalised = vi.hoisted(() => ({ count: 0, onCall: undefined as (() => void) | undefined }));
vi.mock('@shop/domain/wilaya', async (original) => {
  const real = await original<typeof WilayaModule>();
  return {
    ...real,
    wilayaKey: (name: string) => {
      normalised.count++;
      normalised.onCall?.();
      return real.wilayaKey(name);
    },
  };
});

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
});
afterAll(() => t.close());

const LINES = 99_999;
const csv = Array.from({ length: LINES }, () => 'x').join('\n');

describe('the largest fee-grid files, of bad lines', () => {
  it('is refused whole, its bad lines counted and the first ones named, normalising each line once', async () => {
    expect(csv.length).toBeLessThanOrEqual(200_000);
    normalised.count = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/import/csv',
      headers: admin,
      payload: { csv },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; data: { errors: FeeGridLineError[] } }>();
    expect(body.message).toBe(
      `${LINES} line(s) of the file cannot be read (the first ${FEE_CSV_LISTED_ERRORS} are listed); nothing was changed. Line 1: unknown wilaya "x"; The home fee is missing`,
    );
    expect(body.data.errors).toHaveLength(FEE_CSV_LISTED_ERRORS);
    expect(body.data.errors[1]).toEqual({ line: 2, message: 'unknown wilaya "x"; The home fee is missing' });
    // Each line's wilaya once, and the table's 58 names once: not the 58 names again per line.
    expect(normalised.count).toBeLessThanOrEqual(LINES + 58 + 10);
  });

  it("of unknown communes normalises the wilaya's commune names once, not again per line", async () => {
    const lines = Array.from({ length: 7000 }, (_, i) => `16;Atlantide ${i};450;300`);
    normalised.count = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/import/csv',
      headers: admin,
      payload: { csv: lines.join('\n') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ data: { errors: FeeGridLineError[] } }>().data.errors[0]).toEqual({
      line: 1,
      message: 'unknown commune "Atlantide 0" in Alger',
    });
    // Each line's commune once, the table's 58 wilayas and Alger's communes (French and Arabic
    // names) once.
    expect(normalised.count).toBeLessThanOrEqual(lines.length + 58 + 2 * 100);
  });

  it('does not hold other requests: one asked halfway through the file is answered before its end', async () => {
    let other: Promise<number> | undefined;
    normalised.count = 0;
    // Halfway through the file, a customer asks for the shipping table; when it is answered, how
    // far the file has been read.
    normalised.onCall = () => {
      if (other || normalised.count < LINES / 2) return;
      other = t.app.inject({ url: '/api/ShippingPrice/read' }).then((res) => {
        expect(res.statusCode).toBe(200);
        return normalised.count;
      });
    };
    try {
      const file = await t.app.inject({
        method: 'POST',
        url: '/api/ShippingPrice/import/csv',
        headers: admin,
        payload: { csv },
      });
      expect(file.statusCode).toBe(400);
    } finally {
      normalised.onCall = undefined;
    }
    const linesReadWhenAnswered = await other;
    expect(linesReadWhenAnswered).toBeLessThan(LINES);
  });
});
