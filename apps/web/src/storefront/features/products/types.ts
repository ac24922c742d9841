// Shapes of the public catalogue calls: the response contracts the server declares
// (packages/domain, docs/api.md), as types only.
import type { Product } from '@shop/domain/catalog-responses';

export type { Product, ProductImage, ProductType } from '@shop/domain/catalog-responses';
export type { Pagination } from '@shop/domain/responses';

/** The main image: the primary one, else the first (SPEC §3). */
export function primaryImage(product: Pick<Product, 'images'>): string | undefined {
  const images = product.images ?? [];
  return (images.find((i) => Number(i.is_primary) === 1) ?? images[0])?.image_url;
}
