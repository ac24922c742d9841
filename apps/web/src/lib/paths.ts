// Every URL of the app, in one place (SPEC §2).
export const paths = {
  home: '/',
  newArrival: '/NewArrival',
  topSelling: '/TopSelling',
  onSale: '/OnSale',
  shop: '/Shop',
  shopSearch: (search: string) => `/Shop/${encodeURIComponent(search)}`,
  product: (id: number | string) => `/product/${id}`,
  cart: '/Cart',
  customOrder: '/CustomOrder',
  rating: '/Rating',
  tracking: '/suivi',
  /** The tracking page filled in (and asked at once when the phone is there too). */
  trackOrder: (orderNumber: number, phone?: string) =>
    `/suivi?${new URLSearchParams({ commande: String(orderNumber), ...(phone ? { tel: phone } : {}) }).toString()}`,
  admin: {
    login: '/admin/login',
    dashboard: '/admin',
    confirm: '/admin/confirm',
    products: '/admin/products',
    orders: '/admin/orders',
    ratings: '/admin/ratings',
    productTypes: '/admin/product-types',
    customOrderTypes: '/admin/custom-order-types',
    coupons: '/admin/coupons',
    shippingPrices: '/admin/shipping-prices',
    settings: '/admin/settings',
    slips: '/admin/slips',
  },
} as const;
