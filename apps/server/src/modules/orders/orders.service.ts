// Orders (SPEC §3, §4; DESIGN §3.2-3.4): the server recomputes every figure from its own prices,
// and takes stock and counts the coupon use in the transaction that writes the order, with
// guarded updates, so two customers can never buy the same last unit.
import { couponDisplayStatus, todayIso } from '@shop/domain/coupon-status';
import { MAX_ORDER_TOTAL_CENTIMES } from '@shop/domain/constants';
import { CUSTOMER_MESSAGES } from '@shop/domain/customer-fields';
import { UNKNOWN_WILAYA, wilayaKey } from '@shop/domain/wilaya';
import { isCupName, parseList } from '@shop/domain/custom-item-schemas';
import { toDa } from '@shop/domain/money';
import {
  REFERENCE_IMAGE_FIELDS,
  splitCustomerAddress,
  type CustomOrderFields,
  type ReferenceImagePosition,
} from '@shop/domain/order-schemas';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import type { CreatedOrder, Order, OrderStats } from '@shop/domain/order-responses';
import { finalPriceCentimes, orderTotals, type OrderTotals } from '@shop/domain/pricing';
import { lineSize } from '@shop/domain/sizes';
import type { Database, Executor, OrderRow } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { deleteImageFiles, prepareImage, storePreparedImage } from '../media/media.service.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import { productTag } from '../catalog/catalog.repository.ts';
import { checkStock, type StockReads } from '../catalog/catalog.service.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { giveBack, mergeLines, takeOne, type StockLine } from './order-stock.ts';
import type { OrderPlacing } from './order-placing.ts';
import type { RegularOrderDraft } from './order-writes.ts';
import * as repo from './orders.repository.ts';

/** The client's figures may differ from ours by at most 0.01 Da (rounding). */
const PRICE_TOLERANCE_CENTS = 1;

function created(orderId: number, totals: OrderTotals): CreatedOrder {
  return {
    order_id: orderId,
    subtotal: toDa(totals.subtotal),
    discount_percentage: totals.discountPercentage,
    discount_amount: toDa(totals.discount),
    shipping_fee: toDa(totals.shippingFee),
    total: toDa(totals.total),
  };
}

// ---------------------------------------------------------------- shared steps

interface Pricing {
  wilayaName: string;
  shippingCents: number;
  coupon: { id: number; code: string; discount: number } | null;
}

async function priceContext(
  { reads }: OrderPlacing,
  input: { wilaya?: string | undefined; customer_address: string; coupon_code: string },
): Promise<Pricing> {
  const wanted = wilayaKey(input.wilaya || splitCustomerAddress(input.customer_address).wilaya);
  if (!wanted) throw badRequest(CUSTOMER_MESSAGES.wilayaRequired);
  const [shipping, row] = await Promise.all([
    reads.shipping.load(wanted),
    input.coupon_code ? reads.coupon.load(input.coupon_code) : undefined,
  ]);
  // Never a default fee for a name that is not in the table (DESIGN §6.4, decision 006).
  if (!shipping) throw badRequest(UNKNOWN_WILAYA);
  let coupon: Pricing['coupon'] = null;
  if (input.coupon_code) {
    if (!row) throw badRequest(ORDER_MESSAGES.couponUnusable);
    const state = { ...row, is_active: row.is_active === 1 };
    if (couponDisplayStatus(state) !== 'Active') throw badRequest(ORDER_MESSAGES.couponUnusable);
    coupon = { id: row.id, code: row.code, discount: row.discount_percentage };
  }
  return { wilayaName: shipping.wilaya_name, shippingCents: shipping.price_cents, coupon };
}

/** An order whose figures would not fit the database's money columns is refused, not a 500. */
function assertTotalsInRange(totals: OrderTotals): void {
  if (Math.max(totals.subtotal, totals.total) > MAX_ORDER_TOTAL_CENTIMES) {
    throw badRequest(ORDER_MESSAGES.totalTooLarge);
  }
}

/**
 * 409 with the real figures when the client's subtotal or shipping fee is not ours; for a cart, each
 * line's unit price too, so the page can show the customer the prices they will pay.
 */
function assertClientFigures(
  client: { subtotal: number; shipping_fee: number },
  totals: OrderTotals,
  lines?: readonly { product: { id: number }; size: string; unitCents: number }[],
): void {
  const off = (da: number, cents: number) => Math.abs(da * 100 - cents) > PRICE_TOLERANCE_CENTS + 1e-6;
  if (off(client.subtotal, totals.subtotal) || off(client.shipping_fee, totals.shippingFee)) {
    throw conflict(ORDER_MESSAGES.pricesChanged, {
      subtotal: toDa(totals.subtotal),
      shipping_fee: toDa(totals.shippingFee),
      discount_percentage: totals.discountPercentage,
      total: toDa(totals.total),
      ...(lines
        ? { items: lines.map((l) => ({ product_id: l.product.id, size: l.size, unit_price: toDa(l.unitCents) })) }
        : {}),
    });
  }
}

/** Counts a custom order's coupon use: a batch of one without stock (order-stock.ts). */
async function countCouponUse(trx: Executor, coupon: Pricing['coupon']): Promise<void> {
  if (!coupon) return;
  const outcome = await takeOne(trx, { stock: [], couponId: coupon.id }, { couponsUsableOn: todayIso() });
  if (outcome.kind !== 'take') throw badRequest(ORDER_MESSAGES.couponUnusable);
}

function orderHeader(
  input: { customer_name: string; customer_phone: string; customer_address: string; customer_postal_code: string },
  pricing: Pricing,
  totals: OrderTotals,
  now: string,
) {
  return {
    status: 'pending',
    customer_name: input.customer_name,
    customer_phone: input.customer_phone,
    customer_address: input.customer_address,
    customer_postal_code: input.customer_postal_code,
    wilaya_name: pricing.wilayaName,
    subtotal_cents: totals.subtotal,
    discount_percentage: totals.discountPercentage,
    discount_cents: totals.discount,
    shipping_fee_cents: totals.shippingFee,
    final_total_cents: totals.total,
    coupon_id: pricing.coupon?.id ?? null,
    coupon_code: pricing.coupon?.code ?? null,
    created_at: now,
    updated_at: now,
  };
}

// ---------------------------------------------------------------- stock

/** What is available now for each line (the checkStock answer), the short lines marked not ok. */
async function stockReport(stock: StockReads, lines: readonly StockLine[], short: readonly StockLine[]) {
  const { items } = await checkStock(stock, mergeLines(lines));
  return items.map((item) => ({
    ...item,
    ok: item.ok && !short.some((s) => s.product_id === item.product_id && s.size === item.size),
  }));
}

// ---------------------------------------------------------------- regular order

export interface RegularOrderData {
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_postal_code: string;
  subtotal: number;
  shipping_fee: number;
  coupon_code: string;
  wilaya?: string | undefined;
  items: { product_id: number; quantity: number; size: string }[];
}

export async function placeRegularOrder(placing: OrderPlacing, input: RegularOrderData): Promise<CreatedOrder> {
  const ids = [...new Set(input.items.map((i) => i.product_id))];
  const { reads } = placing;
  const products = await Promise.all(ids.map((id) => reads.product.load(id)));

  const lines = input.items.map((item) => {
    const product = products.find((p) => p?.id === item.product_id);
    if (!product) throw badRequest(ORDER_MESSAGES.productNotFound);
    const resolved = lineSize({ has_sizes: product.has_sizes === 1, sizes: product.sizes }, item.size);
    if ('problem' in resolved) throw badRequest(ORDER_MESSAGES[resolved.problem]);
    const { size } = resolved;
    const unitCents = finalPriceCentimes(product.price_cents, product.discount_percentage);
    return { product, size, quantity: item.quantity, unitCents };
  });

  const pricing = await priceContext(placing, input);
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const totals = orderTotals(subtotalCents, pricing.coupon?.discount ?? 0, pricing.shippingCents);
  assertTotalsInRange(totals);
  assertClientFigures(input, totals, lines);

  const draft: RegularOrderDraft = {
    order: {
      type: 'regular',
      ...orderHeader(input, pricing, totals, new Date().toISOString()),
      custom_item_id: null,
      clothing_type: null,
      color: null,
      size: null,
    },
    items: lines.map((l) => ({
      product_id: l.product.id,
      product_name: l.product.name,
      product_description: l.product.description,
      product_type: l.product.type_name,
      product_image: l.product.image_url,
      size: l.size,
      quantity: l.quantity,
      price_at_time_cents: l.product.price_cents,
      product_discount_percentage: l.product.discount_percentage,
      unit_final_price_cents: l.unitCents,
    })),
    stock: lines.map((l) => ({ product_id: l.product.id, size: l.size, quantity: l.quantity })),
    couponId: pricing.coupon?.id ?? null,
  };
  const outcome = await placing.write(draft);
  switch (outcome.kind) {
    case 'short':
      throw conflict(ORDER_MESSAGES.stockShort, {
        items: await stockReport(placing.stock, draft.stock, outcome.short),
      });
    case 'coupon-refused':
      throw badRequest(ORDER_MESSAGES.couponUnusable);
    case 'placed':
      // The catalogue version (stock shown) was bumped by the batch (order-writes.ts).
      return created(outcome.orderId, totals);
  }
}

// ---------------------------------------------------------------- custom order

const POSITIONS = Object.entries(REFERENCE_IMAGE_FIELDS) as [
  keyof typeof REFERENCE_IMAGE_FIELDS,
  ReferenceImagePosition,
][];

export async function placeCustomOrder(
  placing: OrderPlacing,
  uploadsDir: string,
  input: CustomOrderFields,
  files: readonly UploadedFile[],
): Promise<CreatedOrder> {
  const { db } = placing;
  const wanted = input.clothing_type.trim();
  const item = /^\d+$/.test(wanted)
    ? await repo.findCustomItemById(db, Number(wanted))
    : await repo.findCustomItemByName(db, wanted);
  if (!item || item.active !== 1) throw badRequest(ORDER_MESSAGES.clothingTypeNotFound);
  const cup = isCupName(item.name);

  let size: string | null = null;
  if (!cup) {
    if (!input.size) throw badRequest(ORDER_MESSAGES.clothingSizeRequired);
    size = parseList(item.available_sizes).find((s) => s.toLowerCase() === input.size.toLowerCase()) ?? null;
    if (!size) throw badRequest(ORDER_MESSAGES.clothingSizeInvalid);
  }
  const color = parseList(item.available_colors).find((c) => c.toLowerCase() === input.color.toLowerCase());
  if (!color) throw badRequest(ORDER_MESSAGES.colorInvalid);

  const uploads = POSITIONS.flatMap(([field, position]) => {
    const file = files.find((f) => f.fieldname === field);
    // A cup has only a front image (SPEC §3); other views are ignored.
    if (!file || (cup && position !== 'front')) return [];
    return [{ position, file: file.path }];
  });
  if (uploads.length === 0) throw badRequest(ORDER_MESSAGES.imageRequired);

  const pricing = await priceContext(placing, input);
  const totals = orderTotals(item.base_price_cents, pricing.coupon?.discount ?? 0, pricing.shippingCents);
  assertTotalsInRange(totals);
  assertClientFigures(input, totals);

  // Every image is decoded and checked before anything is written.
  // One picture decoded at a time: a decoded photo weighs tens of MB.
  const prepared = [];
  for (const upload of uploads) prepared.push({ ...upload, image: await prepareImage(upload.file) });
  const stored: { position: ReferenceImagePosition; image_url: string }[] = [];
  const now = new Date().toISOString();
  try {
    for (const p of prepared) {
      stored.push({ position: p.position, image_url: (await storePreparedImage(uploadsDir, p.image)).image_url });
    }
    const orderId = await db.transaction().execute(async (trx) => {
      await countCouponUse(trx, pricing.coupon);
      const id = await repo.insertOrder(trx, {
        type: 'custom',
        ...orderHeader(input, pricing, totals, now),
        custom_item_id: item.id,
        clothing_type: item.name,
        color,
        size,
      });
      await repo.insertReferenceImages(
        trx,
        stored.map((s) => ({ order_id: id, position: s.position, image_url: s.image_url })),
      );
      await repo.insertStatusHistories(trx, [
        { order_id: id, from_status: null, to_status: 'pending', changed_at: now },
      ]);
      return id;
    });
    // The dashboard's figures are served from the response cache: they changed ('orders').
    await catalogRepo.bumpCatalogVersion(db, ['orders']);
    return created(orderId, totals);
  } catch (error) {
    await deleteImageFiles(
      uploadsDir,
      stored.map((s) => s.image_url),
    );
    throw error;
  }
}

// ---------------------------------------------------------------- admin

/**
 * Turns order rows into the admin shape, loading items and images of the whole page in one query
 * each. Statuses are written only from ORDER_STATUSES; the response contract checks them again.
 */
async function toAdminOrders(db: Executor, rows: readonly OrderRow[]): Promise<Order[]> {
  // Only regular orders have lines and only custom ones reference images.
  const ofType = (type: string) => rows.filter((r) => r.type === type).map((r) => r.id);
  const [items, images] = await Promise.all([
    repo.findItemsOf(db, ofType('regular')),
    repo.findReferenceImagesOf(db, ofType('custom')),
  ]);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status as OrderStatus,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    customer_address: row.customer_address,
    customer_postal_code: row.customer_postal_code,
    wilaya_name: row.wilaya_name,
    subtotal: toDa(row.subtotal_cents),
    discount_percentage: row.discount_percentage,
    discount_amount: toDa(row.discount_cents),
    shipping_fee: toDa(row.shipping_fee_cents),
    final_total: toDa(row.final_total_cents),
    coupon_code: row.coupon_code,
    created_at: row.created_at,
    updated_at: row.updated_at,
    order_items: items
      .filter((i) => i.order_id === row.id)
      .map((i) => ({
        id: i.id,
        product_id: i.product_id,
        product_name: i.product_name,
        product_description: i.product_description,
        quantity: i.quantity,
        price_at_time: toDa(i.price_at_time_cents),
        unit_price: toDa(i.unit_final_price_cents),
        product_type: i.product_type,
        size: i.size,
        product_discount_percentage: i.product_discount_percentage,
        product_images: i.product_image ? [{ image_url: i.product_image }] : [],
      })),
    clothing_type: row.clothing_type,
    color: row.color,
    size: row.size,
    reference_images: images
      .filter((img) => img.order_id === row.id)
      .map((img) => ({ position: img.position, image_url: img.image_url })),
  }));
}

export async function listOrders(db: Database, filter: repo.OrderFilter, page: number, limit: number) {
  if (filter.phone || filter.q) {
    // The match (a range of the phone-suffix index) runs once, for the page and the total.
    const { rows, total } = await repo.findOrdersPage(db, filter, limit, (page - 1) * limit);
    return { rows: await toAdminOrders(db, rows), total };
  }
  const [rows, total] = await Promise.all([
    repo.listOrders(db, filter, limit, (page - 1) * limit),
    repo.countOrders(db, filter),
  ]);
  return { rows: await toAdminOrders(db, rows), total };
}

export async function getOrder(db: Executor, id: number): Promise<Order> {
  const row = await repo.findOrder(db, id);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  const [order] = await toAdminOrders(db, [row]);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  const history = await repo.findStatusHistory(db, id);
  return { ...order, status_history: history as NonNullable<Order['status_history']> };
}

/**
 * Sets an order's status. Entering cancelled gives the order's stock and coupon use back; leaving
 * it takes them again, decided as a new order is, refused with 409 when they are gone (DESIGN §3.3).
 */
export async function updateOrderStatus(
  db: Database,
  id: number,
  status: OrderStatus,
): Promise<{ order: Order; changed: boolean }> {
  /** The products whose stock moved (a cancel or a reopen). */
  let moved: number[] = [];
  const changed = await db.transaction().execute(async (trx) => {
    // On PostgreSQL the row lock makes two simultaneous changes of one order take turns.
    const row = await repo.findOrder(trx, id, isPostgres(trx));
    if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
    if (row.status === status) return false;
    const cancelling = status === 'cancelled';
    const reopening = row.status === 'cancelled';
    if (cancelling || reopening) {
      // What the order took: a regular order's lines, and for any order its coupon use.
      const items = row.type === 'regular' ? await repo.findItemsOf(trx, [id]) : [];
      const order = {
        stock: items.flatMap((i) =>
          i.product_id === null ? [] : [{ product_id: i.product_id, size: i.size, quantity: i.quantity }],
        ),
        couponId: row.coupon_id,
      };
      moved = [...new Set(order.stock.map((line) => line.product_id))];
      if (cancelling) {
        await giveBack(trx, order);
      } else {
        // Decided as a new order is (order-batch-plan.ts); products deleted since have nothing to
        // take, and the code is counted again whatever its dates, within its uses.
        const outcome = await takeOne(trx, order, { couponsUsableOn: null, skipDeleted: true });
        if (outcome.kind === 'short') throw conflict(ORDER_MESSAGES.reopenShort);
        if (outcome.kind === 'coupon-refused') throw conflict(ORDER_MESSAGES.reopenCouponUsedUp);
      }
    }
    const now = new Date().toISOString();
    await repo.setOrderStatus(trx, id, status, now);
    await repo.insertStatusHistories(trx, [
      { order_id: id, from_status: row.status, to_status: status, changed_at: now },
    ]);
    return true;
  });
  // The dashboard's figures and the best sellers ('orders'), and the stock of the products moved.
  if (changed) await catalogRepo.bumpCatalogVersion(db, [...moved.map(productTag), 'orders']);
  return { order: await getOrder(db, id), changed };
}

export const STATS_DAYS = 30;

export async function orderStats(db: Database, now = new Date()): Promise<OrderStats> {
  const days = Array.from({ length: STATS_DAYS }, (_, i) =>
    todayIso(new Date(now.getTime() - (STATS_DAYS - 1 - i) * 86_400_000)),
  );
  const [byStatusRows, totalProducts, perDayRows] = await Promise.all([
    repo.orderCountsByStatus(db),
    repo.countProducts(db),
    repo.ordersPerDay(db, days[0] ?? todayIso(now)),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let totalOrders = 0;
  let revenueCents = 0;
  for (const row of byStatusRows) {
    const n = Number(row.n);
    totalOrders += n;
    if ((ORDER_STATUSES as readonly string[]).includes(row.status)) byStatus[row.status as OrderStatus] += n;
    if (row.status === 'successful') revenueCents += Number(row.total_cents);
  }
  return {
    total_orders: totalOrders,
    pending_orders: byStatus.pending,
    total_products: totalProducts,
    total_revenue: toDa(revenueCents),
    by_status: byStatus,
    per_day: days.map((date) => {
      const row = perDayRows.find((r) => r.day === date);
      return { date, orders: Number(row?.orders ?? 0), revenue: toDa(Number(row?.revenue_cents ?? 0)) };
    }),
  };
}
