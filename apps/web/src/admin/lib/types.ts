// Shapes of the admin API answers: the response contracts the server declares (packages/domain,
// docs/api.md), as types only.
export type { Paginated } from '@shop/domain/responses';
import type { Product as CatalogProduct, ProductImage as CatalogImage } from '@shop/domain/catalog-responses';
import type { OrderItem as DeskOrderItem, Order as DeskOrder } from '@shop/domain/order-responses';
import type { SizeScale } from '@shop/domain/variants';
export type { ProductType } from '@shop/domain/catalog-responses';

// Colours and size scales (issue 30, docs/decisions/036-variants.md): the fields every product
// read gains. Optional here so that an answer without them (a product of an older server, a test's
// product) reads as a product without colours on the letter scale.

/** A colour a product is sold in, in the owner's order. */
export interface ProductColor {
  id: number;
  name: string;
  name_ar: string | null;
  slug: string;
  swatch: string;
  image_ids: number[];
}

/** A variant: a colour (color_id 0 without colours) in a size, with its own stock. */
export interface ProductVariant {
  color_id: number;
  color: string;
  color_ar: string | null;
  slug: string;
  swatch: string;
  size: string;
  size_label: string;
  stock: number;
  sku: string | null;
  /** Da, added to the product's price before its discount. */
  price_diff: number;
  final_price: number;
}

export type ProductImage = CatalogImage & {
  /** The colour the photo shows; null: every colour. */
  color_id?: number | null;
};

export type Product = Omit<CatalogProduct, 'images'> & {
  images: ProductImage[];
  size_scale?: SizeScale;
  size_list?: string[];
  colors?: ProductColor[];
  variants?: ProductVariant[];
};

/** An order line, with the variant's colour (its French name when ordered, '' or absent without). */
export type OrderItem = DeskOrderItem & { color?: string | null; color_id?: number | null };
export type Order = Omit<DeskOrder, 'order_items'> & { order_items: OrderItem[] };
export type { Coupon } from '@shop/domain/coupon-responses';
export type { ShippingPrice } from '@shop/domain/shipping-responses';
export type { CustomItem } from '@shop/domain/custom-item-responses';
