// Early hints written into a page's index.html so its first data and code load in parallel with
// the app's main script instead of after it: <link rel="preload" as="fetch"> for the page's first
// API calls (the app fetches the very same URLs, same-origin credentials, so the browser reuses
// the preloaded answers) and <link rel="modulepreload"> for the message catalogue of the page's
// language and the lazy chunk of the shop and product pages (read from Vite's build manifest;
// nothing is added without one). A page's most needed answers (the product page's product, the
// home's new arrivals) are written into it instead (injectPageData).
import fs from 'node:fs';
import path from 'node:path';
import { HOME_FIRST_SCREEN_CARDS, SHOP_PAGE_SIZE, SHOP_PRELOADED_CARDS } from '@shop/domain/constants';
import type { StorefrontLanguage } from '@shop/domain/pages';
import { doubleWidth, resizedImageSrcSet, resizedImageUrl, type DisplayWidth } from '@shop/domain/images';
import { PRODUCT_PAGE } from '../seo/seo.service.ts';

/** The JS files (paths from the site's root) a lazy route chunk needs, by route name. */
export type RouteChunks = Map<string, string[]>;

/**
 * The code preloaded with its page, by its module in apps/web: each lazy page's chunk (apps/web
 * storefront-app.tsx) and each language's message catalogue (build/lingui-catalogs.ts), which the
 * app waits for before its first render.
 */
const ROUTE_MODULES = {
  shop: 'src/storefront/routes/shop.tsx',
  product: 'src/storefront/routes/product.tsx',
  cart: 'src/storefront/routes/cart.tsx',
  'custom-order': 'src/storefront/features/custom-order/custom-order-page.tsx',
  rating: 'src/storefront/features/rating/rating-page.tsx',
  tracking: 'src/storefront/features/tracking/components/tracking-page.tsx',
  'catalog-fr': 'virtual:catalog/fr',
  'catalog-ar': 'virtual:catalog/ar',
} as const;

/** The lazy pages without data of their own in their HTML, by address (as apps/web's router matches them). */
const PLAIN_PAGES: [RegExp, keyof typeof ROUTE_MODULES][] = [
  [/^\/Shop\/[^/]+$/, 'shop'],
  [/^\/Cart$/, 'cart'],
  [/^\/CustomOrder$/, 'custom-order'],
  [/^\/Rating$/, 'rating'],
  [/^\/suivi\/?$/i, 'tracking'],
];

/** An entry of Vite's build manifest (https://vite.dev/guide/backend-integration). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files of a manifest entry and of everything it imports statically, in load order. */
function staticFiles(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const pending = [key];
  while (pending.length > 0) {
    const next = pending.shift()!;
    const chunk = manifest[next];
    if (!chunk || seen.has(next)) continue;
    seen.add(next);
    files.push(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * The code each preloaded route needs beyond what the entry loads already, from the manifest
 * Vite writes beside the build (build.manifest). Empty when there is none.
 */
export function routeChunksOf(manifest: Manifest): RouteChunks {
  const chunks: RouteChunks = new Map();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const already = new Set(entry ? staticFiles(manifest, entry) : []);
  for (const [name, module] of Object.entries(ROUTE_MODULES)) {
    const files = staticFiles(manifest, module).filter((file) => file.endsWith('.js') && !already.has(file));
    if (files.length > 0)
      chunks.set(
        name,
        files.map((file) => `/${file}`),
      );
  }
  return chunks;
}

/** Reads the build's manifest (dist/.vite/manifest.json); a build without one preloads no route. */
export function readRouteChunks(distDir: string): RouteChunks {
  try {
    return routeChunksOf(JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest);
  } catch {
    return new Map();
  }
}

/**
 * The shop's first list as the app asks for it when the address has no filters (API path): no
 * price bounds, the slider's untouched ends filter nothing.
 */
export const SHOP_FIRST_PAGE_PATH = `/product/getAll?page=1&limit=${SHOP_PAGE_SIZE}`;

/** The home's two carousels, as the app asks for them: its HTML carries both. */
export const HOME_LATEST_PATH = '/product/getLatest';
export const HOME_PROMOTIONS_PATH = '/product/getTopPromotions';

/**
 * A picture preloaded as the page will ask for it — the same src and srcset (a 250 px card or the
 * 500 px gallery, each with its double for dense screens) — so the browser reuses the file.
 */
function imageHint(image: string | undefined, width: DisplayWidth): string[] {
  const srcset = image ? resizedImageSrcSet(image, width) : null;
  if (!image || !srcset) return [];
  // The gallery's src is its largest copy; a card's is its 1x copy (apps/web ProductCard, Gallery).
  const src = resizedImageUrl(image, width === 250 ? width : doubleWidth(width)) ?? '';
  return [`<link rel="preload" as="image" fetchpriority="high" href="${src}" imagesrcset="${srcset}" />`];
}

/**
 * The preload tags for a page path (without its language prefix and query string); empty when
 * there are none. `images` are the page's first pictures: the product's main one, or the first
 * cards' of the shop or the home. `lang` is the page's language: its catalogue is preloaded (the
 * back office, English, has none).
 */
export function pageHints(
  pathname: string,
  search: string,
  chunks: RouteChunks,
  images: (string | undefined)[] = [],
  lang: StorefrontLanguage | 'en' = 'fr',
): string[] {
  const fetches: string[] = [];
  const preloads: string[] = [];
  let chunk: string | undefined;
  if (pathname === '/') {
    // Both carousels are written into the page (injectPageData); the first new arrivals' pictures preloaded.
    for (const image of images.slice(0, HOME_FIRST_SCREEN_CARDS)) preloads.push(...imageHint(image, 250));
  } else if (pathname === '/Shop') {
    // Unfiltered, its first list and the types are written into the page (injectPageData).
    if (search) fetches.push('/api/ProductType/getAll');
    else for (const image of images.slice(0, SHOP_PRELOADED_CARDS)) preloads.push(...imageHint(image, 250));
    chunk = 'shop';
  } else if (PRODUCT_PAGE.exec(pathname)) {
    // The product itself is written into the page (injectPageData).
    preloads.push(...imageHint(images[0], 500));
    chunk = 'product';
  } else {
    chunk = PLAIN_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
  }
  // The catalogue first: nothing draws before it.
  const code = [
    ...(lang === 'en' ? [] : (chunks.get(`catalog-${lang}`) ?? [])),
    ...(chunk ? (chunks.get(chunk) ?? []) : []),
  ];
  return [
    ...code.map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`),
    ...preloads,
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replace(/&/g, '&amp;')}" />`),
  ];
}

/**
 * Writes the tags into <head>: the code the first render waits for (modulepreload) before the app's
 * own script, so it is requested with it; pictures and data after the script and the stylesheet,
 * so that on HTTP/1.1's six connections the code goes first.
 */
export function injectHints(html: string, tags: string[]): string {
  const code = tags.filter((tag) => tag.startsWith('<link rel="modulepreload"'));
  const rest = tags.filter((tag) => !code.includes(tag));
  let out = html;
  if (code.length > 0) {
    const block = `${code.join('\n    ')}\n    `;
    const at = out.indexOf('<script');
    out = at >= 0 ? `${out.slice(0, at)}${block}${out.slice(at)}` : out.replace('</head>', () => `    ${block}</head>`);
  }
  if (rest.length > 0) out = out.replace('</head>', () => `    ${rest.join('\n    ')}\n  </head>`);
  return out;
}

/**
 * Writes API answers into the page as JSON the app reads at start (apps/web lib/page-data.ts),
 * keyed by API path. Not a script the browser runs (CSP allows none inline); "<" is escaped so no
 * value can close the element.
 */
export function injectPageData(html: string, data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return html;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return html.replace('</body>', () => `<script type="application/json" id="page-data">${json}</script>\n  </body>`);
}
