// Early hints written into a page's index.html so its first data and code load in parallel with
// the app's main script instead of after it: <link rel="preload" as="fetch"> for the page's first
// API calls (the app fetches the very same URLs, same-origin credentials, so the browser reuses
// the preloaded answers) and <link rel="modulepreload"> for the lazy chunk of the shop and product
// pages (read from Vite's build manifest; nothing is added without one). A
// page's most needed answer (the product page's product) is written into it instead (injectPageData).
import fs from 'node:fs';
import path from 'node:path';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN, SHOP_PAGE_SIZE } from '@shop/domain/constants';
import { doubleWidth, resizedImageSrcSet, resizedImageUrl, type DisplayWidth } from '@shop/domain/images';
import { PRODUCT_PAGE } from '../seo/seo.service.ts';

/** The JS files (paths from the site's root) a lazy route chunk needs, by route name. */
export type RouteChunks = Map<string, string[]>;

/** The routes whose code is preloaded with their page, by their module in apps/web. */
const ROUTE_MODULES = {
  shop: 'src/storefront/routes/shop.tsx',
  product: 'src/storefront/routes/product.tsx',
} as const;

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

/** The shop's first list as the app asks for it when the address has no filters (API path). */
export const SHOP_FIRST_PAGE_PATH = `/product/getAll?page=1&limit=${SHOP_PAGE_SIZE}&min=${PRICE_SLIDER_MIN}&max=${PRICE_SLIDER_MAX}`;

/** Cards above the fold on a phone (two columns): their pictures are preloaded with the page. */
export const SHOP_PRELOADED_CARDS = 2;

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
 * The preload tags for a page path (without its query string); empty when there are none.
 * `images` are the page's first pictures: the product's main one, or the shop's first cards'.
 */
export function pageHints(pathname: string, search: string, chunks: RouteChunks, images: string[] = []): string[] {
  const fetches: string[] = [];
  const preloads: string[] = [];
  let chunk: string | undefined;
  if (pathname === '/') {
    fetches.push('/api/product/getLatest', '/api/product/getTopPromotions');
  } else if (pathname === '/Shop') {
    // Unfiltered, its first list and the types are written into the page (injectPageData).
    if (search) fetches.push('/api/ProductType/getAll');
    else for (const image of images.slice(0, SHOP_PRELOADED_CARDS)) preloads.push(...imageHint(image, 250));
    chunk = 'shop';
  } else {
    const product = PRODUCT_PAGE.exec(pathname);
    if (product?.[1]) {
      // The product itself is written into the page (injectPageData).
      preloads.push(...imageHint(images[0], 500));
      chunk = 'product';
    }
  }
  return [
    ...preloads,
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replace(/&/g, '&amp;')}" />`),
    ...(chunk ? (chunks.get(chunk) ?? []) : []).map(
      (file) => `<link rel="modulepreload" crossorigin href="${file}" />`,
    ),
  ];
}

/** Writes the tags at the start of <head>'s scripts, so they are requested first. */
export function injectHints(html: string, tags: string[]): string {
  if (tags.length === 0) return html;
  const block = `${tags.join('\n    ')}\n    `;
  const at = html.indexOf('<script');
  return at >= 0 ? `${html.slice(0, at)}${block}${html.slice(at)}` : html.replace('</head>', `    ${block}</head>`);
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
