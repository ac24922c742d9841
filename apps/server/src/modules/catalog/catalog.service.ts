// Catalogue rules: turns rows into the API's product shape (Da, not centimes), keeps a sized
// product's stock equal to the sum of its sizes, and stores uploads so that a failed request
// leaves neither a row nor a file behind.
import { finalPriceCentimes } from '@shop/domain/pricing';
import { toCentimes, toDa } from '@shop/domain/money';
import { SIZES, SIZE_STOCK_FIELDS, type Size } from '@shop/domain/sizes';
import { averageRating } from '@shop/domain/ratings';
import {
  productFieldsSchema,
  productStockEditSchema,
  type ProductFields,
  type ProductListQuery,
  type ProductPhotos,
  type ProductStockEdit,
} from '@shop/domain/catalog-schemas';
import { applyStockEdits, type MovedCell, type StockEdit } from '@shop/domain/stock-edits';
import { RELATED_PRODUCTS_LIMIT, SHOP_PAGE_SIZE } from '@shop/domain/constants';
import type { Product, ProductImage, ProductType, StockLine, StockMoved } from '@shop/domain/catalog-responses';
import type { Database, Executor, ProductRow } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { FileRules, MultipartBody } from '../../http/multipart.ts';
import { badRequest, conflict, notFound, type Bilingual, type Message } from '../../http/errors.ts';
import { paginated } from '../../http/envelope.ts';
import type { ImageStorage } from '../media/image-storage.ts';
import { deleteImageFiles, storeImages, type StoredImage } from '../media/media.service.ts';
import { stockStoreOf } from '../orders/stock/stock-store.ts';
import * as repo from './catalog.repository.ts';
import { changeCatalog, takeWriteLock } from '../../db/catalog-changes.ts';

/** What other modules read of this one (they reach a module through its service, never its repository). */
export { countProducts, findProductDates, findProductRowsByIds, findSizesOf } from './catalog.repository.ts';

export const PRODUCT_NOT_FOUND_FR = 'Produit introuvable';
/** The public product read is the storefront's and the back office's (details, edit). */
const PRODUCT_MISSING: Bilingual = { fr: PRODUCT_NOT_FOUND_FR, en: 'Product not found' };
export const PRODUCT_NOT_FOUND = 'Product not found';
export const IMAGE_NOT_FOUND = 'Image not found';
export const TYPE_NOT_FOUND = 'Product type not found';
export const TYPE_IN_USE = (count: number) =>
  `This type is used by ${count} product${count > 1 ? 's' : ''}: move ${count > 1 ? 'them' : 'it'} to another type first`;
export const TYPE_NAME_TAKEN = (existing: string) => `A product type named "${existing}" already exists`;
export const STOCK_MOVED = (moved: readonly MovedCell[]) =>
  `The stock changed while you were editing: ${moved
    .map((m) => `${m.cell || 'the stock'} is now ${m.current} (you saw ${m.seen})`)
    .join(', ')}. Nothing was saved: check the figures and save again.`;
export const SEEN_SIZE_MISSING = (size: string) =>
  `Send the stock you saw for ${size} (seen_sizes[${size}]) with its new figure`;
export const SEEN_STOCK_MISSING = 'Send the stock you saw (seen_stock) with the new one';
export const SIZES_ON_ONE_STOCK =
  'This product is sold with one stock: send stock, or has_sizes=true to sell it by size';
export const STOCK_ON_SIZED =
  'This product is sold by size: change its sizes, or send has_sizes=false to sell it with one stock';
export const LATEST_PRODUCTS_DEFAULT = 10;
export const TOP_PROMOTIONS_LIMIT = 10;
export const TOP_SELLING_LIMIT = 10;
export const TOP_SELLING_RANKING_TTL_MS = 60_000;

/** The shapes this service turns rows into: the response contract (packages/domain). */
export type { Product, ProductType, StockLine };

/** Rows → API products, with images, sizes and type names loaded in three queries whatever the count. */
export async function toProducts(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const typeIds = [...new Set(rows.map((r) => r.type_id).filter((id): id is number => id !== null))];
  const [images, sizes, types] = await Promise.all([
    repo.findImagesOf(db, ids),
    repo.findSizesOf(db, ids),
    repo.findTypeNames(db, typeIds),
  ]);
  const imagesOf = new Map<number, ProductImage[]>();
  for (const image of images) {
    const { product_id: productId, ...rest } = image;
    const list = imagesOf.get(productId) ?? [];
    list.push(rest);
    imagesOf.set(productId, list);
  }
  const sizesOf = new Map<number, Map<string, number>>();
  for (const s of sizes) {
    const map = sizesOf.get(s.product_id) ?? new Map<string, number>();
    map.set(s.size, s.stock);
    sizesOf.set(s.product_id, map);
  }
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const typeNameAr = new Map(types.map((t) => [t.id, t.name_ar]));

  return rows.map((row) => {
    const sizeMap = row.has_sizes ? (sizesOf.get(row.id) ?? new Map<string, number>()) : new Map<string, number>();
    const sizeList = row.has_sizes ? SIZES.map((name) => ({ name, stock: sizeMap.get(name) ?? 0 })) : [];
    const finalPrice = toDa(row.final_price_cents);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      name_ar: row.name_ar,
      description_ar: row.description_ar,
      price: toDa(row.price_cents),
      final_price: finalPrice,
      discounted_price: finalPrice,
      discount_percentage: Number(row.discount_percentage),
      average_rating: averageRating(row.rating_sum, row.rating_count),
      total_ratings: row.rating_count,
      stock: row.stock,
      has_sizes: row.has_sizes === 1,
      type_id: row.type_id,
      type_name: row.type_id === null ? null : (typeName.get(row.type_id) ?? null),
      type_name_ar: row.type_id === null ? null : (typeNameAr.get(row.type_id) ?? null),
      created_at: row.created_at,
      updated_at: row.updated_at,
      size_s: sizeMap.get('S') ?? 0,
      size_m: sizeMap.get('M') ?? 0,
      size_l: sizeMap.get('L') ?? 0,
      size_xl: sizeMap.get('XL') ?? 0,
      size_xxl: sizeMap.get('XXL') ?? 0,
      sizes: sizeList,
      images: imagesOf.get(row.id) ?? [],
    };
  });
}

function filtersOf(query: ProductListQuery): repo.ProductFilters {
  return {
    ...(query.type !== undefined ? { typeId: query.type } : {}),
    ...(query.min !== undefined ? { minCents: toCentimes(query.min) } : {}),
    ...(query.max !== undefined ? { maxCents: toCentimes(query.max) } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

/** Without page: every product (admin list, old clients). With page: one page of the filtered list. */
export async function listProducts(db: Database, query: ProductListQuery) {
  const filters = filtersOf(query);
  const sort = query.sort ?? 'newest';
  if (query.page === undefined) {
    return toProducts(db, await repo.findProductRows(db, filters, { sort }));
  }
  const limit = query.limit ?? SHOP_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    repo.findProductRows(db, filters, { sort, limit, offset: (query.page - 1) * limit }),
    repo.countProducts(db, filters),
  ]);
  return paginated(await toProducts(db, rows), query.page, limit, total);
}

export async function getProduct(db: Executor, id: number, message: Message = PRODUCT_MISSING): Promise<Product> {
  const row = await repo.findProductRow(db, id);
  if (!row) throw notFound(message);
  const [product] = await toProducts(db, [row]);
  if (!product) throw notFound(message);
  return product;
}

export async function latestProducts(db: Database, limit = LATEST_PRODUCTS_DEFAULT) {
  return toProducts(db, await repo.findProductRows(db, {}, { sort: 'newest', limit }));
}

export async function topPromotions(db: Database) {
  return toProducts(
    db,
    await repo.findProductRows(db, { discountedOnly: true }, { sort: 'discount', limit: TOP_PROMOTIONS_LIMIT }),
  );
}

/** Best sellers: the products ranked by units delivered, in that order (ranking from `rankedIds`). */
export async function topSelling(db: Database, rankedIds: readonly number[]) {
  const rows = await repo.findProductRowsByIds(db, rankedIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toProducts(
    db,
    rankedIds.flatMap((id) => byId.get(id) ?? []),
  );
}

/**
 * The best-seller ranking, computed at most once per `ttlMs`: it sums every delivered order line,
 * changes slowly, and the catalogue cache is emptied by every new order (the products themselves,
 * prices and stock, are still read fresh through it).
 */
export function topSellingRanking(ttlMs = TOP_SELLING_RANKING_TTL_MS) {
  let ranking: { ids: number[]; at: number } | null = null;
  let pending: Promise<number[]> | null = null;
  return async (db: Database): Promise<number[]> => {
    if (ranking && Date.now() - ranking.at < ttlMs) return ranking.ids;
    pending ??= repo
      .findTopSellingIds(db, TOP_SELLING_LIMIT)
      .then((ids) => {
        ranking = { ids, at: Date.now() };
        return ids;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

export async function relatedProducts(db: Database, id: number) {
  const product = await repo.findProductRow(db, id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND_FR);
  // Same type first, then the others, each newest first: two index reads instead of sorting the
  // whole catalogue by "same type".
  if (product.type_id === null) {
    return toProducts(
      db,
      await repo.findProductRows(db, { excludeId: id }, { sort: 'newest', limit: RELATED_PRODUCTS_LIMIT }),
    );
  }
  const sameType = await repo.findProductRows(
    db,
    { excludeId: id, typeId: product.type_id },
    { sort: 'newest', limit: RELATED_PRODUCTS_LIMIT },
  );
  const others =
    sameType.length < RELATED_PRODUCTS_LIMIT
      ? await repo.findProductRows(
          db,
          { excludeId: id, notTypeId: product.type_id },
          { sort: 'newest', limit: RELATED_PRODUCTS_LIMIT - sameType.length },
        )
      : [];
  return toProducts(db, [...sameType, ...others]);
}

export async function availableSizes(db: Database, id: number) {
  return (await getProduct(db, id)).sizes;
}

// ---- Admin: product writes ----

/** The file fields of a product form: images[] (or images, images[0]…), at most 12 pictures. */
const IMAGE_FIELD = /^images(\[\d*\])?$/;
export const PRODUCT_FILES: FileRules = { accepts: (field) => IMAGE_FIELD.test(field), maxFiles: 12 };
const SIZE_FIELD_NAMES: Record<string, Size> = Object.fromEntries(
  SIZES.flatMap((size) => [
    [SIZE_STOCK_FIELDS[size], size],
    [`sizes[${size}]`, size],
    [`sizes[${size.toLowerCase()}]`, size],
  ]),
);

/** The figures the owner saw, beside the new ones (productStockEditSchema), in either spelling. */
const SEEN_SIZE_FIELD_NAMES: Record<string, Size> = Object.fromEntries(
  Object.entries(SIZE_FIELD_NAMES).map(([name, size]) => [`seen_${name}`, size]),
);
const TEXT_FIELDS = ['name', 'description', 'name_ar', 'description_ar'];
const OTHER_FIELDS = ['price', 'type_id', 'discount_percentage', 'stock', 'seen_stock', 'has_sizes'];

/**
 * Multipart text fields → the input of productFieldsSchema and productStockEditSchema; size
 * fields of either spelling go to `sizes`, the seen ones to `seen_sizes`.
 */
export function productInputFromMultipart(fields: Record<string, string>) {
  const sizes: Partial<Record<Size, string>> = {};
  const seenSizes: Partial<Record<Size, string>> = {};
  const input: Record<string, unknown> = {};
  for (const [name, rawValue] of Object.entries(fields)) {
    const value = rawValue.trim();
    const size = SIZE_FIELD_NAMES[name];
    const seenSize = SEEN_SIZE_FIELD_NAMES[name];
    if (size || seenSize) {
      // An empty size box means "not given"; a product with no size given has no sizes.
      if (value !== '') (size ? sizes : seenSizes)[(size ?? seenSize) as Size] = value;
      continue;
    }
    if (TEXT_FIELDS.includes(name) || OTHER_FIELDS.includes(name)) {
      // Empty optional boxes are "not given" rather than 0; empty required ones fail validation.
      if (value === '' && !TEXT_FIELDS.includes(name)) continue;
      input[name] = rawValue;
    }
  }
  input.sizes = sizes;
  input.seen_sizes = seenSizes;
  return input;
}

function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors = issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  return badRequest(errors[0]?.message ?? 'Invalid request', { errors });
}

function parseProductFields(body: MultipartBody) {
  const parsed = productFieldsSchema.safeParse(productInputFromMultipart(body.fields));
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

function parseProductUpdate(body: MultipartBody): ProductFields & ProductStockEdit {
  const input = productInputFromMultipart(body.fields);
  const fields = productFieldsSchema.safeParse(input);
  const stock = productStockEditSchema.safeParse(input);
  const issues = [...(fields.error?.issues ?? []), ...(stock.error?.issues ?? [])];
  if (!fields.success || !stock.success) throw validationError(issues);
  return { ...fields.data, ...stock.data };
}

async function requireType(db: Executor, typeId: number) {
  if (!(await repo.findType(db, typeId)))
    throw badRequest('Type not found', { errors: [{ field: 'type_id', message: 'Type not found' }] });
}

function sizeRows(sizes: Partial<Record<Size, number>>) {
  return SIZES.map((size) => ({ size, stock: sizes[size] ?? 0 }));
}

// ---- Admin: the owner's stock (DESIGN §7.1) ----

/** What a product update asks of the stock (docs/api.md, "Stock edits"). */
type StockRequest =
  | { kind: 'none' }
  /** The spec's clients: absolute figures, sizes (missing ones 0) or one stock, written as given. */
  | { kind: 'absolute'; sizes: Partial<Record<Size, number>> }
  | { kind: 'absolute'; stock: number }
  /** Changes against the figures the owner saw, and the switch between sizes and one stock. */
  | {
      kind: 'against-seen';
      hasSizes: boolean | undefined;
      stock: number | undefined;
      seenStock: number | undefined;
      sizes: Partial<Record<Size, number>>;
      seenSizes: Partial<Record<Size, number>>;
    };

function stockRequestOf(fields: ProductFields & ProductStockEdit): StockRequest {
  const sizesGiven = Object.keys(fields.sizes).length > 0;
  const againstSeen =
    fields.has_sizes !== undefined || fields.seen_stock !== undefined || Object.keys(fields.seen_sizes).length > 0;
  if (!againstSeen) {
    if (sizesGiven) return { kind: 'absolute', sizes: fields.sizes };
    if (fields.stock !== undefined) return { kind: 'absolute', stock: fields.stock };
    return { kind: 'none' };
  }
  return {
    kind: 'against-seen',
    hasSizes: fields.has_sizes,
    stock: fields.stock,
    seenStock: fields.seen_stock,
    sizes: fields.sizes,
    seenSizes: fields.seen_sizes,
  };
}

/** The stock rows of a product as read (and locked) in the owner's transaction. */
interface HeldProductStock {
  hasSizes: boolean;
  stock: number;
  /** Size → units; a sized product's missing row holds 0. */
  sizes: Map<string, number>;
}

type StockPlan =
  | { kind: 'moved'; moved: MovedCell[] }
  | { kind: 'write'; hasSizes: boolean; stock: number; sizes: { size: Size; stock: number }[]; dropSizes: boolean };

function refused(field: string, message: string) {
  return badRequest(message, { errors: [{ field, message }] });
}

/** The one stock of a product sold without sizes, as a cell of applyStockEdits. */
const OWN_STOCK = '';

function sumOf(sizes: ReadonlyMap<string, number>): number {
  return SIZES.reduce((sum, size) => sum + (sizes.get(size) ?? 0), 0);
}

/**
 * What the owner's request does to the stock held: null when it changes nothing. A sized
 * product's stock is always the sum of its sizes: switching to one stock sums them (or sets the
 * figure the owner typed, against the total they saw); switching to sizes distributes units
 * against the one stock the owner saw.
 */
function planOwnerStock(held: HeldProductStock, request: Exclude<StockRequest, { kind: 'none' }>): StockPlan | null {
  if (request.kind === 'absolute') {
    if ('stock' in request) return { kind: 'write', hasSizes: false, stock: request.stock, sizes: [], dropSizes: true };
    const rows = sizeRows(request.sizes);
    return {
      kind: 'write',
      hasSizes: true,
      stock: rows.reduce((n, r) => n + r.stock, 0),
      sizes: rows,
      dropSizes: false,
    };
  }
  const sizesGiven = Object.keys(request.sizes).length > 0;
  const toSizes = request.hasSizes ?? held.hasSizes;
  const total = held.hasSizes ? sumOf(held.sizes) : held.stock;
  const ownStockEdit = (): StockEdit[] => {
    if (request.stock === undefined) return [];
    if (request.seenStock === undefined) throw refused('seen_stock', SEEN_STOCK_MISSING);
    return [{ cell: OWN_STOCK, seen: request.seenStock, stock: request.stock }];
  };
  if (!toSizes) {
    if (sizesGiven) throw refused('sizes', SIZES_ON_ONE_STOCK);
    const outcome = applyStockEdits(new Map([[OWN_STOCK, total]]), ownStockEdit());
    if (outcome.kind === 'moved') return outcome;
    const stock = outcome.writes[0]?.stock ?? total;
    if (!held.hasSizes && outcome.writes.length === 0) return null;
    return { kind: 'write', hasSizes: false, stock, sizes: [], dropSizes: held.hasSizes };
  }
  if (request.stock !== undefined) throw refused('stock', STOCK_ON_SIZED);
  if (!held.hasSizes) {
    // From one stock to sizes: the units are distributed against the stock the owner saw.
    if (request.seenStock === undefined) throw refused('seen_stock', SEEN_STOCK_MISSING);
    const outcome = applyStockEdits(new Map([[OWN_STOCK, held.stock]]), [
      { cell: OWN_STOCK, seen: request.seenStock, stock: request.seenStock },
    ]);
    if (outcome.kind === 'moved') return outcome;
    const rows = sizeRows(request.sizes);
    return {
      kind: 'write',
      hasSizes: true,
      stock: rows.reduce((n, r) => n + r.stock, 0),
      sizes: rows,
      dropSizes: false,
    };
  }
  const edits = SIZES.flatMap((size): StockEdit[] => {
    const stock = request.sizes[size];
    if (stock === undefined) return [];
    const seen = request.seenSizes[size];
    if (seen === undefined) throw refused(`seen_sizes.${size}`, SEEN_SIZE_MISSING(size));
    return [{ cell: size, seen, stock }];
  });
  const outcome = applyStockEdits(held.sizes, edits);
  if (outcome.kind === 'moved') return outcome;
  if (outcome.writes.length === 0) return null;
  const after = new Map(held.sizes);
  for (const write of outcome.writes) after.set(write.cell, write.stock);
  return {
    kind: 'write',
    hasSizes: true,
    stock: sumOf(after),
    sizes: outcome.writes.map((w) => ({ size: w.cell as Size, stock: w.stock })),
    dropSizes: false,
  };
}

function stockMovedData(held: HeldProductStock, moved: readonly MovedCell[]): StockMoved {
  return {
    moved: moved.map((m) => ({
      size: m.cell === OWN_STOCK ? null : (m.cell as Size),
      seen: m.seen,
      current: m.current,
    })),
    has_sizes: held.hasSizes,
    stock: held.stock,
    sizes: held.hasSizes ? SIZES.map((name) => ({ name, stock: held.sizes.get(name) ?? 0 })) : [],
  };
}

/**
 * The owner's change of a product's stock, in the caller's transaction: the product's stock rows
 * are read and locked in the order every stock writer takes them (orders/stock-store.ts: size
 * rows, then the product), the change applies only where a row still holds what the owner saw
 * (409 with the figures as they are, nothing written, when one moved), and only the rows it
 * changes are written. Answers the product's new stock and has_sizes, or null when it changed
 * nothing. The one place the rule is applied: a grid of variants goes through it too.
 */
export async function writeOwnerStock(
  trx: Executor,
  productId: number,
  request: StockRequest,
): Promise<{ stock: number; has_sizes: number } | null> {
  if (request.kind === 'none') return null;
  const rows = await stockStoreOf(trx).hold(trx, [productId], [], null);
  const product = rows.products[0];
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const held: HeldProductStock = {
    hasSizes: product.has_sizes === 1,
    stock: product.stock,
    sizes: new Map(rows.sizes.map((row) => [row.size, row.stock])),
  };
  const plan = planOwnerStock(held, request);
  if (!plan) return null;
  if (plan.kind === 'moved') throw conflict(STOCK_MOVED(plan.moved), stockMovedData(held, plan.moved));
  if (plan.dropSizes) await repo.deleteSizes(trx, productId);
  else await repo.writeSizes(trx, productId, plan.sizes);
  return { stock: plan.stock, has_sizes: plan.hasSizes ? 1 : 0 };
}

/** Runs a DB write that records stored files; if it fails, the files go too. */
async function withStoredImages<T>(
  storage: ImageStorage,
  body: MultipartBody,
  write: (images: StoredImage[]) => Promise<T>,
): Promise<T> {
  const files = body.files.filter((f) => IMAGE_FIELD.test(f.fieldname)).map((f) => f.path);
  const stored = await storeImages(storage, files);
  try {
    return await write(stored);
  } catch (error) {
    await deleteImageFiles(
      storage,
      stored.map((s) => s.image_url),
    );
    throw error;
  }
}

async function addImages(db: Executor, productId: number, images: StoredImage[], now: string) {
  if (images.length === 0) return;
  const primaryTaken = await repo.hasPrimaryImage(db, productId);
  await repo.insertImages(
    db,
    images.map((image, index) => ({
      product_id: productId,
      image_url: image.image_url,
      width: image.width,
      height: image.height,
      is_primary: !primaryTaken && index === 0 ? 1 : 0,
    })),
    now,
  );
}

export async function createProduct(db: Database, storage: ImageStorage, body: MultipartBody): Promise<Product> {
  const fields = parseProductFields(body);
  await requireType(db, fields.type_id);
  const hasSizes = Object.keys(fields.sizes).length > 0;
  const sizes = sizeRows(fields.sizes);
  const priceCents = toCentimes(fields.price);
  const id = await withStoredImages(storage, body, (images) =>
    changeCatalog(db, async (trx) => {
      const now = new Date().toISOString();
      const productId = await repo.insertProduct(trx, {
        name: fields.name,
        description: fields.description,
        name_ar: fields.name_ar ?? null,
        description_ar: fields.description_ar ?? null,
        price_cents: priceCents,
        discount_percentage: fields.discount_percentage,
        final_price_cents: finalPriceCentimes(priceCents, fields.discount_percentage),
        stock: hasSizes ? sizes.reduce((sum, s) => sum + s.stock, 0) : (fields.stock ?? 0),
        has_sizes: hasSizes ? 1 : 0,
        type_id: fields.type_id,
        rating_sum: 0,
        rating_count: 0,
        created_at: now,
        updated_at: now,
      });
      if (hasSizes) await repo.writeSizes(trx, productId, sizes);
      await addImages(trx, productId, images, now);
      return productId;
    }),
  );
  return getProduct(db, id, PRODUCT_NOT_FOUND);
}

/**
 * Saves an owner's product form in one transaction: the fields it gives, the stock as a change
 * against what the owner saw (writeOwnerStock; left alone when no stock is given), new images.
 */
export async function updateProduct(
  db: Database,
  storage: ImageStorage,
  id: number,
  body: MultipartBody,
): Promise<Product> {
  const fields = parseProductUpdate(body);
  const stockRequest = stockRequestOf(fields);
  const priceCents = toCentimes(fields.price);
  await withStoredImages(storage, body, (images) =>
    changeCatalog(db, async (trx) => {
      // SQLite: the write lock first, so that no other process changes what is read next.
      if (!isPostgres(trx)) await takeWriteLock(trx);
      await requireType(trx, fields.type_id);
      const stock = await writeOwnerStock(trx, id, stockRequest);
      const now = new Date().toISOString();
      const changed = await repo.updateProduct(trx, id, {
        name: fields.name,
        description: fields.description,
        // Absent: kept as it is; empty: removed.
        ...(fields.name_ar === undefined ? {} : { name_ar: fields.name_ar }),
        ...(fields.description_ar === undefined ? {} : { description_ar: fields.description_ar }),
        price_cents: priceCents,
        discount_percentage: fields.discount_percentage,
        final_price_cents: finalPriceCentimes(priceCents, fields.discount_percentage),
        ...(stock ?? {}),
        type_id: fields.type_id,
        updated_at: now,
      });
      if (changed === 0) throw notFound(PRODUCT_NOT_FOUND);
      await addImages(trx, id, images, now);
    }),
  );
  return getProduct(db, id, PRODUCT_NOT_FOUND);
}

/** The discount, with the final price computed from the price as it is in the transaction. */
export async function updateDiscount(db: Database, id: number, discount: number): Promise<Product> {
  await changeCatalog(db, async (trx) => {
    if (!isPostgres(trx)) await takeWriteLock(trx);
    const existing = await repo.lockProductRow(trx, id);
    if (!existing) throw notFound(PRODUCT_NOT_FOUND);
    await repo.updateProduct(trx, id, {
      discount_percentage: discount,
      final_price_cents: finalPriceCentimes(existing.price_cents, discount),
      updated_at: new Date().toISOString(),
    });
  });
  return getProduct(db, id, PRODUCT_NOT_FOUND);
}

export async function setPrimaryImage(db: Database, productId: number, imageId: number): Promise<Product> {
  const image = await repo.findImage(db, imageId);
  if (image?.product_id !== productId) throw notFound(IMAGE_NOT_FOUND);
  await changeCatalog(db, async (trx) => {
    await repo.setPrimaryImage(trx, productId, imageId);
  });
  return getProduct(db, productId, PRODUCT_NOT_FOUND);
}

export const PHOTOS_CHANGED = "This product's photos changed since the form was opened: they are shown as they are now";

/**
 * The product form's photos, saved with the form (they were arranged without touching the
 * product): each kept photo at its new place, the primary one marked, the others deleted with
 * their files. Refused with 409 and the photos as they are when they are not those the form
 * showed (another device added or deleted one meanwhile), so nothing is deleted by mistake.
 */
export async function arrangePhotos(
  db: Database,
  storage: ImageStorage,
  productId: number,
  photos: ProductPhotos,
): Promise<Product> {
  const deleted = await changeCatalog(db, async (trx) => {
    if (!(await repo.lockProduct(trx, productId))) throw notFound(PRODUCT_NOT_FOUND);
    const current = await repo.findImagesOf(trx, [productId]);
    const seen = new Set(photos.seen);
    if (current.length !== seen.size || current.some((image) => !seen.has(image.id))) {
      throw conflict(PHOTOS_CHANGED, { images: (await getProduct(trx, productId, PRODUCT_NOT_FOUND)).images });
    }
    const gone = current.filter((image) => !photos.order.includes(image.id));
    await repo.deleteImages(
      trx,
      productId,
      gone.map((image) => image.id),
    );
    if (photos.primary_image_id !== null) {
      await repo.arrangeImages(trx, productId, photos.order, photos.primary_image_id);
    }
    return gone.map((image) => image.image_url);
  });
  await deleteImageFiles(storage, deleted);
  return getProduct(db, productId, PRODUCT_NOT_FOUND);
}

/**
 * Sizes and images go by cascade; order lines keep their snapshot with product_id set to null
 * (cancelling such an order gives nothing back, reopening it takes nothing for that line).
 */
export async function deleteProduct(db: Database, storage: ImageStorage, id: number): Promise<void> {
  const images = await changeCatalog(db, async (trx) => {
    if (!isPostgres(trx)) await takeWriteLock(trx);
    // Its stock rows are locked first, in the order every stock writer takes them: the cascade
    // alone would lock the size rows after the product, the other way round from an order's,
    // and the two could deadlock on PostgreSQL.
    const held = await stockStoreOf(trx).hold(trx, [id], [], null);
    if (held.products.length === 0) throw notFound(PRODUCT_NOT_FOUND);
    const stored = await repo.findImagesOf(trx, [id]);
    await repo.deleteProduct(trx, id);
    return stored;
  });
  await deleteImageFiles(
    storage,
    images.map((i) => i.image_url),
  );
}

export async function deleteImage(db: Database, storage: ImageStorage, imageId: number): Promise<void> {
  const image = await repo.findImage(db, imageId);
  if (!image) throw notFound(IMAGE_NOT_FOUND);
  await changeCatalog(db, async (trx) => {
    await repo.deleteImage(trx, imageId);
    if (image.is_primary === 1) {
      const next = await repo.findFirstImageId(trx, image.product_id);
      if (next) await repo.setPrimaryImage(trx, image.product_id, next.id);
    }
  });
  await deleteImageFiles(storage, [image.image_url]);
}

// ---- Product types ----

function toType(row: {
  id: number;
  name: string;
  description: string;
  name_ar: string | null;
  description_ar: string | null;
  for_custom: number;
}): ProductType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    name_ar: row.name_ar,
    description_ar: row.description_ar,
    for_custom: row.for_custom === 1,
  };
}

export async function listTypes(db: Database): Promise<ProductType[]> {
  return (await repo.findAllTypes(db)).map(toType);
}

export interface TypeInput {
  name: string;
  description: string;
  /** Absent: kept as it is (null for a new type); null: removed. */
  name_ar?: string | null | undefined;
  description_ar?: string | null | undefined;
  for_custom: boolean;
}

/** Type names are compared as a person reads them: "T-shirts", "t-shirts" and "T-Shírts" are one. */
function typeKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

async function assertNameFree(db: Executor, name: string, exceptId?: number): Promise<void> {
  const taken = (await repo.findAllTypes(db)).find((t) => t.id !== exceptId && typeKey(t.name) === typeKey(name));
  if (taken) throw conflict(TYPE_NAME_TAKEN(taken.name));
}

export async function createType(db: Database, input: TypeInput): Promise<ProductType> {
  await assertNameFree(db, input.name);
  const id = await changeCatalog(db, async (trx) => {
    const newId = await repo.insertType(trx, {
      name: input.name,
      description: input.description,
      name_ar: input.name_ar ?? null,
      description_ar: input.description_ar ?? null,
      for_custom: input.for_custom ? 1 : 0,
      created_at: new Date().toISOString(),
    });
    return newId;
  });
  return toType({
    id,
    ...input,
    name_ar: input.name_ar ?? null,
    description_ar: input.description_ar ?? null,
    for_custom: input.for_custom ? 1 : 0,
  });
}

export async function updateType(db: Database, id: number, input: TypeInput): Promise<ProductType> {
  await assertNameFree(db, input.name, id);
  await changeCatalog(db, async (trx) => {
    const changed = await repo.updateType(trx, id, {
      name: input.name,
      description: input.description,
      ...(input.name_ar === undefined ? {} : { name_ar: input.name_ar }),
      ...(input.description_ar === undefined ? {} : { description_ar: input.description_ar }),
      for_custom: input.for_custom ? 1 : 0,
    });
    if (changed === 0) throw notFound(TYPE_NOT_FOUND);
  });
  const type = (await repo.findAllTypes(db)).find((t) => t.id === id);
  if (!type) throw notFound(TYPE_NOT_FOUND);
  return toType(type);
}

/**
 * A type still given to products is not deleted: its products would drop out of the shop's filter
 * and could not be saved again. The owner moves them to another type first.
 */
export async function deleteType(db: Database, id: number): Promise<void> {
  await changeCatalog(db, async (trx) => {
    const used = await repo.countProductsOfType(trx, id);
    if (used > 0) throw conflict(TYPE_IN_USE(used), { products: used });
    const deleted = await repo.deleteType(trx, id);
    if (deleted === 0) throw notFound(TYPE_NOT_FOUND);
  });
}

// ---- Issue 30 (h30ord): the stock check ----
// The stock check resolves a cart line by the order's own rule, colours included (ADR 036): it
// lives with the order's stock (orders/stock/stock-check.ts); the catalogue's route and the app
// reach it here as before.
export { checkStock, createStockReads, type StockReads } from '../orders/stock/stock-check.ts';
// ---- end of issue 30 (h30ord) ----
