// Every URL of the app, in one place (SPEC §2): the page list lives in the domain package, where
// the server reads it too (a page it does not know answers 404); here it gains the addresses
// built from a value.
import { ADMIN_PAGES, STOREFRONT_PAGES } from '@shop/domain/pages';

export const paths = {
  ...STOREFRONT_PAGES,
  shopSearch: (search: string) => `/Shop/${encodeURIComponent(search)}`,
  product: (id: number | string) => `/product/${id}`,
  /** The tracking page filled in (and asked at once when the phone is there too). */
  trackOrder: (orderNumber: number, phone?: string) =>
    `/suivi?${new URLSearchParams({ commande: String(orderNumber), ...(phone ? { tel: phone } : {}) }).toString()}`,
  admin: ADMIN_PAGES,
} as const;
