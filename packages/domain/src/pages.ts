// The app's page addresses (SPEC §2), in one place: the web router links to them and the server
// answers 404 for any other address (a not-found page that says 200 is indexed as a real page).

export const STOREFRONT_PAGES = {
  home: '/',
  newArrival: '/NewArrival',
  topSelling: '/TopSelling',
  onSale: '/OnSale',
  shop: '/Shop',
  cart: '/Cart',
  customOrder: '/CustomOrder',
  rating: '/Rating',
  /** Following an order with its number and phone. */
  tracking: '/suivi',
} as const;

export const ADMIN_PAGES = {
  login: '/admin/login',
  dashboard: '/admin',
  /** The order desk's queue of orders to confirm by phone. */
  confirm: '/admin/confirm',
  products: '/admin/products',
  orders: '/admin/orders',
  ratings: '/admin/ratings',
  productTypes: '/admin/product-types',
  customOrderTypes: '/admin/custom-order-types',
  coupons: '/admin/coupons',
  shippingPrices: '/admin/shipping-prices',
  settings: '/admin/settings',
  /** The owner's team: users, roles, passwords (under Settings). */
  users: '/admin/settings/users',
  /** What each agent delivers: calls, rates, commissions. */
  team: '/admin/team',
  /** Printable delivery slips of the orders in ?ids=. */
  slips: '/admin/slips',
  /** The cash the couriers owe: reconciliation, statements, stranded parcels. */
  reconciliation: '/admin/reconciliation',
} as const;

/** The storefront's languages: French at the root, Arabic under /ar. */
export type StorefrontLanguage = 'fr' | 'ar';
export const ARABIC_PREFIX = '/ar';

/** The language of a storefront address: Arabic under /ar (any case), French elsewhere. */
export function languageOfPath(pathname: string): StorefrontLanguage {
  return /^\/ar(\/|$)/i.test(pathname) ? 'ar' : 'fr';
}

/** The page an address shows, without its language: "/ar/Cart" → "/Cart", "/ar" → "/". */
export function withoutLanguage(pathname: string): string {
  return languageOfPath(pathname) === 'ar' ? pathname.slice(ARABIC_PREFIX.length) || '/' : pathname;
}

/** The same page in a language: ("/Cart", "ar") → "/ar/Cart"; ("/ar/Cart", "fr") → "/Cart". */
export function pathIn(pathname: string, lang: StorefrontLanguage): string {
  const page = withoutLanguage(pathname);
  if (lang === 'fr') return page;
  return page === '/' ? ARABIC_PREFIX : `${ARABIC_PREFIX}${page}`;
}

/** /Shop/{search} and /product/{id}: one segment after the page. */
const WITH_PARAMETER = [/^\/shop\/[^/]+$/i, /^\/product\/[^/]+$/i];

function normalized(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

const STATIC_PAGES = new Set(
  [...Object.values(STOREFRONT_PAGES), ...Object.values(ADMIN_PAGES)].map((p) => p.toLowerCase()),
);

/**
 * Whether the app has a page at this address; like the router, case and a final "/" do not
 * matter. Every storefront page has its Arabic twin under /ar; the back office has none.
 */
export function isAppPage(pathname: string): boolean {
  const arabic = languageOfPath(pathname) === 'ar';
  const path = normalized(withoutLanguage(pathname));
  if (arabic && isAdminPath(path)) return false;
  return STATIC_PAGES.has(path) || WITH_PARAMETER.some((pattern) => pattern.test(path));
}

/** The back office's addresses (English pages). */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/i.test(pathname);
}
