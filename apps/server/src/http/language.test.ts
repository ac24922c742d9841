// Customer calls are answered in the visitor's language: French by default, Arabic for
// an Arabic Accept-Language or `lang`; the owner's calls stay English whatever the header says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertCoupon, insertProduct, isoDateFromToday, firstWilaya } from '../../test/fixtures.ts';
import { hasArabic } from '@shop/domain/customer-messages-ar';
import { ORDER_MESSAGES } from '../modules/orders/order-messages.ts';
import { COUPON_MESSAGES } from '../modules/coupons/coupons.service.ts';
import { BRAND_RATING_THANKS } from '../modules/ratings/ratings.service.ts';
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from './multipart.ts';
import { preferredLanguage } from './language.ts';

let t: TestContext;
let wilaya: { name: string; price: number };
beforeAll(async () => {
  t = await createTestContext();
  wilaya = await firstWilaya(t.db.kysely);
});
afterAll(() => t.close());

const ARABIC = { 'accept-language': 'ar-DZ,ar;q=0.9,fr;q=0.8' };

interface Answer {
  status: number;
  message: string;
  data: { errors?: { field: string; message: string }[] } | null;
}

describe('preferredLanguage', () => {
  it("reads the visitor's first language by weight", () => {
    expect(preferredLanguage('ar-DZ,ar;q=0.9,fr;q=0.8')).toBe('ar');
    expect(preferredLanguage('fr-FR,fr;q=0.9,ar;q=0.8')).toBe('fr');
    expect(preferredLanguage('fr;q=0.5, ar;q=0.7')).toBe('ar');
    expect(preferredLanguage('ar;q=0, fr')).toBe('fr');
    expect(preferredLanguage('')).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });
});

describe('customer calls in Arabic', () => {
  it('has the Arabic of every French message the server can say to a customer', () => {
    const customerOrderMessages = [
      'created',
      'customCreated',
      'pricesChanged',
      'stockShort',
      'totalTooLarge',
      'productNotFound',
      'sizeRequired',
      'sizeInvalid',
      'sizeNotExpected',
      'couponUnusable',
      'clothingTypeNotFound',
      'clothingSizeRequired',
      'clothingSizeInvalid',
      'colorInvalid',
      'imageRequired',
      'tooManyLines',
      'tooManyUnits',
      'frontImageRequired',
      'phoneRefused',
      'trackingNotFound',
    ] as const;
    const french = [
      ...customerOrderMessages.map((key) => {
        const message = ORDER_MESSAGES[key];
        return typeof message === 'function' ? message(12) : typeof message === 'object' ? message.fr : message;
      }),
      ...Object.values(COUPON_MESSAGES).flatMap((m) => (typeof m === 'string' ? [] : [m.fr])),
      BRAND_RATING_THANKS,
      IMAGE_TOO_LARGE_MESSAGE.fr,
      NOT_AN_IMAGE_MESSAGE.fr,
    ];
    expect(french.filter((m) => !hasArabic(m))).toEqual([]);
  });

  it('refuses an order in Arabic, its field errors too, and in French by default; nothing is written', async () => {
    const body = { customer_name: '', customer_phone: 'abc', customer_postal_code: '1', items: [] };
    const arabic = await t.app.inject({ method: 'POST', url: '/api/order', headers: ARABIC, payload: body });
    expect(arabic.statusCode).toBe(400);
    const answer = arabic.json<Answer>();
    expect(answer.message).toMatch(/[\u0600-\u06ff]/);
    const messages = answer.data?.errors?.map((e) => e.message) ?? [];
    expect(messages).toContain('الاسم الكامل مطلوب');
    expect(messages).toContain('رقم الهاتف غير صالح (مثال: \u20660555 12 34 56\u2069)');
    expect(messages.every((m) => /[\u0600-\u06ff]/.test(m))).toBe(true);
    expect(arabic.headers.vary).toContain('Accept-Language');

    const french = await t.app.inject({ method: 'POST', url: '/api/order', payload: body });
    expect(french.json<Answer>().data?.errors?.map((e) => e.message)).toContain('Le nom complet est requis');
    const count = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('says short stock and a placed order in Arabic, asked by the `lang` field', async () => {
    const id = await insertProduct(t.db.kysely, { name: 'Rare', price: 100, stock: 1 });
    const order = (quantity: number) => ({
      lang: 'ar',
      customer_name: 'أمينة',
      customer_phone: '0555123456',
      customer_postal_code: '16000',
      type: 'regular',
      coupon_code: '',
      customer_address: `${wilaya.name} | حي النصر`,
      subtotal: 100 * quantity,
      shipping_fee: wilaya.price,
      items: [{ product_id: id, quantity }],
    });
    const short = await t.app.inject({ method: 'POST', url: '/api/order', payload: order(2) });
    expect(short.statusCode).toBe(409);
    expect(short.json<Answer>().message).toBe('الكمية المتوفرة غير كافية لبعض المنتجات');
    const placed = await t.app.inject({ method: 'POST', url: '/api/order', payload: order(1) });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<Answer>().message).toBe('تم إنشاء الطلب بنجاح');
  });

  it('checks a promo code in Arabic, each of its states', async () => {
    await insertCoupon(t.db.kysely, { code: 'OLD', expiry_date: isoDateFromToday(-2) });
    await insertCoupon(t.db.kysely, { code: 'OFF', is_active: false });
    await insertCoupon(t.db.kysely, { code: 'USED', max_uses: 1, current_uses: 1 });
    await insertCoupon(t.db.kysely, { code: 'GOOD' });
    const check = async (code: string) =>
      (await t.app.inject({ url: `/api/coupon/validate/${code}`, headers: ARABIC })).json<Answer>().message;
    expect(await check('NOPE')).toBe('رمز التخفيض غير صالح');
    expect(await check('OLD')).toBe('رمز التخفيض منتهي الصلاحية');
    expect(await check('OFF')).toBe('رمز التخفيض غير مفعّل');
    expect(await check('USED')).toBe('تم استنفاد رمز التخفيض');
    expect(await check('GOOD')).toBe('رمز التخفيض صالح');
    expect((await t.app.inject({ url: '/api/coupon/validate/OLD' })).json<Answer>().message).toBe('Code promo expiré');
  });

  it('thanks for a review, and refuses one, in Arabic', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/BrandRating/create',
      headers: ARABIC,
      payload: { customer_name: '', customer_phone: '0555123456', rating: 9, review: '' },
    });
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<Answer>().data?.errors?.map((e) => e.message) ?? [];
    expect(errors).toEqual(expect.arrayContaining(['الاسم مطلوب', 'يجب أن يكون التقييم بين 1 و5']));
    const thanked = await t.app.inject({
      method: 'POST',
      url: '/api/BrandRating/create',
      headers: ARABIC,
      payload: { customer_name: 'ياسمين', customer_phone: '0555123456', rating: 5, review: 'خدمة ممتازة' },
    });
    expect(thanked.statusCode).toBe(201);
    expect(thanked.json<Answer>().message).toMatch(/^شكرًا على رأيك!/);
  });

  it("keeps the owner's calls in English whatever the header says", async () => {
    const admin = await t.adminHeaders();
    const res = await t.app.inject({
      url: '/api/coupon/validate/NOPE',
      headers: { ...admin, ...ARABIC },
    });
    expect(res.json<Answer>().message).toBe('Unknown coupon code');
  });
});
