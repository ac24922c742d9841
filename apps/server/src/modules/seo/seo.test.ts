import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { SITEMAP_PRODUCTS_PER_FILE, escapeHtml, injectMeta } from './seo.service.ts';

const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Vêtements et soins du corps."
    />
    <title>Boutique</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body>
</html>
`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

/**
 * What a client that weighs its encodings gets (undefined: the body as it is). An encoding with
 * q=0 is refused, even when "*" accepts the others; the highest weight wins; brotli on a tie.
 */
const WEIGHED_ENCODINGS: [string, string | undefined][] = [
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0, *', 'gzip'],
  ['gzip;q=0.5, br;q=0.9', 'br'],
  ['br;q=0.5, gzip;q=0.9', 'gzip'],
  ['*;q=0', undefined],
  ['identity', undefined],
  ['gzip;q=0, br;q=0', undefined],
];

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

let t: TestContext;
let dist: string;
let productId: number;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /admin\n');
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(SCRIPT));
  t = await createTestContext({ env: { WEB_DIST_DIR: dist, PUBLIC_BASE_URL: 'https://shop.example' } });
  productId = await insertProduct(t.db.kysely, {
    name: 'T-shirt "Casbah" <script>alert(1)</script> & Co',
    description: 'Coton \'bio\' <b>doux</b> & "léger"',
    price: 2500,
    image_url: '/uploads/abc-def.webp',
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('product pages for search engines and link previews', () => {
  it('writes the title, description, Open Graph tags and canonical link, escaped', async () => {
    const res = await t.app.inject({ url: `/product/${productId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>doux</b>');
    expect(html).toContain(
      '<title>T-shirt &quot;Casbah&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co — Boutique DZ</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Coton &#39;bio&#39; &lt;b&gt;doux&lt;/b&gt; &amp; &quot;léger&quot;" />',
    );
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<meta property="og:title" content="T-shirt &quot;Casbah&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co — Boutique DZ" />',
    );
    expect(html).toContain('<meta property="og:image" content="https://shop.example/public/uploads/abc-def.webp" />');
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/product/${productId}" />`);
    // Exactly one description and one title.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('answers 404 with the page for an unknown product, and titles the main pages', async () => {
    const missing = await t.app.inject({ url: '/product/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Produit introuvable — Boutique DZ</title>');
    const shop = await t.app.inject({ url: '/Shop' });
    expect(shop.body).toContain('<title>Boutique — Boutique DZ</title>');
    expect(shop.body).toContain('<link rel="canonical" href="https://shop.example/Shop" />');
    const search = await t.app.inject({ url: `/Shop/${encodeURIComponent('<robe>')}` });
    expect(search.body).toContain('<title>Recherche « &lt;robe&gt; » — Boutique DZ</title>');
  });

  it('preloads the pictures a page shows first, with the srcset the page asks for', async () => {
    const product = await t.app.inject({ url: `/product/${productId}` });
    expect(product.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/public/uploads/w/800/abc-def.webp" imagesrcset="/public/uploads/w/500/abc-def.webp 1x, /public/uploads/w/800/abc-def.webp 2x" />',
    );
    // The unfiltered shop lists newest first: the first two cards' pictures, as 250 px cards.
    await insertProduct(t.db.kysely, { name: 'Second', price: 900, image_url: '/uploads/second-1.webp' });
    await insertProduct(t.db.kysely, { name: 'Newest', price: 800, image_url: '/uploads/newest-2.webp' });
    const shop = await t.app.inject({ url: '/Shop' });
    const preloaded = [...shop.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(preloaded).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/public/uploads/w/250/newest-2.webp" imagesrcset="/public/uploads/w/250/newest-2.webp 1x, /public/uploads/w/500/newest-2.webp 2x" />',
      '<link rel="preload" as="image" fetchpriority="high" href="/public/uploads/w/250/second-1.webp" imagesrcset="/public/uploads/w/250/second-1.webp 1x, /public/uploads/w/500/second-1.webp 2x" />',
    ]);
    // A filtered shop shows other cards: nothing is guessed.
    const filtered = await t.app.inject({ url: '/Shop?type=1' });
    expect(filtered.body).not.toContain('as="image"');
  });

  it("writes the product page's product into it, as the API answers it, escaped", async () => {
    const page = await t.app.inject({ url: `/product/${productId}` });
    const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(block).toBeDefined();
    // The product's name holds "<script>": no "<" may reach the HTML inside the block.
    expect(block).not.toContain('<');
    const [api, settings] = await Promise.all([
      t.app.inject({ url: `/api/product/get/${productId}` }),
      t.app.inject({ url: '/api/settings' }),
    ]);
    expect(JSON.parse(block ?? '')).toEqual({
      '/settings': settings.json<{ data: unknown }>().data,
      [`/product/get/${productId}`]: api.json<{ data: unknown }>().data,
    });
    // Other pages carry only the shop's details (its name is in the nav's first paint).
    for (const url of ['/product/999999', '/Cart']) {
      const other = /id="page-data">([\s\S]*?)<\/script>/.exec((await t.app.inject({ url })).body)?.[1];
      expect(Object.keys(JSON.parse(other ?? '{}') as object)).toEqual(['/settings']);
    }
    // The back office has no use for them.
    expect((await t.app.inject({ url: '/admin' })).body).not.toContain('id="page-data"');
  });

  it("writes the unfiltered shop's first page and the product types into it, as the API answers them", async () => {
    const list = '/product/getAll?page=1&limit=16';
    // Above the slider's 5 000 Da: listed all the same, the shop's untouched slider filters nothing.
    const coat = await insertProduct(t.db.kysely, { name: 'Manteau en laine', price: 7500, sizes: { M: 2 } });
    const page = await t.app.inject({ url: '/Shop' });
    const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    const [products, types, settings] = await Promise.all([
      t.app.inject({ url: `/api${list}` }),
      t.app.inject({ url: '/api/ProductType/getAll' }),
      t.app.inject({ url: '/api/settings' }),
    ]);
    expect(JSON.parse(block ?? 'null')).toEqual({
      '/settings': settings.json<{ data: unknown }>().data,
      [list]: products.json<{ data: unknown }>().data,
      '/ProductType/getAll': types.json<{ data: unknown }>().data,
    });
    const written = JSON.parse(block ?? 'null') as Record<string, { data: { id: number; final_price: number }[] }>;
    expect(written[list]?.data.find((p) => p.id === coat)?.final_price).toBe(7500);
    await t.db.kysely.deleteFrom('product_sizes').where('product_id', '=', coat).execute();
    await t.db.kysely.deleteFrom('products').where('id', '=', coat).execute();
    // Filtered, the app asks the API itself for the list.
    const filtered = /id="page-data">([\s\S]*?)<\/script>/.exec(
      (await t.app.inject({ url: '/Shop?type=1' })).body,
    )?.[1];
    expect(Object.keys(JSON.parse(filtered ?? '{}') as object)).toEqual(['/settings']);
  });

  it("writes the home's two carousels into it and preloads the first new arrivals' pictures", async () => {
    const page = await t.app.inject({ url: '/' });
    const block = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    const [latest, promotions, settings] = await Promise.all([
      t.app.inject({ url: '/api/product/getLatest' }),
      t.app.inject({ url: '/api/product/getTopPromotions' }),
      t.app.inject({ url: '/api/settings' }),
    ]);
    expect(JSON.parse(block ?? 'null')).toEqual({
      '/settings': settings.json<{ data: unknown }>().data,
      '/product/getLatest': latest.json<{ data: unknown }>().data,
      '/product/getTopPromotions': promotions.json<{ data: unknown }>().data,
    });
    const newest = latest.json<{ data: { images: { image_url: string }[] }[] }>().data;
    const preloaded = [...page.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(preloaded).toHaveLength(2);
    expect(preloaded[0]).toContain(`/public/uploads/w/250${newest[0]!.images[0]!.image_url.replace('/uploads', '')}`);
    // The Arabic home is the same page.
    expect((await t.app.inject({ url: '/ar' })).body).toContain(preloaded[0]!);
    // Nothing left for the app to fetch before it draws.
    expect(page.body).not.toContain('as="fetch"');
  });

  it('compresses pages for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it.each(WEIGHED_ENCODINGS)('weighs Accept-Encoding "%s" for a page: %s', async (accepted, expected) => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': accepted } });
    expect(res.headers['content-encoding']).toBe(expected);
    expect(decoded(res)).toContain('<div id="root">');
  });

  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    const out = injectMeta(INDEX, { title: 'A "B"', url: 'https://x/"y', type: 'website', lang: 'fr' }, 'Shop');
    expect(out).toContain('<link rel="canonical" href="https://x/&quot;y" />');
  });
});

describe('every address gets the status and language it deserves', () => {
  it('answers 404 for an address the app has no page for, 200 for its pages (any case)', async () => {
    for (const url of ['/nope', '/wp-login.php', '/Shop/a/b', '/product/abc', '/Cart/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      const title = url.startsWith('/product/') ? 'Produit introuvable' : 'Page introuvable';
      expect(res.body, url).toContain(`<title>${title} — Boutique DZ</title>`);
      // Still the app: it draws its not-found page.
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of [
      '/',
      '/Shop',
      '/shop',
      '/Shop/robe',
      '/Cart',
      '/CustomOrder',
      '/Rating',
      '/TopSelling',
      '/suivi',
      '/suivi?commande=12&tel=0661998877',
      `/product/${productId}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('writes the back office in English, its unknown addresses as 404', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/confirm', '/admin/orders', '/admin/settings']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<html lang="en">');
      expect(res.body).toContain('<title>Back office — Boutique DZ</title>');
    }
    const unknown = await t.app.inject({ url: '/admin/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="en">');
    expect((await t.app.inject({ url: '/Shop' })).body).toContain('<html lang="fr">');
  });

  it('titles and describes the tracking page in French, whatever its query', async () => {
    const res = await t.app.inject({ url: '/suivi?commande=12&tel=0661998877' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('<title>Suivi de commande — Boutique DZ</title>');
    expect(res.body).toMatch(/<meta name="description" content="Où en est votre commande \? [^"]+" \/>/);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
    // The canonical address carries no order number nor phone.
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/suivi" />');
    expect(res.body).not.toContain('0661998877');
  });

  it('names the configured shop on every page, the home page first', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.body).toContain('<title>Boutique DZ — Vêtements et soins, livraison en Algérie</title>');
    expect(home.body).toContain('<meta property="og:site_name" content="Boutique DZ" />');
  });

  it('keeps "$&", "$`" and "$\'" in a product\'s name and description as they are', async () => {
    const id = await insertProduct(t.db.kysely, {
      name: "Promo $& $` $' 100$",
      description: "Prix $' et $& et $$ et $1",
      price: 100,
    });
    const res = await t.app.inject({ url: `/product/${id}` });
    expect(res.body).toContain('<title>Promo $&amp; $` $&#39; 100$ — Boutique DZ</title>');
    expect(res.body).toContain('<meta name="description" content="Prix $&#39; et $&amp; et $$ et $1" />');
    // The document is whole: one head, one title, the app's root.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('the Arabic storefront under /ar', () => {
  it('answers every storefront page under /ar in Arabic, right to left, and 404 elsewhere', async () => {
    for (const url of [
      '/ar',
      '/ar/',
      '/ar/Shop',
      '/ar/Shop/robe',
      '/ar/Cart',
      '/ar/CustomOrder',
      '/ar/Rating',
      '/ar/suivi',
      `/ar/product/${productId}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<html lang="ar" dir="rtl">');
      // The shop's details are in the page, as on the French pages.
      expect(res.body, url).toContain('id="page-data"');
    }
    for (const url of ['/ar/nope', '/ar/admin', '/ar/product/abc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<html lang="ar" dir="rtl">');
    }
    expect((await t.app.inject({ url: '/ar/nope' })).body).toContain('<title>الصفحة غير موجودة — Boutique DZ</title>');
  });

  it('titles and describes the Arabic pages in Arabic', async () => {
    const home = await t.app.inject({ url: '/ar' });
    expect(home.body).toContain('<title>Boutique DZ — ملابس ومنتجات عناية، توصيل في كل الجزائر</title>');
    expect(home.body).toMatch(/<meta name="description" content="ملابس ومنتجات للعناية بالجسم[^"]*" \/>/);
    expect(home.body).toContain('<meta property="og:locale" content="ar_DZ" />');
    const cart = await t.app.inject({ url: '/ar/Cart' });
    expect(cart.body).toContain('<title>سلة التسوق — Boutique DZ</title>');
    const tracking = await t.app.inject({ url: '/ar/suivi' });
    expect(tracking.body).toContain('<title>تتبع الطلب — Boutique DZ</title>');
    expect(tracking.body).toMatch(/<meta name="description" content="أين وصل طلبك؟[^"]*" \/>/);
  });

  it("shows a product's Arabic name and description on its Arabic page, the French ones when there are none", async () => {
    const id = await insertProduct(t.db.kysely, { name: 'Robe kabyle', description: 'Robe brodée', price: 9000 });
    const before = await t.app.inject({ url: `/ar/product/${id}` });
    expect(before.body).toContain('<title>Robe kabyle — Boutique DZ</title>');
    await t.db.kysely
      .updateTable('products')
      .set({ name_ar: 'جبة قبائلية', description_ar: 'جبة مطرزة باليد' })
      .where('id', '=', id)
      .execute();
    const after = await t.app.inject({ url: `/ar/product/${id}` });
    expect(after.body).toContain('<title>جبة قبائلية — Boutique DZ</title>');
    expect(after.body).toContain('<meta name="description" content="جبة مطرزة باليد" />');
    const french = await t.app.inject({ url: `/product/${id}` });
    expect(french.body).toContain('<title>Robe kabyle — Boutique DZ</title>');
  });

  it('links each page to its twin in the other language (hreflang), both ways', async () => {
    for (const url of ['/Cart', '/ar/Cart']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<link rel="alternate" hreflang="fr" href="https://shop.example/Cart" />');
      expect(res.body, url).toContain('<link rel="alternate" hreflang="ar" href="https://shop.example/ar/Cart" />');
      expect(res.body, url).toContain('<link rel="alternate" hreflang="x-default" href="https://shop.example/Cart" />');
    }
    const home = await t.app.inject({ url: '/' });
    expect(home.body).toContain('<link rel="alternate" hreflang="ar" href="https://shop.example/ar" />');
    expect((await t.app.inject({ url: '/ar' })).body).toContain(
      '<link rel="canonical" href="https://shop.example/ar" />',
    );
    // Neither the back office nor a missing page has a twin.
    expect((await t.app.inject({ url: '/admin' })).body).not.toContain('hreflang');
    expect((await t.app.inject({ url: '/nope' })).body).not.toContain('hreflang');
  });

  it('lists both languages in the sitemap, each page naming the other', async () => {
    const pages = (await t.app.inject({ url: '/sitemaps/pages-ar.xml' })).body;
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(pages).toContain('<loc>https://shop.example/ar</loc>');
    expect(pages).toContain('<loc>https://shop.example/ar/Shop</loc>');
    expect(pages).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://shop.example/ar/suivi"/>');
    expect(pages).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://shop.example/suivi"/>');
    expect(pages).not.toContain('<loc>https://shop.example/Shop</loc>');
    const products = (await t.app.inject({ url: '/sitemaps/products-ar-1.xml' })).body;
    expect(products).toContain(`<loc>https://shop.example/ar/product/${productId}</loc>`);
    expect(products).toContain(`hreflang="fr" href="https://shop.example/product/${productId}"/>`);
    // As many pages in each language.
    const fr = (await t.app.inject({ url: '/sitemaps/pages-fr.xml' })).body;
    expect(fr.match(/<loc>/g)!.length).toBe(pages.match(/<loc>/g)!.length);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the main pages and every product page at the public address, through an index', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain('<loc>https://shop.example/sitemaps/pages-fr.xml</loc>');
    expect(res.body).toContain('<loc>https://shop.example/sitemaps/products-fr-1.xml</loc>');
    expect(res.body).toContain('<loc>https://shop.example/sitemaps/pages-ar.xml</loc>');
    const pages = await t.app.inject({ url: '/sitemaps/pages-fr.xml' });
    expect(pages.headers['content-type']).toContain('application/xml');
    expect(pages.body).toContain('<loc>https://shop.example/</loc>');
    expect(pages.body).toContain('<loc>https://shop.example/Shop</loc>');
    expect(pages.body).toContain('<loc>https://shop.example/suivi</loc>');
    const products = (await t.app.inject({ url: '/sitemaps/products-fr-1.xml' })).body;
    expect(products).toContain(`<loc>https://shop.example/product/${productId}</loc>`);
    for (const wrong of ['products-fr-0.xml', 'products-de-1.xml', 'pages.xml', '..%2Fsecret.xml']) {
      expect((await t.app.inject({ url: `/sitemaps/${wrong}` })).statusCode, wrong).toBe(404);
    }
  });

  it('shows a new product in the sitemap once it is created through the API', async () => {
    const admin = await t.adminHeaders();
    await t.app.inject({ url: '/sitemaps/products-fr-1.xml' });
    const other = await insertProduct(t.db.kysely, { name: 'Other' });
    // A catalogue write through the API (here: a discount) tells the cache.
    await t.app.inject({
      method: 'PUT',
      url: `/api/product/updateDiscount/${other}`,
      headers: admin,
      payload: { discount_percentage: 10 },
    });
    expect((await t.app.inject({ url: '/sitemaps/products-fr-1.xml' })).body).toContain(`/product/${other}</loc>`);
  });

  it("keeps the web app's robots rules and points at the sitemap", async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

describe('static assets', () => {
  it('serves the pre-compressed copy of a hashed asset with immutable caching', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it.each(WEIGHED_ENCODINGS)('weighs Accept-Encoding "%s" for a hashed asset: %s', async (accepted, expected) => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': accepted } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('answers a hashed file that is gone (an open tab after a deploy) with a plain 404, not a page', async () => {
    const res = await t.app.inject({ url: '/assets/shop-OLDHASH.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves card-sized copies of uploaded images, and only at the allowed widths', async () => {
    fs.mkdirSync(t.config.uploadsDir, { recursive: true });
    await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#336699' } })
      .webp()
      .toFile(path.join(t.config.uploadsDir, 'abc-def.webp'));
    const res = await t.app.inject({ url: '/public/uploads/w/500/abc-def.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(500);
    // Kept on disk for the next request.
    const again = await t.app.inject({ url: '/public/uploads/w/500/abc-def.webp' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await t.app.inject({ url: '/public/uploads/w/501/abc-def.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/public/uploads/w/500/missing.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/public/uploads/w/500/..%2Fsecret.webp' })).statusCode).toBe(404);
  });
});

describe('without PUBLIC_BASE_URL', () => {
  it("never writes the request's Host header into a page, the sitemap or robots.txt", async () => {
    const own = await createTestContext({ env: { WEB_DIST_DIR: dist } });
    try {
      const id = await insertProduct(own.db.kysely, { name: 'Robe', price: 100, image_url: '/uploads/robe.webp' });
      const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
      for (const url of [
        '/',
        `/product/${id}`,
        '/Shop',
        '/sitemap.xml',
        '/sitemaps/pages-fr.xml',
        '/sitemaps/products-ar-1.xml',
        '/robots.txt',
      ]) {
        const res = await own.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('evil.example');
      }
      // The links stay relative to wherever the page was served from.
      const page = await own.app.inject({ url: `/product/${id}`, headers });
      expect(page.body).toContain(`<link rel="canonical" href="/product/${id}" />`);
      // robots.txt names the sitemap only by an absolute address, which it does not have here.
      const robots = (await own.app.inject({ url: '/robots.txt', headers })).body;
      expect(robots).toContain('Disallow: /admin');
      expect(robots).not.toMatch(/sitemap:/i);
    } finally {
      await own.close();
    }
  });
});

describe('a large catalogue in the sitemap', () => {
  it('a file per 10,000 products and language, each kept until the catalogue changes', async () => {
    const own = await createTestContext({ env: { WEB_DIST_DIR: dist, PUBLIC_BASE_URL: 'https://big.example' } });
    try {
      const at = new Date().toISOString();
      const rows = Array.from({ length: SITEMAP_PRODUCTS_PER_FILE + 5 }, (_, i) => ({
        name: `Produit ${i}`,
        description: '',
        search_text: `produit ${i}`,
        price_cents: 100_000,
        discount_percentage: 0,
        final_price_cents: 100_000,
        stock: 1,
        has_sizes: 0,
        type_id: null,
        rating_sum: 0,
        rating_count: 0,
        created_at: at,
        updated_at: at,
      }));
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const made = await own.db.kysely
          .insertInto('products')
          .values(rows.slice(i, i + 500))
          .returning('id')
          .execute();
        ids.push(...made.map((r) => r.id));
      }
      const index = (await own.app.inject({ url: '/sitemap.xml' })).body;
      expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
        'https://big.example/sitemaps/pages-fr.xml',
        'https://big.example/sitemaps/products-fr-1.xml',
        'https://big.example/sitemaps/products-fr-2.xml',
        'https://big.example/sitemaps/pages-ar.xml',
        'https://big.example/sitemaps/products-ar-1.xml',
        'https://big.example/sitemaps/products-ar-2.xml',
      ]);
      const locs = async (file: string) =>
        [...(await own.app.inject({ url: `/sitemaps/${file}` })).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
          (m) => m[1],
        );
      const first = await locs('products-ar-1.xml');
      expect(first).toHaveLength(SITEMAP_PRODUCTS_PER_FILE);
      expect(first[0]).toBe(`https://big.example/ar/product/${ids[0]}`);
      const second = await locs('products-fr-2.xml');
      expect(second).toEqual(ids.slice(SITEMAP_PRODUCTS_PER_FILE).map((id) => `https://big.example/product/${id}`));
      expect((await own.app.inject({ url: '/sitemaps/products-fr-3.xml' })).statusCode).toBe(404);

      // Kept: a product written behind the cache's back is not seen until the catalogue changes.
      const [late] = await own.db.kysely
        .insertInto('products')
        .values({ ...rows[0]!, name: 'Tardif' })
        .returning('id')
        .execute();
      expect(await locs('products-fr-2.xml')).toEqual(second);
      const admin = await own.adminHeaders();
      await own.app.inject({
        method: 'PUT',
        url: `/api/product/updateDiscount/${late!.id}`,
        headers: admin,
        payload: { discount_percentage: 10 },
      });
      expect((await locs('products-fr-2.xml')).at(-1)).toBe(`https://big.example/product/${late!.id}`);
    } finally {
      await own.close();
    }
  }, 120_000);
});
