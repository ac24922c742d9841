// Shapes of the admin API answers (docs/api.md).
import type { OrderStatus, OrderType } from '@shop/domain/order-status';
import type { Size } from '@shop/domain/sizes';

export interface Paginated<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; total_pages: number; has_next_page: boolean };
}

export interface ProductImage {
  id: number;
  image_url: string;
  is_primary: number | boolean;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
  final_price: number;
  discount_percentage: number;
  average_rating: number;
  total_ratings: number;
  stock: number;
  has_sizes: boolean;
  type_id: number;
  type_name: string | null;
  created_at: string;
  updated_at: string;
  size_s: number;
  size_m: number;
  size_l: number;
  size_xl: number;
  size_xxl: number;
  sizes: { name: Size; stock: number }[];
  images: ProductImage[];
}

export interface ProductType {
  id: number;
  name: string;
  description: string;
  for_custom: boolean;
}

export interface OrderItem {
  id: number;
  product_id: number | null;
  product_name: string;
  product_description: string;
  quantity: number;
  price_at_time: number;
  unit_price?: number;
  product_type: string | null;
  size: string | null;
  product_discount_percentage: number;
  product_images: { image_url: string }[];
}

export interface Order {
  id: number;
  type: OrderType;
  status: OrderStatus;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_postal_code: string;
  wilaya_name?: string;
  subtotal: number;
  discount_percentage: number;
  discount_amount: number;
  shipping_fee: number;
  final_total: number;
  coupon_code: string | null;
  created_at: string;
  updated_at: string;
  order_items?: OrderItem[];
  clothing_type?: string | null;
  color?: string | null;
  size?: string | null;
  reference_images?: { position?: string; image_url: string }[];
  status_history?: { from_status: OrderStatus | null; to_status: OrderStatus; changed_at: string }[];
}

export interface Coupon {
  id: number;
  code: string;
  discount_percentage: number;
  is_active: boolean;
  max_uses: number | null;
  current_uses: number;
  expiry_date: string;
  created_at: string;
}

export interface ShippingPrice {
  id: number;
  wilaya_code: number | null;
  wilaya_name: string;
  price: number;
}

export interface CustomItem {
  id: number;
  name: string;
  description: string;
  base_price: number;
  available_sizes: string[] | string | null;
  available_colors: string[] | string;
  active: boolean | number;
}
