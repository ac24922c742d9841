// Shapes of the admin API answers: the response contracts the server declares (packages/domain,
// docs/api.md), as types only.
export type { Paginated } from '@shop/domain/responses';
export type { Product, ProductColor, ProductImage, ProductType, ProductVariant } from '@shop/domain/catalog-responses';
export type { Order, OrderItem } from '@shop/domain/order-responses';
export type { Coupon } from '@shop/domain/coupon-responses';
export type { ShippingPrice } from '@shop/domain/shipping-responses';
export type { CustomItem } from '@shop/domain/custom-item-responses';
