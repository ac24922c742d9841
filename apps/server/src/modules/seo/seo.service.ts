// What search engines and link previews read without running the app: per-page titles, the
// product's description, Open Graph tags and canonical link written into index.html, the sitemap
// of every product page and robots.txt pointing at it.
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import {
  isAdminPath,
  isAppPage,
  languageOfPath,
  pathIn,
  withoutLanguage,
  type StorefrontLanguage,
} from '@shop/domain/pages';
import { storefrontTitle, type ProductTitle, type TitleWords } from '@shop/domain/page-titles';
import type { Product } from '../catalog/catalog.service.ts';
import frCatalogue from '../../../../web/src/storefront/i18n/locales/fr.json' with { type: 'json' };
import arCatalogue from '../../../../web/src/storefront/i18n/locales/ar.json' with { type: 'json' };
import { countProducts, findProductDates } from '../catalog/catalog.service.ts';

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
  /** The storefront is French or Arabic (under /ar), the back office English (`<html lang>`). */
  lang: StorefrontLanguage | 'en';
  /** The same page in each storefront language (hreflang alternates); none for the back office or a 404. */
  alternates?: Record<StorefrontLanguage, string>;
}

/** What the storefront says of itself where a page has no description of its own, per language. */
export const SHOP_DESCRIPTIONS: Record<StorefrontLanguage, string> = {
  fr: 'Vêtements et soins du corps livrés partout en Algérie, paiement à la livraison, et commandes personnalisées.',
  ar: 'ملابس ومنتجات للعناية بالجسم تُوصَل إلى كل أنحاء الجزائر، مع الدفع عند الاستلام وطلبات مخصصة.',
};

/**
 * The words of the storefront's page titles, per language: the `title.*` texts of its message
 * catalogues, the ones the app sets the tab's title with (apps/web storefront/i18n/locales).
 */
const TITLE_WORDS: Record<StorefrontLanguage, TitleWords> = {
  fr: catalogueWords(frCatalogue),
  ar: catalogueWords(arCatalogue),
};

function catalogueWords(catalogue: Record<string, string>): TitleWords {
  return (key, values) => {
    const text = catalogue[key];
    if (text === undefined) throw new Error(`the storefront catalogue has no ${key}`);
    return text.replace(/\{term\}/g, () => values?.term ?? '');
  };
}

interface MainPage {
  path: string;
  description?: Record<StorefrontLanguage, string>;
}

/** The pages of the storefront listed in the sitemap, with their descriptions where they have their own. */
export const MAIN_PAGES: MainPage[] = [
  { path: '/' },
  { path: '/Shop' },
  { path: '/NewArrival' },
  { path: '/TopSelling' },
  { path: '/OnSale' },
  { path: '/CustomOrder' },
  { path: '/Rating' },
  {
    path: '/suivi',
    description: {
      fr: 'Où en est votre commande ? Entrez son numéro et votre téléphone : reçue, confirmée, expédiée, livrée, avec le numéro de suivi du transporteur.',
      ar: 'أين وصل طلبك؟ أدخل رقمه ورقم هاتفك: تم الاستلام، تم التأكيد، تم الشحن، تم التوصيل، مع رقم تتبع شركة التوصيل.',
    },
  },
];
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
  const lang = languageOfPath(pathname);
  const page = withoutLanguage(pathname);
  const title = (of: string | ProductTitle) => storefrontTitle(TITLE_WORDS[lang], shop, of);
  const notFound = { url, type: 'website', status: 404, lang, description: SHOP_DESCRIPTIONS[lang] } as const;
  if (product === null) return { ...notFound, title: title({ product: null }) };
  if (!isAppPage(pathname)) return { ...notFound, title: title(pathname) };
  // The page in French and in Arabic (canonical: the page itself; x-default: French).
  const alternates = { fr: `${base}${pathIn(page, 'fr')}`, ar: `${base}${pathIn(page, 'ar')}` };
  if (product) {
    // Images come primary first. The Arabic page shows the Arabic name and description when there are.
    const image = product.images[0]?.image_url;
    const name = (lang === 'ar' && product.name_ar) || product.name;
    const description = (lang === 'ar' && product.description_ar) || product.description;
    return {
      title: title({ product: name }),
      description: shorten(description || name),
      url,
      type: 'product',
      price: product.final_price,
      lang,
      alternates,
      ...(image ? { image: `${base}/public${image}` } : {}),
    };
  }
  const wanted = page.length > 1 ? page.replace(/\/+$/, '').toLowerCase() : page;
  const main = MAIN_PAGES.find((p) => p.path.toLowerCase() === wanted);
  return {
    title: title(pathname),
    url,
    type: 'website',
    lang,
    alternates,
    description: main?.description?.[lang] ?? SHOP_DESCRIPTIONS[lang],
  };
}

/**
 * Writes the meta into index.html: language, title and description replaced, Open Graph and
 * canonical added. User text (a product's name) goes in through replacer functions, never as a
 * replacement string, where "$&" or "$'" would splice pieces of the page into it.
 */
export function injectMeta(html: string, meta: PageMeta, siteName: string): string {
  const dir = meta.lang === 'ar' ? ' dir="rtl"' : '';
  let out = html.replace(/<html lang="[^"]*"/, () => `<html lang="${meta.lang}"${dir}`);
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
    ...(meta.lang === 'en'
      ? []
      : [`<meta property="og:locale" content="${meta.lang === 'ar' ? 'ar_DZ' : 'fr_DZ'}" />`]),
    ...(meta.alternates
      ? [
          `<link rel="alternate" hreflang="fr" href="${escapeHtml(meta.alternates.fr)}" />`,
          `<link rel="alternate" hreflang="ar" href="${escapeHtml(meta.alternates.ar)}" />`,
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(meta.alternates.fr)}" />`,
        ]
      : []),
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

/** Product pages one sitemap file lists (the protocol allows 50,000 URLs and 50 MB a file). */
export const SITEMAP_PRODUCTS_PER_FILE = 10_000;

type Language = 'fr' | 'ar';
const LANGUAGES: readonly Language[] = ['fr', 'ar'];

/** A page in one language, naming its twin in the other (hreflang). */
function sitemapEntry(base: string, page: string, language: Language, lastmod?: string): string {
  const fr = escapeHtml(`${base}${pathIn(page, 'fr')}`);
  const ar = escapeHtml(`${base}${pathIn(page, 'ar')}`);
  const links = [
    `<xhtml:link rel="alternate" hreflang="fr" href="${fr}"/>`,
    `<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${fr}"/>`,
  ].join('');
  const modified = lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : '';
  return `  <url><loc>${language === 'fr' ? fr : ar}</loc>${modified}${links}</url>`;
}

const urlSet = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;

/** A file of the sitemap: the main pages of a language, or a part of its product pages. */
export type SitemapFile =
  { kind: 'pages'; language: Language } | { kind: 'products'; language: Language; part: number };

/** The file a name (pages-fr.xml, products-ar-2.xml) is, or undefined. */
export function sitemapFileOf(name: string): SitemapFile | undefined {
  const pages = /^pages-(fr|ar)\.xml$/.exec(name);
  if (pages) return { kind: 'pages', language: pages[1] as Language };
  const products = /^products-(fr|ar)-([1-9]\d{0,5})\.xml$/.exec(name);
  if (products) return { kind: 'products', language: products[1] as Language, part: Number(products[2]) };
  return undefined;
}

const fileName = (file: SitemapFile) =>
  file.kind === 'pages' ? `pages-${file.language}.xml` : `products-${file.language}-${file.part}.xml`;

/**
 * The sitemap index: a file of main pages and a file per 10,000 product pages, in each language,
 * so no file grows with the catalogue past what crawlers read (the whole catalogue in one file was
 * 10 MB at 20,000 products).
 */
export async function sitemapIndexXml(db: Executor, base: string): Promise<string> {
  const parts = Math.ceil((await countProducts(db, {})) / SITEMAP_PRODUCTS_PER_FILE);
  const files: SitemapFile[] = LANGUAGES.flatMap((language) => [
    { kind: 'pages' as const, language },
    ...Array.from({ length: parts }, (_, i) => ({ kind: 'products' as const, language, part: i + 1 })),
  ]);
  const entries = files.map(
    (file) => `  <sitemap><loc>${escapeHtml(`${base}/sitemaps/${fileName(file)}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One file of the sitemap, or undefined past the last part: the main pages of a language, or
 * 10,000 product pages in the order of their ids, with each product's last change.
 */
export async function sitemapFileXml(db: Executor, base: string, file: SitemapFile): Promise<string | undefined> {
  if (file.kind === 'pages') return urlSet(MAIN_PAGES.map((p) => sitemapEntry(base, p.path, file.language)));
  const products = await findProductDates(db, SITEMAP_PRODUCTS_PER_FILE, (file.part - 1) * SITEMAP_PRODUCTS_PER_FILE);
  if (products.length === 0 && file.part > 1) return undefined;
  return urlSet(products.map((p) => sitemapEntry(base, `/product/${p.id}`, file.language, p.updated_at.slice(0, 10))));
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
