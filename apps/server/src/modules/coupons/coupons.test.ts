import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertCoupon, isoDateFromToday } from '../../../test/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

function validate(code: string, increment = false) {
  const path = increment ? 'validateAndIncrement' : 'validate';
  return t.app.inject({ method: 'GET', url: `/api/coupon/${path}/${encodeURIComponent(code)}` });
}

describe('coupon validation (public)', () => {
  it('accepts a usable code in any case and never counts a use', async () => {
    const id = await insertCoupon(t.db.kysely, { code: 'SUMMER15', discount_percentage: 15, max_uses: 1 });
    for (const increment of [false, true, true]) {
      const res = await validate('summer15', increment);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toEqual({ code: 'SUMMER15', discount_percentage: 15 });
    }
    const row = await t.db.kysely.selectFrom('coupons').select('current_uses').where('id', '=', id).executeTakeFirst();
    expect(row?.current_uses).toBe(0);
  });

  it('treats the expiry date as the last valid day', async () => {
    await insertCoupon(t.db.kysely, { code: 'TODAY', expiry_date: isoDateFromToday(0) });
    expect((await validate('TODAY')).statusCode).toBe(200);
  });

  it('answers unknown, expired, inactive and used-up codes', async () => {
    await insertCoupon(t.db.kysely, { code: 'OLD', expiry_date: isoDateFromToday(-1) });
    await insertCoupon(t.db.kysely, { code: 'OFF', is_active: false });
    await insertCoupon(t.db.kysely, { code: 'GONE', max_uses: 2, current_uses: 2 });
    const cases: [string, number, string][] = [
      ['NOPE', 404, 'Code promo invalide'],
      ['OLD', 400, 'Code promo expiré'],
      ['OFF', 400, 'Code promo désactivé'],
      ['GONE', 400, 'Code promo épuisé'],
    ];
    for (const [code, status, message] of cases) {
      for (const increment of [false, true]) {
        const res = await validate(code, increment);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toMatchObject({ status, message });
      }
    }
  });

  it("answers the owner's Validate button in English (DESIGN §6.3)", async () => {
    await insertCoupon(t.db.kysely, { code: 'SPENT', max_uses: 1, current_uses: 1 });
    await insertCoupon(t.db.kysely, { code: 'FINE' });
    const headers = await t.adminHeaders();
    const asOwner = (code: string) => t.app.inject({ method: 'GET', url: `/api/coupon/validate/${code}`, headers });
    expect((await asOwner('SPENT')).json()).toMatchObject({
      status: 400,
      message: 'Coupon has reached its maximum uses',
    });
    expect((await asOwner('NOSUCHCODE')).json()).toMatchObject({ status: 404, message: 'Unknown coupon code' });
    expect((await asOwner('FINE')).json()).toMatchObject({ status: 200, message: 'Coupon is valid' });
    expect((await validate('FINE')).json()).toMatchObject({ status: 200, message: 'Code promo valide' });
  });
});

describe('coupon administration', () => {
  it('creates (201, upper-cased), lists and toggles coupons', async () => {
    const headers = await t.adminHeaders();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/',
      headers,
      payload: {
        code: 'newyear',
        discount_percentage: 20,
        max_uses: 5,
        expiry_date: isoDateFromToday(30),
        is_active: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const coupon = res.json<{ data: { id: number; code: string; is_active: boolean } }>().data;
    expect(coupon).toMatchObject({ code: 'NEWYEAR', is_active: true, current_uses: 0, max_uses: 5 });

    const list = await t.app.inject({ method: 'GET', url: '/api/coupon/', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { code: string }[] }>().data.map((c) => c.code)).toContain('NEWYEAR');

    const toggled = await t.app.inject({ method: 'PUT', url: `/api/coupon/toggle/${coupon.id}`, headers });
    expect(toggled.json<{ data: { is_active: boolean } }>().data.is_active).toBe(false);
    expect((await validate('NEWYEAR')).json()).toMatchObject({ message: 'Code promo désactivé' });
    const again = await t.app.inject({ method: 'PUT', url: `/api/coupon/toggle/${coupon.id}`, headers });
    expect(again.json<{ data: { is_active: boolean } }>().data.is_active).toBe(true);
  });

  it('refuses a duplicate code with 409 and bad input with 400', async () => {
    const headers = await t.adminHeaders();
    const payload = { code: 'DUP', discount_percentage: 5, max_uses: 1, expiry_date: isoDateFromToday(3) };
    expect((await t.app.inject({ method: 'POST', url: '/api/coupon/', headers, payload })).statusCode).toBe(201);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/',
      headers,
      payload: { ...payload, code: 'dup' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'Coupon code already exists' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/',
      headers,
      payload: { ...payload, code: 'X1', discount_percentage: 150 },
    });
    expect(bad.statusCode).toBe(400);
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/',
      headers,
      payload: { ...payload, code: 'X2', expiry_date: isoDateFromToday(-2) },
    });
    expect(past.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/coupon/toggle/99999', headers })).statusCode).toBe(404);
  });

  it('refuses admin calls without a valid token', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/coupon/' },
      { method: 'POST' as const, url: '/api/coupon/' },
      { method: 'PUT' as const, url: '/api/coupon/toggle/1' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    }
  });
});
