// Catalogue rules: turns rows into the API's product shape (Da, not centimes), keeps a sized
// product's stock equal to the sum of its sizes, and stores uploads so that a failed request
// leaves neither a row nor a file behind.
import { finalPriceCentimes } from '@shop/domain/pricing';
import { toCentimes, toDa } from '@shop/domain/money';
import { SIZES, SIZE_STOCK_FIELDS, type Size } from '@shop/domain/sizes';
import { SIZE_SCALES, isSizeScale, sizeKeyOf, sizeLabel, type SizeScale } from '@shop/domain/variants';
import { averageRating } from '@shop/domain/ratings';
import {
  productFieldsSchema,
  productStockEditSchema,
  type ProductFacetsQuery,
  type ProductFields,
  type ProductListQuery,
  type ProductPhotos,
  type ProductStockEdit,
} from '@shop/domain/catalog-schemas';
import { applyStockEdits, type MovedCell, type StockEdit } from '@shop/domain/stock-edits';
import { RELATED_PRODUCTS_LIMIT, SHOP_PAGE_SIZE } from '@shop/domain/constants';
import type { Product, ProductFacets, ProductType, StockLine, StockMoved } from '@shop/domain/catalog-responses';
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
import {
  movedVariants,
  planVariants,
  scaleOf,
  variantRead,
  variantsFormOf,
  writeVariantsPlan,
  PHOTO_COLOR_NOT_OF_PRODUCT,
  type VariantsForm,
} from './product-variants.ts';

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

/**
 * Rows → API products, with images, colours, variants and type names loaded in four queries
 * whatever the count.
 */
export async function toProducts(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const typeIds = [...new Set(rows.map((r) => r.type_id).filter((id): id is number => id !== null))];
  const [images, variantRows, colorRows, types] = await Promise.all([
    repo.findImagesOf(db, ids),
    repo.findVariantsOf(db, ids),
    repo.findColorsOf(db, ids),
    repo.findTypeNames(db, typeIds),
  ]);
  const imagesOf = groupBy(
    images.map(({ product_id: productId, ...rest }) => ({ productId, image: rest })),
    (i) => i.productId,
  );
  const variantsOf = groupBy(variantRows, (v) => v.product_id);
  const colorsOf = groupBy(colorRows, (c) => c.product_id);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const typeNameAr = new Map(types.map((t) => [t.id, t.name_ar]));

  return rows.map((row) => {
    const productImages = (imagesOf.get(row.id) ?? []).map((i) => i.image);
    const variants = variantRead(row, colorsOf.get(row.id) ?? [], variantsOf.get(row.id) ?? [], productImages);
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
      size_s: variants.size_s,
      size_m: variants.size_m,
      size_l: variants.size_l,
      size_xl: variants.size_xl,
      size_xxl: variants.size_xxl,
      sizes: variants.sizes,
      images: productImages,
      size_scale: variants.size_scale,
      size_list: variants.size_list,
      colors: variants.colors,
      variants: variants.variants,
    };
  });
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A size filter's key in each scale it is a size of ("M": letters; "40": numbers; "2 ans": ages). */
export function sizeKeysOf(size: string): { scale: SizeScale; key: string }[] {
  return SIZE_SCALES.flatMap((scale) => {
    const key = sizeKeyOf(scale, size);
    return key ? [{ scale, key }] : [];
  });
}

function filtersOf(query: ProductFacetsQuery): repo.ProductFilters {
  const color = query.color ? query.color.toLowerCase() : undefined;
  const size = query.size ? sizeKeysOf(query.size) : undefined;
  return {
    ...(query.type !== undefined ? { typeId: query.type } : {}),
    ...(query.min !== undefined ? { minCents: toCentimes(query.min) } : {}),
    ...(query.max !== undefined ? { maxCents: toCentimes(query.max) } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(color !== undefined || size !== undefined
      ? { variant: { ...(color !== undefined ? { colorSlug: color } : {}), ...(size ? { sizeKeys: size } : {}) } }
      : {}),
  };
}

/** Whether a list's answer depends on stock (its colour and size filters keep variants in stock). */
export function filtersByStock(query: ProductFacetsQuery): boolean {
  return Boolean(query.color || query.size);
}

const SCALE_ORDER: Record<SizeScale, number> = { letters: 0, numbers: 1, ages: 2, one: 3 };

/** Where a size stands among the facets: letters S…XXL, numbers ascending, ages (months first), one size. */
function sizeRank(scale: SizeScale, size: string): number {
  if (scale === 'letters') return SIZES.indexOf(size as Size);
  if (scale === 'numbers') return Number(size);
  if (scale === 'ages') {
    const age = /^(\d+)([am])$/.exec(size);
    return age ? Number(age[1]) * (age[2] === 'a' ? 12 : 1) : 0;
  }
  return 0;
}

/**
 * The shop's facets: the colours and sizes of the products the other filters select, each with
 * the number of them having a variant of it in stock (colours counted within the size asked,
 * sizes within the colour asked).
 */
export async function productFacets(db: Database, query: ProductFacetsQuery): Promise<ProductFacets> {
  const filters = filtersOf(query);
  const [colors, sizes] = await Promise.all([repo.findColorFacets(db, filters), repo.findSizeFacets(db, filters)]);
  const bySize = new Map<string, { scale: SizeScale; size: string; count: number }>();
  for (const row of sizes) {
    const scale = isSizeScale(row.scale) ? row.scale : 'letters';
    const known = bySize.get(row.size);
    if (known) known.count += row.count;
    else bySize.set(row.size, { scale, size: row.size, count: row.count });
  }
  return {
    colors: colors
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr'))
      .map((c) => ({ slug: c.slug, name: c.name, name_ar: c.name_ar, swatch: c.swatch, count: c.count })),
    sizes: [...bySize.values()]
      .sort(
        (a, b) =>
          SCALE_ORDER[a.scale] - SCALE_ORDER[b.scale] ||
          sizeRank(a.scale, a.size) - sizeRank(b.scale, b.size) ||
          a.size.localeCompare(b.size),
      )
      .map((s) => ({
        size: s.size,
        label: sizeLabel(s.scale, s.size, 'fr'),
        label_ar: sizeLabel(s.scale, s.size, 'ar'),
        count: s.count,
      })),
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
  /** Size → units of the rows without a colour; a sized product's missing row holds 0. */
  sizes: Map<string, number>;
  /** The sum of every variant row. */
  total: number;
  /** Sold in colours, or in a scale other than letters: its sizes are edited as variants only. */
  byVariant: boolean;
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
  const total = held.hasSizes ? held.total : held.stock;
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

/** The 409's data: what moved, and the product's stock as it is now (read in the transaction). */
async function stockMovedData(
  trx: Executor,
  productId: number,
  moved: readonly { colorId: number; size: string | null; seen: number; current: number }[],
): Promise<StockMoved> {
  const product = await getProduct(trx, productId, PRODUCT_NOT_FOUND);
  return {
    moved: moved.map((m) => ({ color_id: m.colorId, size: m.size, seen: m.seen, current: m.current })),
    has_sizes: product.has_sizes,
    stock: product.stock,
    sizes: product.sizes,
    variants: product.variants,
  };
}

export const SIZES_ON_VARIANTS =
  'This product is sold in colours or in its own sizes: send its variants (size_scale, variants) to change its stock';

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
): Promise<StockChange | null> {
  if (request.kind === 'none') return null;
  const rows = await stockStoreOf(trx).hold(trx, [productId], [], null);
  const product = rows.products[0];
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const [row, variants, colors] = await Promise.all([
    repo.findProductRow(trx, productId),
    repo.findVariantsOf(trx, [productId]),
    repo.findColorsOf(trx, [productId]),
  ]);
  const held: HeldProductStock = {
    hasSizes: product.has_sizes === 1,
    stock: product.stock,
    sizes: new Map(variants.filter((v) => v.color_id === 0).map((v) => [v.size, v.stock])),
    total: variants.reduce((sum, v) => sum + v.stock, 0),
    byVariant: colors.length > 0 || (row !== undefined && row.has_sizes === 1 && scaleOf(row) !== 'letters'),
  };
  if (held.byVariant && asksSizes(request)) throw refused('variants', SIZES_ON_VARIANTS);
  const plan = planOwnerStock(held, request);
  if (!plan) return null;
  if (plan.kind === 'moved') {
    const moved = plan.moved.map((m) => ({ ...m, colorId: 0, size: m.cell === OWN_STOCK ? null : m.cell }));
    throw conflict(STOCK_MOVED(plan.moved), await stockMovedData(trx, productId, moved));
  }
  if (plan.dropSizes) {
    await repo.deleteColors(
      trx,
      productId,
      colors.map((c) => c.id),
    );
    await repo.deleteSizes(trx, productId);
  } else await repo.writeSizes(trx, productId, plan.sizes);
  // The spec's fields sell by letters, or with one stock.
  return { stock: plan.stock, has_sizes: plan.hasSizes ? 1 : 0, size_scale: 'letters', size_list: null };
}

/** What a stock write changes of the product's row. */
interface StockChange {
  stock: number;
  has_sizes: 0 | 1;
  size_scale: SizeScale;
  size_list: string | null;
}

/** Whether the spec's fields ask to change sizes (a product sold by variant takes variants instead). */
function asksSizes(request: Exclude<StockRequest, { kind: 'none' }>): boolean {
  if (request.kind === 'absolute') return 'sizes' in request;
  if (request.hasSizes === false) return false;
  return Object.keys(request.sizes).length > 0 || Object.keys(request.seenSizes).length > 0;
}

/**
 * The product form's variants (ADR 036), in the caller's transaction: the stock rows locked in the
 * order every stock writer takes them, the form checked against the product as it is (400), every
 * figure the owner saw compared with the rows as they are (409 with the variants as they are,
 * nothing written), then colours and rows written. Answers the product's new stock and scale.
 */
async function writeFormVariants(
  trx: Executor,
  productId: number,
  form: VariantsForm,
  priceDa: number,
  seenStock: number | undefined,
): Promise<StockChange> {
  const held = await stockStoreOf(trx).hold(trx, [productId], [], null);
  if (held.products.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  const [product, rows, colors] = await Promise.all([
    repo.findProductRow(trx, productId),
    repo.findVariantsOf(trx, [productId]),
    repo.findColorsOf(trx, [productId]),
  ]);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const plan = planVariants(form, product, new Set(colors.map((c) => c.id)), priceDa);
  const moved: { colorId: number; size: string | null; seen: number; current: number; cell: string }[] = movedVariants(
    plan,
    product.has_sizes === 1 ? rows : [],
    new Map(colors.map((c) => [c.id, c.name])),
  );
  if (product.has_sizes === 0 && seenStock !== undefined && seenStock !== product.stock) {
    moved.push({ cell: '', colorId: 0, size: null, seen: seenStock, current: product.stock });
  }
  if (moved.length > 0) throw conflict(STOCK_MOVED(moved), await stockMovedData(trx, productId, moved));
  const stock = await writeVariantsPlan(trx, productId, plan, colors, product.has_sizes === 1 ? rows : []);
  return { stock, has_sizes: 1, size_scale: plan.scale, size_list: plan.sizeList };
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
  const form = variantsFormOf(body.fields);
  // A new product has no colours yet and nothing seen: the form is checked before anything is stored.
  const plan = form ? planVariants(form, null, new Set(), fields.price) : null;
  await requireType(db, fields.type_id);
  const hasSizes = plan !== null || Object.keys(fields.sizes).length > 0;
  const sizes = sizeRows(fields.sizes);
  const priceCents = toCentimes(fields.price);
  const variantStock = plan ? plan.rows.reduce((sum, r) => sum + r.stock, 0) : 0;
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
        stock: plan ? variantStock : hasSizes ? sizes.reduce((sum, s) => sum + s.stock, 0) : (fields.stock ?? 0),
        has_sizes: hasSizes ? 1 : 0,
        size_scale: plan?.scale ?? 'letters',
        size_list: plan?.sizeList ?? null,
        type_id: fields.type_id,
        rating_sum: 0,
        rating_count: 0,
        created_at: now,
        updated_at: now,
      });
      if (plan) await writeVariantsPlan(trx, productId, plan, [], []);
      else if (hasSizes) await repo.writeSizes(trx, productId, sizes);
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
  const form = variantsFormOf(body.fields);
  // With variants, the spec's stock fields are not read (but seen_stock, the one stock the form showed).
  const stockRequest: StockRequest = form ? { kind: 'none' } : stockRequestOf(fields);
  const priceCents = toCentimes(fields.price);
  await withStoredImages(storage, body, (images) =>
    changeCatalog(db, async (trx) => {
      // SQLite: the write lock first, so that no other process changes what is read next.
      if (!isPostgres(trx)) await takeWriteLock(trx);
      await requireType(trx, fields.type_id);
      const stock = form
        ? await writeFormVariants(trx, id, form, fields.price, fields.seen_stock)
        : await writeOwnerStock(trx, id, stockRequest);
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
    if (photos.colors) {
      const colors = new Set((await repo.findColorsOf(trx, [productId])).map((c) => c.id));
      for (const [index, { color_id: colorId }] of photos.colors.entries()) {
        if (colorId !== null && !colors.has(colorId)) {
          throw badRequest(PHOTO_COLOR_NOT_OF_PRODUCT(colorId), {
            errors: [{ field: `colors.${index}.color_id`, message: PHOTO_COLOR_NOT_OF_PRODUCT(colorId) }],
          });
        }
      }
      await repo.setImageColors(trx, productId, photos.colors);
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
