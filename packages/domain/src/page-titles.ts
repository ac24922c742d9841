// The storefront pages' titles (the browser tab, search results, link previews), one rule for the
// server, which writes them into each page's HTML (modules/seo), and for the app, which sets them
// as the visitor moves from page to page or switches language in place. Their words are the
// storefront catalogues' `title.*` texts (apps/web storefront/i18n/locales), in the page's language.
import { isAppPage, withoutLanguage } from './pages.ts';

/** The storefront pages with a title of their own, by address (any case, without a final "/"). */
const TITLE_KEYS = {
  '/': 'title.home',
  '/shop': 'title.shop',
  '/newarrival': 'title.newArrival',
  '/topselling': 'title.topSelling',
  '/onsale': 'title.onSale',
  '/customorder': 'title.customOrder',
  '/rating': 'title.rating',
  '/suivi': 'title.tracking',
  '/cart': 'title.cart',
} as const;

export type PageTitleKey =
  (typeof TITLE_KEYS)[keyof typeof TITLE_KEYS] | 'title.search' | 'title.productNotFound' | 'title.pageNotFound';

/** A title word in the page's language; `term` fills the search title's {term}. */
export type TitleWords = (key: PageTitleKey, values?: { term: string }) => string;

/** A product page: the product's name in the page's language, or null when there is no such product. */
export interface ProductTitle {
  product: string | null;
}

/**
 * The title of a storefront page: its address (French or under /ar) or, for a product page, its
 * product. The home leads with the shop's name, every other page with its own.
 */
export function storefrontTitle(words: TitleWords, shop: string, page: string | ProductTitle): string {
  if (typeof page !== 'string') {
    return `${page.product ?? words('title.productNotFound')} — ${shop}`;
  }
  if (!isAppPage(page)) return `${words('title.pageNotFound')} — ${shop}`;
  const path = withoutLanguage(page);
  const search = /^\/Shop\/([^/]+)$/i.exec(path);
  if (search?.[1]) {
    let term = search[1];
    try {
      term = decodeURIComponent(term);
    } catch {
      // a malformed escape is shown as it came
    }
    return `${words('title.search', { term })} — ${shop}`;
  }
  const wanted = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  const key = (TITLE_KEYS as Record<string, PageTitleKey>)[wanted];
  if (!key) return shop;
  return wanted === '/' ? `${shop} — ${words(key)}` : `${words(key)} — ${shop}`;
}
