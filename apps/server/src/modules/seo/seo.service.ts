// What search engines and link previews read without running the app: per-page titles, the
// product's description, Open Graph tags and canonical link written into index.html, the sitemap
// of every product page and robots.txt pointing at it.
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { isAdminPath, isAppPage } from '@shop/domain/pages';
import type { Product } from '../catalog/catalog.service.ts';

export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute URL of the page (canonical and og:url). */
  url: string;
  image?: string;
  type: 'website' | 'product';
  price?: number;
  /** 404 for an unknown address or product: the page still renders, search engines drop it. */
  status?: number;
  /** The storefront is French, the back office English (`<html lang>`). */
  lang: 'fr' | 'en';
}

/** The pages of the storefront listed in the sitemap, with their French titles (and descriptions). */
export const MAIN_PAGES: { path: string; title: string; description?: string }[] = [
  { path: '/', title: 'Vêtements et soins, livraison en Algérie' },
  { path: '/Shop', title: 'Boutique' },
  { path: '/NewArrival', title: 'Nouveautés' },
  { path: '/TopSelling', title: 'Meilleures ventes' },
  { path: '/OnSale', title: 'Promotions' },
  { path: '/CustomOrder', title: 'Commande personnalisée' },
  { path: '/Rating', title: 'Avis clients' },
  {
    path: '/suivi',
    title: 'Suivi de commande',
    description:
      'Où en est votre commande ? Entrez son numéro et votre téléphone : reçue, confirmée, expédiée, livrée, avec le numéro de suivi du transporteur.',
  },
];
/** Every storefront page with a title of its own: the sitemap's and the cart. */
const TITLED_PAGES = [...MAIN_PAGES, { path: '/Cart', title: 'Panier' }];
const DESCRIPTION_MAX = 160;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML attribute or element (and for XML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * The shop's address for links written into pages, the sitemap and robots.txt: PUBLIC_BASE_URL,
 * else none (links stay relative). Never the request's Host header, which any client chooses: a
 * cached sitemap or page would hand its links to whoever asked first.
 */
export function baseUrl(config: Config): string {
  return config.publicBaseUrl;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** A product page's address: /product/{id}. */
export const PRODUCT_PAGE = /^\/product\/(\d{1,9})\/?$/i;

/**
 * The meta of a page path. For a product page the caller passes the product it loaded (null when
 * there is none), so the page reads it once. An address the app has no page for is a 404.
 */
export function pageMeta(config: Config, base: string, pathname: string, product?: Product | null): PageMeta {
  const shop = config.shop.name;
  const url = `${base}${pathname === '/' ? '/' : pathname}`;
  if (isAdminPath(pathname)) {
    const known = isAppPage(pathname);
    return {
      title: `${known ? 'Back office' : 'Page not found'} — ${shop}`,
      url,
      type: 'website',
      lang: 'en',
      ...(known ? {} : { status: 404 }),
    };
  }
  if (product === null)
    return { title: `Produit introuvable — ${shop}`, url, type: 'website', status: 404, lang: 'fr' };
  if (product) {
    // Images come primary first.
    const image = product.images[0]?.image_url;
    return {
      title: `${product.name} — ${shop}`,
      description: shorten(product.description || product.name),
      url,
      type: 'product',
      price: product.final_price,
      lang: 'fr',
      ...(image ? { image: `${base}/public${image}` } : {}),
    };
  }
  const search = /^\/Shop\/([^/]+)$/i.exec(pathname);
  if (search?.[1]) {
    let term = search[1];
    try {
      term = decodeURIComponent(term);
    } catch {
      // a malformed escape is shown as it came
    }
    return { title: `Recherche « ${term} » — ${shop}`, url, type: 'website', lang: 'fr' };
  }
  if (!isAppPage(pathname))
    return { title: `Page introuvable — ${shop}`, url, type: 'website', status: 404, lang: 'fr' };
  const wanted = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const page = TITLED_PAGES.find((p) => p.path.toLowerCase() === wanted);
  // The home page leads with the shop's name; the others with their own.
  const title = !page ? shop : page.path === '/' ? `${shop} — ${page.title}` : `${page.title} — ${shop}`;
  return { title, url, type: 'website', lang: 'fr', ...(page?.description ? { description: page.description } : {}) };
}

/**
 * Writes the meta into index.html: language, title and description replaced, Open Graph and
 * canonical added. User text (a product's name) goes in through replacer functions, never as a
 * replacement string, where "$&" or "$'" would splice pieces of the page into it.
 */
export function injectMeta(html: string, meta: PageMeta, siteName: string): string {
  let out = html.replace(/<html lang="[^"]*"/, () => `<html lang="${meta.lang}"`);
  if (meta.title) out = out.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  if (meta.description) {
    const tag = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
    out = /<meta\s+name="description"[\s\S]*?\/?>/.test(out)
      ? out.replace(/<meta\s+name="description"[\s\S]*?\/?>/, () => tag)
      : out.replace('</head>', () => `    ${tag}\n  </head>`);
  }
  const titleMatch = /<title>([\s\S]*?)<\/title>/.exec(out);
  const descriptionMatch = /<meta\s+name="description"\s+content="([^"]*)"/.exec(out);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    // Title and description are already escaped in the document.
    ...(titleMatch?.[1] ? [`<meta property="og:title" content="${titleMatch[1].replace(/"/g, '&quot;')}" />`] : []),
    ...(descriptionMatch?.[1] ? [`<meta property="og:description" content="${descriptionMatch[1]}" />`] : []),
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : []),
    ...(meta.price !== undefined
      ? [
          `<meta property="product:price:amount" content="${meta.price.toFixed(2)}" />`,
          `<meta property="product:price:currency" content="DZD" />`,
        ]
      : []),
  ];
  return out.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** Every main page and product page, with the product's last change. */
export async function sitemapXml(db: Executor, base: string): Promise<string> {
  const products = await db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute();
  const urls = [
    ...MAIN_PAGES.map((p) => `  <url><loc>${escapeHtml(`${base}${p.path}`)}</loc></url>`),
    ...products.map(
      (p) =>
        `  <url><loc>${escapeHtml(`${base}/product/${p.id}`)}</loc><lastmod>${escapeHtml(p.updated_at.slice(0, 10))}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export const DEFAULT_ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /admin\n';

/**
 * The web app's robots.txt (or ours) with the sitemap's absolute address. Without
 * PUBLIC_BASE_URL there is none to give (the sitemaps protocol wants an absolute URL, and a
 * relative one is reported invalid), so the line is left out.
 */
export function robotsTxt(rules: string, base: string): string {
  const kept = rules
    .split('\n')
    .filter((line) => !/^sitemap:/i.test(line.trim()))
    .join('\n')
    .trimEnd();
  return base ? `${kept}\n\nSitemap: ${base}/sitemap.xml\n` : `${kept}\n`;
}
