// Stored XSS: names and reviews holding HTML are kept and returned verbatim, as JSON text (the
// pages render them with React, which escapes; resilience/xss-csp.test.ts checks the browser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertProductType, multipartBody } from '../../test/fixtures.ts';

const PRODUCT_NAME = '<img src=x onerror=alert(1)>';
const DESCRIPTION = '</script><script>alert("desc")</script>';
const REVIEW = '<script>alert(1)</script>';
const REVIEWER = '"><svg onload=alert(2)>';

let t: TestContext;
let productId: number;
beforeAll(async () => {
  t = await createTestContext();
  const typeId = await insertProductType(t.db.kysely, 'Robes');
  const { payload, headers } = multipartBody([
    { name: 'name', value: PRODUCT_NAME },
    { name: 'description', value: DESCRIPTION },
    { name: 'price', value: '1000' },
    { name: 'type_id', value: String(typeId) },
    { name: 'stock', value: '5' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    payload,
    headers: { ...headers, ...(await t.adminHeaders()) },
  });
  expect(res.statusCode).toBe(201);
  productId = res.json<{ data: { id: number } }>().data.id;
  const review = await t.app.inject({
    method: 'POST',
    url: '/api/BrandRating/create',
    payload: { customer_name: REVIEWER, customer_phone: '0551234567', rating: 5, review: REVIEW },
  });
  expect(review.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('HTML in names and reviews', () => {
  it('comes back unchanged, as application/json, with nosniff', async () => {
    for (const url of [`/api/product/get/${productId}`, '/api/product/getAll', '/api/product/getLatest']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const products = ([] as { id: number; name: string; description: string }[]).concat(
        res.json<{ data: { id: number; name: string; description: string } }>().data,
      );
      const product = products.find((p) => p.id === productId);
      expect(product?.name, url).toBe(PRODUCT_NAME);
      expect(product?.description, url).toBe(DESCRIPTION);
    }
    const reviews = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getRecentRatings' });
    expect(reviews.headers['content-type']).toMatch(/^application\/json/);
    const first = reviews.json<{ data: { customer_name: string; review: string }[] }>().data[0];
    expect(first).toMatchObject({ customer_name: REVIEWER, review: REVIEW });
  });

  it('an unknown path that holds HTML is answered as JSON, never as a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('every answer carries a Content-Security-Policy without inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
