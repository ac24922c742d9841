// Shapes of the public catalogue calls (docs/api.md).
import type { Size } from '@shop/domain/sizes';

export interface ProductImage {
  id: number;
  image_url: string;
  is_primary: number | boolean;
  width?: number;
  height?: number;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
  final_price: number;
  discounted_price?: number;
  discount_percentage: number;
  average_rating: number;
  total_ratings: number;
  stock: number;
  has_sizes: boolean;
  type_id: number;
  type_name?: string;
  sizes: { name: Size; stock: number }[];
  images: ProductImage[];
}

export interface ProductType {
  id: number;
  name: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  has_next_page: boolean;
}

/** The main image: the primary one, else the first (SPEC §3). */
export function primaryImage(product: Pick<Product, 'images'>): string | undefined {
  const images = product.images ?? [];
  return (images.find((i) => Number(i.is_primary) === 1) ?? images[0])?.image_url;
}
