// Serves the built single-page app: its hashed assets pre-compressed (brotli, gzip: written by
// scripts/compress-assets.ts after vite build) with immutable caching, and index.html for every
// page route so the client-side router can take over, with the page's title, description, Open
// Graph tags and canonical link written in for search engines and link previews.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHOP_PAGE_SIZE } from '@shop/domain/constants';
import { pathIn, withoutLanguage } from '@shop/domain/pages';
import { acceptedEncoding, compress } from '../../http/compression.ts';
import { HttpError } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { baseUrl, injectMeta, pageMeta, PRODUCT_PAGE } from '../seo/seo.service.ts';
import { injectFirstScreen, readFirstScreens } from './first-screen.ts';
import {
  HOME_LATEST_PATH,
  HOME_PROMOTIONS_PATH,
  injectHints,
  injectPageData,
  pageHints,
  readRouteChunks,
  SHOP_FIRST_PAGE_PATH,
} from './page-hints.ts';
import {
  getProduct,
  latestProducts,
  listProducts,
  listTypes,
  topPromotions,
  type Product,
} from '../catalog/catalog.service.ts';

/** Any address under /product/, whether or not it names a product id. */
const PRODUCT_ADDRESS = /^\/product\/[^/]+\/?$/i;

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = acceptedEncoding(request);
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  if (!encoding) return reply.send(html);
  return reply.header('Content-Encoding', encoding).send(compress(html, encoding));
}

interface FirstContent {
  /** API answers by path (without /api). */
  answers: Record<string, unknown>;
  images: (string | undefined)[];
}

export async function webRoutes(app: App): Promise<void> {
  /** The product of a product page, or null when there is none (the page answers 404). */
  async function productOf(id: number): Promise<Product | null> {
    try {
      return await getProduct(app.db.kysely, id);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /**
   * What a page needs first, written into its HTML: the API answers it would fetch at once (the
   * product page's product; the unfiltered shop's first page and product types; the home's new
   * arrivals), which the app draws in its first render instead of after a fetch
   * (lib/page-data.ts in apps/web), and the pictures it shows first, preloaded (page-hints.ts).
   * Product images come primary first.
   */
  async function firstContent(url: string, search: string, product: Product | null | undefined): Promise<FirstContent> {
    // Each card's picture, in order (none for a product without one): the page hints preload those
    // of the first screen.
    const cardImages = (products: Product[]) => products.map((p) => p.images[0]?.image_url);
    if (product) {
      return {
        answers: { [`/product/get/${product.id}`]: product },
        images: product.images.slice(0, 1).map((i) => i.image_url),
      };
    }
    if (url === '/') {
      const [latest, promotions] = await Promise.all([latestProducts(app.db.kysely), topPromotions(app.db.kysely)]);
      return {
        answers: { [HOME_LATEST_PATH]: latest, [HOME_PROMOTIONS_PATH]: promotions },
        images: cardImages(latest),
      };
    }
    if (url !== '/Shop' || search) return { answers: {}, images: [] };
    const [first, types] = await Promise.all([
      listProducts(app.db.kysely, { page: 1, limit: SHOP_PAGE_SIZE }),
      listTypes(app.db.kysely),
    ]);
    if (!('data' in first)) return { answers: {}, images: [] };
    return {
      answers: { [SHOP_FIRST_PAGE_PATH]: first, '/ProductType/getAll': types },
      images: cardImages(first.data),
    };
  }

  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // robots.txt is answered by modules/seo (with the sitemap's address); pages by the route below.
    globIgnore: ['robots.txt', 'index.html', '**/*.gz', '**/*.br'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      res.header('Vary', 'Accept-Encoding');
    },
  });
  const html = fs.readFileSync(indexFile, 'utf8');
  const routeChunks = readRouteChunks(root);
  const firstScreens = readFirstScreens(root);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [url = '/', search = ''] = request.url.split('?');
    if (url.startsWith('/api/') || url.startsWith('/public/')) {
      return reply.status(404).send({ status: 404, message: `Not found: GET ${url}`, data: null });
    }
    const file = path.join(root, path.normalize(url));
    if (file.startsWith(root) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    // A hashed file that is not there (an open tab asking for the build before the last deploy):
    // a plain 404, never the page's HTML, which the browser would refuse as a script anyway. The
    // app then reloads once and gets the new files (apps/web lib/chunk-reload.ts).
    if (url.startsWith('/assets/')) {
      return reply.status(404).header('Cache-Control', 'no-store').type('text/plain').send('Not found');
    }
    // The page shown, whatever its language (/ar/Cart shows /Cart in Arabic).
    const page = withoutLanguage(url);
    // /product/{anything}: the product, or null (404) when there is none or the id is not one.
    const productId = PRODUCT_PAGE.exec(page)?.[1];
    const product = PRODUCT_ADDRESS.test(page) ? (productId ? await productOf(Number(productId)) : null) : undefined;
    const meta = pageMeta(app.config, baseUrl(app.config), url, product);
    if (meta.status) reply.status(meta.status);
    const first = await firstContent(page, search, product);
    const hints = pageHints(page, search, routeChunks, first.images, meta.lang);
    const settings = meta.lang !== 'en' ? await app.shopSettings.read() : null;
    const otherLanguage = pathIn(url, meta.lang === 'ar' ? 'fr' : 'ar') + (search ? `?${search}` : '');
    const document = injectFirstScreen(
      injectMeta(html, meta, app.config.shop.name),
      firstScreens,
      meta.lang,
      settings?.shop_name ?? app.config.shop.name,
      otherLanguage,
    );
    // Storefront pages carry the shop's details: its name is in the nav's first paint.
    const answers = settings ? { '/settings': settings, ...first.answers } : first.answers;
    return sendHtml(request, reply, injectPageData(injectHints(document, hints), answers));
  });
}
