import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Portable column choices: integers for money (centimes) and flags, text for timestamps.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const idColumn = (col: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
  const real = kind === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('product_types')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('for_custom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_percentage', real, (c) => c.notNull().defaultTo(0))
    .addColumn('final_price_cents', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('has_sizes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type_id', 'integer', (c) => c.references('product_types.id').onDelete('set null'))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('products_type_final_price')
    .on('products')
    .columns(['type_id', 'final_price_cents'])
    .execute();
  await db.schema.createIndex('products_final_price').on('products').column('final_price_cents').execute();
  await db.schema.createIndex('products_created_at').on('products').column('created_at').execute();
  await db.schema.createIndex('products_discount').on('products').column('discount_percentage').execute();

  await db.schema
    .createTable('product_sizes')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addPrimaryKeyConstraint('product_sizes_pk', ['product_id', 'size'])
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', id, idColumn)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_images_product').on('product_images').column('product_id').execute();

  await db.schema
    .createTable('shipping_prices')
    .addColumn('id', id, idColumn)
    .addColumn('wilaya_code', 'integer')
    .addColumn('wilaya_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .execute();
  await db.schema
    .createIndex('shipping_prices_name')
    .on('shipping_prices')
    .expression(sql`lower(wilaya_name)`)
    .unique()
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', id, idColumn)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('discount_percentage', real, (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_uses', 'integer')
    .addColumn('current_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expiry_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('coupons_uses_within_max', sql`max_uses is null or current_uses <= max_uses`)
    .execute();

  await db.schema
    .createTable('custom_order_items')
    .addColumn('id', id, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('base_price_cents', 'integer', (c) => c.notNull())
    .addColumn('available_sizes', 'text')
    .addColumn('available_colors', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', id, idColumn)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('customer_address', 'text', (c) => c.notNull())
    .addColumn('customer_postal_code', 'text', (c) => c.notNull())
    .addColumn('wilaya_name', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_percentage', real, (c) => c.notNull().defaultTo(0))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('final_total_cents', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('coupon_code', 'text')
    .addColumn('custom_item_id', 'integer', (c) => c.references('custom_order_items.id').onDelete('set null'))
    .addColumn('clothing_type', 'text')
    .addColumn('color', 'text')
    .addColumn('size', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_phone').on('orders').columns(['customer_phone', 'id']).execute();
  await db.schema.createIndex('orders_type').on('orders').columns(['type', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'final_total_cents']).execute();
  await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', id, idColumn)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_type', 'text')
    .addColumn('product_image', 'text')
    .addColumn('size', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_at_time_cents', 'integer', (c) => c.notNull())
    .addColumn('product_discount_percentage', real, (c) => c.notNull().defaultTo(0))
    .addColumn('unit_final_price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product').on('order_items').column('product_id').execute();

  await db.schema
    .createTable('order_reference_images')
    .addColumn('id', id, idColumn)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_reference_images_order').on('order_reference_images').column('order_id').execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', id, idColumn)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();

  await db.schema
    .createTable('product_ratings')
    .addColumn('id', id, idColumn)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('review', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_ratings_product')
    .on('product_ratings')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('product_ratings_one_per_order_line')
    .on('product_ratings')
    .columns(['order_id', 'product_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('brand_ratings')
    .addColumn('id', id, idColumn)
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('brand_ratings_created_at').on('brand_ratings').column('created_at').execute();

  await db.schema
    .createTable('admins')
    .addColumn('id', id, idColumn)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', id, idColumn)
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', id, idColumn)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key').on('login_attempts').columns(['key', 'attempted_at']).execute();

  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);
}
