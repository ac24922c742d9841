// Every route the server registers is either on the public list below or in the admin scope
// (admin-guard.ts), where it answers 401 without a valid session. A new route registered outside
// the admin scope fails here until someone decides, by adding it to the list, that anyone may call it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { ADMIN_SECURITY } from './admin-guard.ts';

/** Routes anyone may call, as registered (a GET's HEAD goes with it). */
const PUBLIC_ROUTES = [
  // The shop's pages, pictures, robots.txt and sitemap.
  'GET /*',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemaps/:file',
  'GET /public/uploads/:name',
  'GET /public/uploads/w/:width/:name',
  // The API's documentation.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  // Signing in.
  'POST /api/auth/login',
  // The customer's calls (SPEC §7, DESIGN §3).
  'GET /api/settings',
  'GET /api/product/getAll',
  'GET /api/product/get/:id',
  'GET /api/product/getLatest',
  'GET /api/product/getTopPromotions',
  'GET /api/product/getTopSelling',
  'GET /api/product/getRelated/:id',
  'GET /api/product/suggest',
  'GET /api/product/facets',
  'GET /api/product/getAvailableSizes/:id',
  'POST /api/product/checkStock',
  'GET /api/ProductType/getAll',
  'POST /api/order',
  'POST /api/Order',
  // What a customer typed in a checkout, saved before they order (modules/leads).
  'PUT /api/checkout-drafts/:key',
  'GET /api/coupon/validate/:code',
  'GET /api/coupon/validateAndIncrement/:code',
  'GET /api/ShippingPrice/read',
  'GET /api/commune',
  'POST /api/rating/create',
  'POST /api/BrandRating/create',
  'GET /api/BrandRating/getRecentRatings',
  'GET /api/rating/getProductRatings/:id',
  'GET /api/CustomOrderItem/getAll',
  // Following an order: its number and phone together.
  'GET /api/order/track',
  // The courier's status updates: checked against YALIDINE_WEBHOOK_SECRET, not a session.
  'POST /api/courier/webhook/yalidine',
  'GET /api/courier/webhook/yalidine',
  // A courier account's webhook: signed with that account's secret (Ecotrack, ZR Express, Yalidine).
  'POST /api/courier/webhook/account/:id',
  'GET /api/courier/webhook/account/:id',
  // For load balancers: the process answers, and is ready. /metrics exists only with
  // METRICS_TOKEN, and then asks for it.
  'GET /healthz',
  'GET /readyz',
] as const;

interface Registered {
  method: HTTPMethods;
  url: string;
  route: RouteOptions;
}

const registered: Registered[] = [];
let t: TestContext;
let webDir: string;

beforeAll(async () => {
  // A built web app, so that its page routes are in the table too.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestContext({
    env: { WEB_DIST_DIR: webDir },
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url, route });
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The allow-list's key of a route: a HEAD is public when its GET is. */
const keyOf = ({ method, url }: Registered) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
const isPublic = (r: Registered) => (PUBLIC_ROUTES as readonly string[]).includes(keyOf(r));
/** A URL that reaches the route: every parameter filled with 1. */
const reach = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'x');

describe('the route table', () => {
  it('lists at least every admin call of SPEC §7 and every public route of the allow-list', () => {
    const keys = new Set(registered.map(keyOf));
    const missing = PUBLIC_ROUTES.filter((key) => !keys.has(key));
    expect(missing, 'allow-listed routes that no longer exist: remove them').toEqual([]);
    expect(registered.filter((r) => !isPublic(r)).length).toBeGreaterThanOrEqual(30);
  });

  it('holds no route that is neither public by the list nor in the admin scope', async () => {
    const unguarded: string[] = [];
    for (const r of registered.filter((x) => !isPublic(x))) {
      const anonymous = await t.app.inject({ method: r.method, url: reach(r.url) });
      const forged = await t.app.inject({
        method: r.method,
        url: reach(r.url),
        headers: { authorization: 'Bearer not-a-session' },
      });
      if (anonymous.statusCode !== 401 || forged.statusCode !== 401) {
        unguarded.push(`${r.method} ${r.url} → ${anonymous.statusCode} / ${forged.statusCode}`);
      }
    }
    expect(unguarded, 'add these to the admin scope, or to PUBLIC_ROUTES if anyone may call them').toEqual([]);
  });

  it('answers every admin call without a token with 401 in the envelope, and documents it', async () => {
    const admin = registered.filter((r) => !isPublic(r) && r.method !== 'HEAD');
    for (const r of admin) {
      expect(r.url.startsWith('/api/'), r.url).toBe(true);
      const res = await t.app.inject({ method: r.method, url: reach(r.url) });
      expect(res.json(), `${r.method} ${r.url}`).toEqual({
        status: 401,
        message: 'Authentication required',
        data: null,
      });
      expect(r.route.schema?.security, `${r.method} ${r.url}`).toEqual(ADMIN_SECURITY);
      expect(Object.keys(r.route.schema?.response ?? {}), `${r.method} ${r.url}`).toContain('401');
    }
  });

  it('lets anyone reach the public routes, documented without security', async () => {
    for (const r of registered.filter(isPublic)) {
      const res = await t.app.inject({ method: r.method, url: reach(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
      if (r.url.startsWith('/api/') && !r.route.schema?.hide) {
        expect(r.route.schema?.security, `${r.method} ${r.url}`).toEqual([]);
      }
    }
  });

  it('keeps the paths of SPEC §7 written with a trailing slash: /api/coupon/ and /api/ProductType/', async () => {
    const headers = await t.adminHeaders();
    expect((await t.app.inject({ method: 'GET', url: '/api/coupon/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/ProductType/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupon/', headers })).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ProductType/',
      headers,
      payload: { name: 'Robes', description: 'Robes et tuniques', for_custom: false },
    });
    expect(created.statusCode).toBe(201);
  });
});
