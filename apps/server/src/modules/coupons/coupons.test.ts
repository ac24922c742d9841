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
      expect(res.json<{ data: unknown }>().data).toEqual({
        code: 'SUMMER15',
        discount_percentage: 15,
        discount_amount: null,
      });
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

  it('creates a coupon of a fixed amount in Da, which a customer sees checked', async () => {
    const headers = await t.adminHeaders();
    const payload = {
      code: 'moins500',
      discount_type: 'amount',
      discount_amount: '500',
      max_uses: 10,
      expiry_date: isoDateFromToday(30),
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/coupon/', headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      code: 'MOINS500',
      discount_type: 'amount',
      discount_percentage: 0,
      discount_amount: 500,
      orders: 0,
    });
    expect((await validate('moins500')).json<{ data: unknown }>().data).toEqual({
      code: 'MOINS500',
      discount_percentage: 0,
      discount_amount: 500,
    });
    for (const amount of ['0', '-5', 'abc', undefined]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/coupon/',
        headers,
        payload: { ...payload, code: `BAD${String(amount).length}`, discount_amount: amount },
      });
      expect(bad.statusCode, String(amount)).toBe(400);
    }
    // A percentage coupon is what it always was; its amount, if sent, is ignored.
    const percent = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/',
      headers,
      payload: { ...payload, code: 'P12', discount_type: 'percent', discount_percentage: 12 },
    });
    expect(percent.json<{ data: unknown }>().data).toMatchObject({
      discount_type: 'percent',
      discount_percentage: 12,
      discount_amount: null,
    });
  });

  it('edits a coupon if it is still as the form saw it, else 409 with the coupon as it is', async () => {
    const headers = await t.adminHeaders();
    const id = await insertCoupon(t.db.kysely, { code: 'EDITME', discount_percentage: 10, max_uses: 5 });
    const list = await t.app.inject({ method: 'GET', url: '/api/coupon/', headers });
    const seen = list.json<{ data: Record<string, unknown>[] }>().data.find((c) => c.id === id)!;
    const { code, discount_percentage, discount_amount, max_uses, expiry_date, is_active } = seen;
    const form = { code, discount_percentage, discount_amount, max_uses, expiry_date, is_active };
    const edit = (body: object) => t.app.inject({ method: 'PUT', url: `/api/coupon/${id}`, headers, payload: body });

    const changed = await edit({
      ...form,
      code: 'edited',
      discount_type: 'amount',
      discount_amount: 300,
      max_uses: 8,
      seen: form,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: unknown }>().data).toMatchObject({
      id,
      code: 'EDITED',
      discount_type: 'amount',
      discount_percentage: 0,
      discount_amount: 300,
      max_uses: 8,
    });
    // The same form sent again saw the old coupon: nothing changes.
    const stale = await edit({ ...form, code: 'OTHER', seen: form });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ data: unknown }>().data).toMatchObject({ code: 'EDITED', discount_amount: 300 });
    expect((await validate('EDITED')).json<{ data: unknown }>().data).toMatchObject({ discount_amount: 300 });

    await insertCoupon(t.db.kysely, { code: 'TAKEN' });
    const now = stale.json<{ data: typeof form }>().data;
    const fresh = {
      code: now.code,
      discount_percentage: now.discount_percentage,
      discount_amount: now.discount_amount,
      max_uses: now.max_uses,
      expiry_date: now.expiry_date,
      is_active: now.is_active,
    };
    expect((await edit({ ...fresh, discount_type: 'amount', code: 'taken', seen: fresh })).statusCode).toBe(409);
    expect((await edit({ ...fresh, discount_type: 'percent', discount_percentage: 120, seen: fresh })).statusCode).toBe(
      400,
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/coupon/99999',
          headers,
          payload: { ...fresh, discount_type: 'amount', seen: fresh },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes a coupon no order carries; a used one is refused, to be deactivated instead', async () => {
    const headers = await t.adminHeaders();
    const unused = await insertCoupon(t.db.kysely, { code: 'UNUSED' });
    const used = await insertCoupon(t.db.kysely, { code: 'USEDONCE', current_uses: 1 });
    const del = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/coupon/${id}`, headers });
    expect((await del(unused)).statusCode).toBe(200);
    expect((await validate('UNUSED')).statusCode).toBe(404);
    const refused = await del(used);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'This coupon is carried by 1 order: deactivate it instead of deleting it',
    });
    expect((await validate('USEDONCE')).statusCode).toBe(200);
    expect((await del(unused)).statusCode).toBe(404);
  });

  it('refuses admin calls without a valid token', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/coupon/' },
      { method: 'POST' as const, url: '/api/coupon/' },
      { method: 'PUT' as const, url: '/api/coupon/toggle/1' },
      { method: 'PUT' as const, url: '/api/coupon/1' },
      { method: 'DELETE' as const, url: '/api/coupon/1' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    }
  });
});
