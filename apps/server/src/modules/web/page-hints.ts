// Early hints written into a page's index.html so its first data and code load in parallel with
// the app's main script instead of after it: <link rel="preload" as="fetch"> for the page's first
// API calls (the app fetches the very same URLs, same-origin credentials, so the browser reuses
// the preloaded answers) and <link rel="modulepreload"> for the lazy chunk of the shop and product
// pages (found in the built entry script; nothing is added when the build looks different).
import fs from 'node:fs';
import path from 'node:path';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN, SHOP_PAGE_SIZE } from '@shop/domain/constants';

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

/**
 * The product page's main picture as the gallery asks for it (800 px copy, 500 px at 1x): preloaded
 * with the same srcset, so the browser picks the same file and reuses it.
 */
function productImageHint(image: string | undefined): string[] {
  const name = image ? /\/public\/uploads\/([\w-]+\.webp)$/.exec(image)?.[1] : undefined;
  if (!name) return [];
  const url = (width: number) => `/public/uploads/w/${width}/${name}`;
  return [
    `<link rel="preload" as="image" fetchpriority="high" href="${url(800)}" imagesrcset="${url(500)} 1x, ${url(800)} 2x" />`,
  ];
}

/** The preload tags for a page path (without its query string); empty when there are none. */
export function pageHints(pathname: string, search: string, chunks: RouteChunks, image?: string): string[] {
  const fetches: string[] = [];
  const images: string[] = [];
  let chunk: string | undefined;
  if (pathname === '/') {
    fetches.push('/api/product/getLatest', '/api/product/getTopPromotions');
  } else if (pathname === '/Shop') {
    // The shop's first list, as the app asks for it without filters in the address.
    if (!search) {
      fetches.push(
        `/api/product/getAll?page=1&limit=${SHOP_PAGE_SIZE}&min=${PRICE_SLIDER_MIN}&max=${PRICE_SLIDER_MAX}`,
      );
    }
    fetches.push('/api/ProductType/getAll');
    chunk = 'shop';
  } else {
    const product = /^\/product\/(\d{1,9})$/.exec(pathname);
    if (product?.[1]) {
      fetches.push(`/api/product/get/${product[1]}`);
      images.push(...productImageHint(image));
      chunk = 'product';
    }
  }
  return [
    ...images,
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
