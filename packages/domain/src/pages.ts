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
  /** Following an order with its number and phone (issue 15). */
  tracking: '/suivi',
} as const;

export const ADMIN_PAGES = {
  login: '/admin/login',
  dashboard: '/admin',
  /** The order desk's queue of orders to confirm by phone (issue 15). */
  confirm: '/admin/confirm',
  products: '/admin/products',
  orders: '/admin/orders',
  ratings: '/admin/ratings',
  productTypes: '/admin/product-types',
  customOrderTypes: '/admin/custom-order-types',
  coupons: '/admin/coupons',
  shippingPrices: '/admin/shipping-prices',
  settings: '/admin/settings',
  /** Printable delivery slips of the orders in ?ids= (issue 16). */
  slips: '/admin/slips',
} as const;

/** /Shop/{search} and /product/{id}: one segment after the page. */
const WITH_PARAMETER = [/^\/shop\/[^/]+$/i, /^\/product\/[^/]+$/i];

function normalized(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

const STATIC_PAGES = new Set(
  [...Object.values(STOREFRONT_PAGES), ...Object.values(ADMIN_PAGES)].map((p) => p.toLowerCase()),
);

/** Whether the app has a page at this address; like the router, case and a final "/" do not matter. */
export function isAppPage(pathname: string): boolean {
  const path = normalized(pathname);
  return STATIC_PAGES.has(path) || WITH_PARAMETER.some((pattern) => pattern.test(path));
}

/** The back office's addresses (English pages). */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/i.test(pathname);
}
