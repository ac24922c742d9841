// An order line built from a product: the order keeps its own copy of what was sold (the name,
// description, type and picture as they were) and the price the customer was told, so that a
// later edit of the product changes no order. A new order and a corrected one build lines alike.
import type { Insertable } from 'kysely';
import { variantFinalPriceCentimes, variantPriceCentimes } from '@shop/domain/variants';
import type { OrderItemTable } from '../../db/database.ts';

/** A line as the order stores it, before it is given its order. */
export type NewLine = Omit<Insertable<OrderItemTable>, 'id' | 'order_id'> & { product_id: number };

/** What a line copies of its product. */
export interface LineProduct {
  id: number;
  name: string;
  description: string;
  type_name: string | null;
  image_url: string | null;
  price_cents: number;
  discount_percentage: number;
}

/** The variant a line takes: its size key, its colour (0 and '' for none), its price difference. */
export interface LineVariantOf {
  size: string;
  color_id?: number;
  color?: string;
  price_diff_cents?: number;
}

/** The price a line keeps from an earlier line of the same variant (a corrected order). */
type KeptPrice = Partial<
  Pick<NewLine, 'price_at_time_cents' | 'product_discount_percentage' | 'unit_final_price_cents'>
>;

/**
 * A line of `quantity` units of `product` in a variant (ADR 036: its colour and size, priced with
 * its difference before the product's discount), priced now unless it keeps an earlier price.
 */
export function orderLineOf(product: LineProduct, variant: LineVariantOf, quantity: number, kept?: KeptPrice): NewLine {
  const diff = variant.price_diff_cents ?? 0;
  return {
    product_id: product.id,
    product_name: product.name,
    product_description: product.description,
    product_type: product.type_name,
    product_image: product.image_url,
    size: variant.size,
    color_id: variant.color_id ?? 0,
    color: variant.color ?? '',
    quantity,
    price_at_time_cents: kept?.price_at_time_cents ?? variantPriceCentimes(product.price_cents, diff),
    product_discount_percentage: kept?.product_discount_percentage ?? product.discount_percentage,
    unit_final_price_cents:
      kept?.unit_final_price_cents ?? variantFinalPriceCentimes(product.price_cents, diff, product.discount_percentage),
  };
}
