// Early hints written into a page's index.html so its first data and code load in parallel with
// the app's main script instead of after it: <link rel="preload" as="fetch"> for the page's first
// API calls (the app fetches the very same URLs, same-origin credentials, so the browser reuses
// the preloaded answers) and <link rel="modulepreload"> for the lazy chunk of the shop and product
// pages (found in the built entry script; nothing is added when the build looks different). A
// page's most needed answer (the product page's product) is written into it instead (injectPageData).
import fs from 'node:fs';
import path from 'node:path';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN, SHOP_PAGE_SIZE } from '@shop/domain/constants';
import { doubleWidth, resizedImageSrcSet, resizedImageUrl, type DisplayWidth } from '@shop/domain/images';
import { PRODUCT_PAGE } from '../seo/seo.service.ts';

/** The JS files (paths from the site's root) a lazy route chunk needs, by chunk name. */
export type RouteChunks = Map<string, string[]>;

const ROUTE_CHUNKS = ['shop', 'product'];

/** Reads the route chunks and their dependencies from the built entry script named in index.html. */
export function readRouteChunks(distDir: string, html: string): RouteChunks {
  const chunks: RouteChunks = new Map();
  const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) return chunks;
  let code: string;
  try {
    code = fs.readFileSync(path.join(distDir, entry), 'utf8');
  } catch {
    return chunks;
  }
  const already = new Set([...html.matchAll(/href="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  already.add(entry);
  const list = /m\.f=\[([^\]]*)\]/.exec(code)?.[1];
  const files = list ? [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '') : [];
  for (const name of ROUTE_CHUNKS) {
    const call = new RegExp(
      `import\\(\`\\./(${name}-[\\w-]+\\.js)\`\\)(?:,__vite__mapDeps\\(\\[([\\d,]*)\\]\\))?`,
    ).exec(code);
    if (!call?.[1]) continue;
    const deps = (call[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((i) => files[Number(i)] ?? '');
    const needed = [`assets/${call[1]}`, ...deps].filter((f) => f.endsWith('.js') && !already.has(f));
    chunks.set(
      name,
      [...new Set(needed)].map((f) => `/${f}`),
    );
  }
  return chunks;
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
