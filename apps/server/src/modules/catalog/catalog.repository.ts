// Catalogue queries. A list of products is always loaded in a fixed number of queries: the
// products, then their images, sizes and type names with `where … in (ids)` — never one per product.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB, Executor, NewProduct, ProductRow, ProductUpdate } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { containsPattern } from '../../db/like.ts';
import { productSearchText, searchWords } from '@shop/domain/search-text';

export type ProductSort = 'newest' | 'price_asc' | 'price_desc' | 'rating' | 'discount';

export interface ProductFilters {
  typeId?: number;
  minCents?: number;
  maxCents?: number;
  q?: string;
  discountedOnly?: boolean;
  excludeId?: number;
  /** Products of any other type, or of none. */
  notTypeId?: number;
  /**
   * Products with a variant in stock of this colour (its URL key) and/or of one of these sizes:
   * the size's key in each scale it is one of (`letters: M`, `numbers: 40`), as sizeKeyOf reads it.
   */
  variant?: VariantFilter;
}

export interface VariantFilter {
  colorSlug?: string;
  /** Scale → the size's key in it; a scale missing here has no such size. */
  sizeKeys?: readonly { scale: string; key: string }[];
}

/** The condition "this variant row is of the size asked", on product_sizes `ps` of products. */
function sizeCondition(keys: readonly { scale: string; key: string }[]) {
  if (keys.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(
    keys.map((k) => sql`(products.size_scale = ${k.scale} and ps.size = ${k.key})`),
    sql` or `,
  )})`;
}

/** Products having a variant in stock that matches the filter (a correlated `exists`). */
function variantCondition(filter: VariantFilter) {
  const color =
    filter.colorSlug === undefined
      ? sql``
      : sql` and exists (select 1 from product_colors pc where pc.id = ps.color_id and pc.slug = ${filter.colorSlug})`;
  const size = filter.sizeKeys === undefined ? sql`` : sql` and ${sizeCondition(filter.sizeKeys)}`;
  return sql<SqlBool>`products.has_sizes = 1 and exists (select 1 from product_sizes ps
    where ps.product_id = products.id and ps.stock > 0${color}${size})`;
}

function filterWhere(filters: ProductFilters) {
  return (eb: ExpressionBuilder<DB, 'products'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.typeId !== undefined) conditions.push(eb('products.type_id', '=', filters.typeId));
    if (filters.minCents !== undefined) conditions.push(eb('products.final_price_cents', '>=', filters.minCents));
    if (filters.maxCents !== undefined) conditions.push(eb('products.final_price_cents', '<=', filters.maxCents));
    if (filters.discountedOnly) conditions.push(eb('products.discount_percentage', '>', 0));
    if (filters.excludeId !== undefined) conditions.push(eb('products.id', '!=', filters.excludeId));
    if (filters.notTypeId !== undefined) {
      conditions.push(eb.or([eb('products.type_id', '!=', filters.notTypeId), eb('products.type_id', 'is', null)]));
    }
    // Each word of the query inside the product's search key (both lower case, without accents or
    // spaces): "tshirt" finds "T-shirt", "creme argan" "Crème … à l’Argan", an Arabic word the
    // Arabic name. A query of punctuation alone has no word and filters nothing.
    for (const word of filters.q ? searchWords(filters.q) : []) {
      conditions.push(sql<SqlBool>`products.search_text like ${containsPattern(word)} escape '\\'`);
    }
    if (filters.variant && (filters.variant.colorSlug !== undefined || filters.variant.sizeKeys !== undefined)) {
      conditions.push(variantCondition(filters.variant));
    }
    return eb.and(conditions);
  };
}

const averageRating = sql<number>`case when products.rating_count > 0 then products.rating_sum * 1.0 / products.rating_count else 0 end`;

export interface ListOptions {
  sort?: ProductSort;
  limit?: number;
  offset?: number;
}

export async function findProductRows(
  db: Executor,
  filters: ProductFilters,
  options: ListOptions = {},
): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll('products').where(filterWhere(filters));
  switch (options.sort ?? 'newest') {
    case 'price_asc':
      query = query.orderBy('products.final_price_cents', 'asc');
      break;
    case 'price_desc':
      query = query.orderBy('products.final_price_cents', 'desc');
      break;
    case 'rating':
      query = query.orderBy(averageRating, 'desc').orderBy('products.rating_count', 'desc');
      break;
    case 'discount':
      query = query.orderBy('products.discount_percentage', 'desc');
      break;
    case 'newest':
      query = query.orderBy('products.created_at', 'desc');
      break;
  }
  query = query.orderBy('products.id', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (!options.offset) return query.execute();
  // A deep page: its ids first, from an index alone (migration 031), then only its rows.
  const ids = (await query.offset(options.offset).clearSelect().select('products.id').execute()).map((r) => r.id);
  const byId = new Map((await findProductRowsByIds(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function countProducts(db: Executor, filters: ProductFilters): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filterWhere(filters))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProductRow(db: Executor, id: number) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Products ranked by the units sold in delivered (successful) orders, best first: the first rows of
 * the kept counts' index (migration 025), not a sum over every order.
 */
export async function findTopSellingIds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_sales')
    .select('product_id')
    .where('units', '>', 0)
    .orderBy('units', 'desc')
    .orderBy('product_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.product_id);
}

/** Every product's id and names (the suggestions of a search that found nothing). */
export function findProductNames(db: Executor) {
  return db.selectFrom('products').select(['id', 'name', 'name_ar']).orderBy('id').execute();
}

export function findProductRowsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

export function findImagesOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('product_images')
      .select(['id', 'product_id', 'image_url', 'is_primary', 'position', 'width', 'height', 'color_id'])
      .where('product_id', 'in', productIds)
      // The primary first: pages, previews and old clients take the first image as the product's.
      .orderBy('is_primary', 'desc')
      .orderBy('position', 'asc')
      .orderBy('id', 'asc')
      .execute()
  );
}

export function findSizesOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .where('product_id', 'in', productIds)
    .execute();
}

/** Every variant row of these products (colour 0: none), with its SKU and price difference. */
export function findVariantsOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_sizes')
    .select(['product_id', 'color_id', 'size', 'stock', 'sku', 'price_diff_cents'])
    .where('product_id', 'in', productIds)
    .execute();
}

/** The colours of these products, in each product's order. */
export function findColorsOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_colors')
    .select(['id', 'product_id', 'name', 'name_ar', 'slug', 'swatch', 'position'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The filters but the variant's: a facet applies it on the variant rows it counts. */
function withoutVariant(filters: ProductFilters): ProductFilters {
  const { variant: _applied, ...rest } = filters;
  return rest;
}

/**
 * The colours of the products the filters select, each with the number of those products having
 * a variant of it in stock (of the size asked, when one is).
 */
export async function findColorFacets(db: Executor, filters: ProductFilters) {
  const size = filters.variant?.sizeKeys === undefined ? sql`` : sql` and ${sizeCondition(filters.variant.sizeKeys)}`;
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_sizes as ps', 'ps.product_id', 'products.id')
    .innerJoin('product_colors as pc', 'pc.id', 'ps.color_id')
    .where(filterWhere(withoutVariant(filters)))
    .where(sql<SqlBool>`products.has_sizes = 1 and ps.stock > 0${size}`)
    .select([
      sql<string>`pc.slug`.as('slug'),
      sql<string>`min(pc.name)`.as('name'),
      sql<string | null>`min(pc.name_ar)`.as('name_ar'),
      sql<string>`min(pc.swatch)`.as('swatch'),
      sql<number>`count(distinct products.id)`.as('count'),
    ])
    .groupBy(sql`pc.slug`)
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/**
 * The sizes of the products the filters select (scale and key), each with the number of those
 * products having a variant of it in stock (of the colour asked, when one is).
 */
export async function findSizeFacets(db: Executor, filters: ProductFilters) {
  const color =
    filters.variant?.colorSlug === undefined
      ? sql``
      : sql` and exists (select 1 from product_colors pc where pc.id = ps.color_id and pc.slug = ${filters.variant.colorSlug})`;
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_sizes as ps', 'ps.product_id', 'products.id')
    .where(filterWhere(withoutVariant(filters)))
    .where(sql<SqlBool>`products.has_sizes = 1 and ps.stock > 0${color}`)
    .select([
      'products.size_scale as scale',
      sql<string>`ps.size`.as('size'),
      sql<number>`count(distinct products.id)`.as('count'),
    ])
    .groupBy(['products.size_scale', sql`ps.size`])
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export function findTypeNames(db: Executor, typeIds: readonly number[]) {
  if (typeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('product_types').select(['id', 'name', 'name_ar']).where('id', 'in', typeIds).execute();
}

/** Inserts a product with the search key of its names (products.search_text). */
export async function insertProduct(db: Executor, product: Omit<NewProduct, 'search_text'>): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({ ...product, search_text: productSearchText(product.name, product.name_ar) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Updates a product; rows changed (0 when the product is gone). A new name (French or Arabic)
 * writes its search key again, in the same transaction.
 */
export async function updateProduct(db: Executor, id: number, changes: ProductUpdate): Promise<number> {
  const result = await db.updateTable('products').set(changes).where('id', '=', id).executeTakeFirst();
  const changed = Number(result.numUpdatedRows);
  if (changed === 0 || (changes.name === undefined && changes.name_ar === undefined)) return changed;
  const names = await db.selectFrom('products').select(['name', 'name_ar']).where('id', '=', id).executeTakeFirst();
  if (names) {
    await db
      .updateTable('products')
      .set({ search_text: productSearchText(names.name, names.name_ar) })
      .where('id', '=', id)
      .execute();
  }
  return changed;
}

/** A product's row for a change of it; locked until the transaction ends on PostgreSQL. */
export function lockProductRow(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .$if(isPostgres(db), (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Sets these size rows of a product (without a colour), adding the ones it lacks; its other rows stay. */
export async function writeSizes(db: Executor, productId: number, sizes: readonly { size: string; stock: number }[]) {
  if (sizes.length === 0) return;
  await db
    .insertInto('product_sizes')
    .values(sizes.map((s) => ({ product_id: productId, color_id: 0, size: s.size, stock: s.stock })))
    .onConflict((oc) =>
      oc.columns(['product_id', 'color_id', 'size']).doUpdateSet((eb) => ({ stock: eb.ref('excluded.stock') })),
    )
    .execute();
}

export async function deleteSizes(db: Executor, productId: number) {
  await db.deleteFrom('product_sizes').where('product_id', '=', productId).execute();
}

export async function hasPrimaryImage(db: Executor, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('product_images')
    .select('id')
    .where('product_id', '=', productId)
    .where('is_primary', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Images added to a product, placed after its others in the order given. */
export async function insertImages(
  db: Executor,
  images: { product_id: number; image_url: string; is_primary: number; width: number; height: number }[],
  now: string,
): Promise<void> {
  const productId = images[0]?.product_id;
  if (productId === undefined) return;
  const last = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const next = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  await db
    .insertInto('product_images')
    .values(images.map((i, index) => ({ ...i, position: next + index, created_at: now })))
    .execute();
}

/** Puts each image of a product at its place (the order of `ids`) and marks the primary one. */
export async function arrangeImages(db: Executor, productId: number, ids: readonly number[], primaryId: number) {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable('product_images')
      .set({ position, is_primary: id === primaryId ? 1 : 0 })
      .where('product_id', '=', productId)
      .where('id', '=', id)
      .execute();
  }
}

export function deleteImages(db: Executor, productId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve();
  return db.deleteFrom('product_images').where('product_id', '=', productId).where('id', 'in', ids).execute();
}

/** A product's row, locked until the transaction ends on PostgreSQL (changes of it take turns). */
export function lockProduct(db: Executor, id: number) {
  const query = db.selectFrom('products').select('id').where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function findImage(db: Executor, imageId: number) {
  return db.selectFrom('product_images').selectAll().where('id', '=', imageId).executeTakeFirst();
}

export async function setPrimaryImage(db: Executor, productId: number, imageId: number): Promise<void> {
  await db
    .updateTable('product_images')
    .set((eb) => ({ is_primary: eb.case().when('id', '=', imageId).then(1).else(0).end() }))
    .where('product_id', '=', productId)
    .execute();
}

export async function deleteImage(db: Executor, imageId: number): Promise<void> {
  await db.deleteFrom('product_images').where('id', '=', imageId).execute();
}

/** The first remaining image of a product, to become primary when the primary one goes. */
export function findFirstImageId(db: Executor, productId: number) {
  return db
    .selectFrom('product_images')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

// Product types

export function findAllTypes(db: Executor) {
  return db
    .selectFrom('product_types')
    .select(['id', 'name', 'description', 'name_ar', 'description_ar', 'for_custom'])
    .orderBy('id', 'asc')
    .execute();
}

export function findType(db: Executor, id: number) {
  return db
    .selectFrom('product_types')
    .select(['id', 'name', 'description', 'name_ar', 'description_ar', 'for_custom'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertType(
  db: Executor,
  type: {
    name: string;
    description: string;
    name_ar: string | null;
    description_ar: string | null;
    for_custom: number;
    created_at: string;
  },
): Promise<number> {
  const row = await db.insertInto('product_types').values(type).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateType(
  db: Executor,
  id: number,
  changes: {
    name: string;
    description: string;
    name_ar?: string | null;
    description_ar?: string | null;
    for_custom: number;
  },
): Promise<number> {
  const result = await db.updateTable('product_types').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countProductsOfType(db: Executor, typeId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type_id', '=', typeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteType(db: Executor, id: number): Promise<number> {
  const result = await db.deleteFrom('product_types').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A part of the products' ids and last changes, by id (a file of the sitemap). */
export function findProductDates(db: Executor, limit: number, offset: number) {
  return db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').limit(limit).offset(offset).execute();
}

// Colours and variants (ADR 036)

export async function insertColor(
  db: Executor,
  color: { product_id: number; name: string; name_ar: string | null; slug: string; swatch: string; position: number },
): Promise<number> {
  const row = await db.insertInto('product_colors').values(color).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A colour's name, Arabic name, swatch and place; its slug stays (an ad's link keeps working). */
export async function updateColor(
  db: Executor,
  productId: number,
  id: number,
  changes: { name: string; name_ar: string | null; swatch: string; position: number },
): Promise<void> {
  await db
    .updateTable('product_colors')
    .set(changes)
    .where('product_id', '=', productId)
    .where('id', '=', id)
    .execute();
}

/** Deletes colours of a product with their variants; their photos become photos of every colour. */
export async function deleteColors(db: Executor, productId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('product_images')
    .set({ color_id: null })
    .where('product_id', '=', productId)
    .where('color_id', 'in', ids)
    .execute();
  await db.deleteFrom('product_sizes').where('product_id', '=', productId).where('color_id', 'in', ids).execute();
  await db.deleteFrom('product_colors').where('product_id', '=', productId).where('id', 'in', ids).execute();
}

/** Deletes these variant rows of a product. */
export async function deleteVariants(
  db: Executor,
  productId: number,
  rows: readonly { color_id: number; size: string }[],
): Promise<void> {
  for (const row of rows) {
    await db
      .deleteFrom('product_sizes')
      .where('product_id', '=', productId)
      .where('color_id', '=', row.color_id)
      .where('size', '=', row.size)
      .execute();
  }
}

/** Sets these variant rows of a product (stock, SKU, price difference), adding the ones it lacks. */
export async function writeVariants(
  db: Executor,
  productId: number,
  rows: readonly { color_id: number; size: string; stock: number; sku: string | null; price_diff_cents: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('product_sizes')
    .values(rows.map((row) => ({ product_id: productId, ...row })))
    .onConflict((oc) =>
      oc.columns(['product_id', 'color_id', 'size']).doUpdateSet((eb) => ({
        stock: eb.ref('excluded.stock'),
        sku: eb.ref('excluded.sku'),
        price_diff_cents: eb.ref('excluded.price_diff_cents'),
      })),
    )
    .execute();
}

/** Gives photos of a product their colour (null: every colour). */
export async function setImageColors(
  db: Executor,
  productId: number,
  colors: readonly { image_id: number; color_id: number | null }[],
): Promise<void> {
  for (const { image_id: imageId, color_id: colorId } of colors) {
    await db
      .updateTable('product_images')
      .set({ color_id: colorId })
      .where('product_id', '=', productId)
      .where('id', '=', imageId)
      .execute();
  }
}
