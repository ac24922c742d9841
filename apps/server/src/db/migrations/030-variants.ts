import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Colours and the merchant's own size scales (docs/decisions/036-variants.md):
// - product_colors: the colours a product is sold in (French and Arabic name, the swatch, the key
//   of the storefront's URL `?couleur=`), in the owner's order.
// - product_images.color_id: the colour a photo shows; null for a photo of every colour.
// - products.size_scale: letters (S-XXL, what every product had), numbers, ages or one size;
//   products.size_list: the sizes of the scale in the owner's order (JSON list of size keys), null
//   for letters.
// - product_sizes becomes the table of variants: a row is a colour (color_id, 0 for a product
//   without colours) and a size, with its stock, an optional SKU and a price difference. Its key
//   gains color_id; every existing row is the same size without a colour, so nothing changes
//   meaning. SQLite cannot change a table's primary key: the table is copied into a new one.
// - order_items.color_id / color: the variant's colour an order line took (0 and '' without one),
//   the name kept as it was when ordered, like the product's name.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const key = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('product_colors')
    .addColumn('id', sql.raw(id), key)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('swatch', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('product_colors_slug', ['product_id', 'slug'])
    .execute();

  await db.schema
    .alterTable('product_images')
    .addColumn('color_id', 'integer', (c) => c.references('product_colors.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('size_scale', 'text', (c) => c.notNull().defaultTo('letters'))
    .execute();
  await db.schema.alterTable('products').addColumn('size_list', 'text').execute();

  if (kind === 'postgres') {
    await db.schema
      .alterTable('product_sizes')
      .addColumn('color_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('product_sizes').addColumn('sku', 'text').execute();
    await db.schema
      .alterTable('product_sizes')
      .addColumn('price_diff_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`alter table product_sizes drop constraint product_sizes_pk`.execute(db);
    await sql`alter table product_sizes add constraint product_sizes_pk primary key (product_id, color_id, size)`.execute(
      db,
    );
  } else {
    await db.schema
      .createTable('product_variants_new')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('color_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('stock', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`stock >= 0`),
      )
      .addColumn('sku', 'text')
      .addColumn('price_diff_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('product_sizes_pk', ['product_id', 'color_id', 'size'])
      .execute();
    await sql`insert into product_variants_new (product_id, color_id, size, stock)
      select product_id, 0, size, stock from product_sizes`.execute(db);
    await db.schema.dropTable('product_sizes').execute();
    await sql`alter table product_variants_new rename to product_sizes`.execute(db);
  }

  await db.schema
    .alterTable('order_items')
    .addColumn('color_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
