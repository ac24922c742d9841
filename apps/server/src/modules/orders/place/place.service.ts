// Orders (SPEC §3, §4; DESIGN §3.2-3.4): the server recomputes every figure from its own prices,
// and takes stock and counts the coupon use in the transaction that writes the order, with
// guarded updates, so two customers can never buy the same last unit.
import { recordPlacedOrders, type OrderAttributionInput } from '../../marketing/ad-events.service.ts';
import { couponDisplayStatus, todayIso } from '@shop/domain/coupon-status';
import { MAX_ORDER_TOTAL_CENTIMES } from '@shop/domain/constants';
import { wilayaKey } from '@shop/domain/wilaya';
import { isCupName, parseList } from '@shop/domain/custom-item-schemas';
import { toDa } from '@shop/domain/money';
import {
  REFERENCE_IMAGE_FIELDS,
  splitCustomerAddress,
  type CustomOrderFields,
  type ReferenceImagePosition,
} from '@shop/domain/order-schemas';
import type { CreatedOrder } from '@shop/domain/order-responses';
import { couponDiscount, orderTotals, type Discount, type OrderTotals } from '@shop/domain/pricing';
import { toShortSize } from '@shop/domain/sizes';
import { foldText } from '@shop/domain/search-text';
import { variantFinalPriceCentimes } from '@shop/domain/variants';
import { mergeLines } from '@shop/domain/order-lines';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { deliveryOf } from '../delivery.ts';
import { offeredIn } from '../../shipping/geography.ts';
import type { Executor, OrderRow } from '../../../db/database.ts';
import { badRequest, conflict, forbidden } from '../../../http/errors.ts';
import type { UploadedFile } from '../../../http/multipart.ts';
import type { ImageStorage } from '../../media/image-storage.ts';
import { deleteImageFiles, prepareImage, storePreparedImage } from '../../media/media.service.ts';
import { checkStock, type StockReads } from '../stock/stock-check.ts';
import { resolveLine, variantRowOf } from '../variant-products.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import { orderLineOf } from '../order-lines.ts';
import { takeOne, type StockLine } from '../stock/order-stock.ts';
import { mergedStock } from '../stock/order-batch-plan.ts';
import { isDuplicateKey, orderPlacedWith, placedBefore, type OrderKey } from './order-keys.ts';
import type { OrderPlacing } from './order-placing.ts';
import type { RegularOrderDraft } from './order-writes.ts';
import * as repo from '../orders.repository.ts';
import { recordCatalogChange } from '../../../db/catalog-changes.ts';
import { convertDrafts } from '../../leads/draft-conversion.service.ts';

/** The client's figures may differ from ours by at most 0.01 Da (rounding). */
const PRICE_TOLERANCE_CENTS = 1;

/** The answer of an order placed before with the same Idempotency-Key (order-keys.ts). */
function createdBefore(row: OrderRow): CreatedOrder {
  return created(row.id, {
    subtotal: row.subtotal_cents,
    discountPercentage: row.discount_percentage,
    discount: row.discount_cents,
    shippingFee: row.shipping_fee_cents,
    total: row.final_total_cents,
  });
}

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
  deliveryType: DeliveryType;
  communeName: string | null;
  coupon: { id: number; code: string; discount: Discount } | null;
}

interface DeliveryInput {
  wilaya?: string | undefined;
  customer_address: string;
  coupon_code: string;
  delivery_type?: DeliveryType | undefined;
  commune?: string | undefined;
}

async function priceContext({ reads, geography }: OrderPlacing, input: DeliveryInput): Promise<Pricing> {
  const wanted = wilayaKey(input.wilaya || splitCustomerAddress(input.customer_address).wilaya);
  if (!wanted) throw badRequest(ORDER_MESSAGES.wilayaRequired);
  const [shipping, row] = await Promise.all([
    reads.shipping.load(wanted),
    input.coupon_code ? reads.coupon.load(input.coupon_code) : undefined,
  ]);
  // Never a default fee for a name that is not in the table (DESIGN §6.4, decision 006), nor for a
  // wilaya of another division than the one in force.
  const division = geography.current();
  if (!shipping || !offeredIn(division, shipping.wilaya_code)) throw badRequest(ORDER_MESSAGES.unknownWilaya);
  // The delivery is checked before the coupon: its message tells the customer what to change.
  const delivery = deliveryOf(division, shipping, input);
  let coupon: Pricing['coupon'] = null;
  if (input.coupon_code) {
    if (!row) throw badRequest(ORDER_MESSAGES.couponUnusable);
    const state = { ...row, is_active: row.is_active === 1 };
    if (couponDisplayStatus(state) !== 'Active') throw badRequest(ORDER_MESSAGES.couponUnusable);
    coupon = { id: row.id, code: row.code, discount: couponDiscount(row) };
  }
  return { wilayaName: shipping.wilaya_name, ...delivery, coupon };
}

/** An order whose figures would not fit the database's money columns is refused, not a 500. */
function assertTotalsInRange(totals: OrderTotals): void {
  if (Math.max(totals.subtotal, totals.total) > MAX_ORDER_TOTAL_CENTIMES) {
    throw badRequest(ORDER_MESSAGES.totalTooLarge);
  }
}

/** Why a new order was refused with 409, as /metrics counts it (shop_orders_refused_total's reason). */
export const ORDER_REFUSALS = { pricesChanged: 'prices_changed', stock: 'stock' } as const;

/**
 * 409 with the real figures when the client's subtotal or shipping fee is not ours; for a cart, each
 * line's unit price too, so the page can show the customer the prices they will pay.
 */
function assertClientFigures(
  client: { subtotal: number; shipping_fee: number },
  totals: OrderTotals,
  lines?: readonly { product: { id: number }; size: string; color: string; unitCents: number }[],
): void {
  const off = (da: number, cents: number) => Math.abs(da * 100 - cents) > PRICE_TOLERANCE_CENTS + 1e-6;
  if (off(client.subtotal, totals.subtotal) || off(client.shipping_fee, totals.shippingFee)) {
    throw conflict(
      ORDER_MESSAGES.pricesChanged,
      {
        subtotal: toDa(totals.subtotal),
        shipping_fee: toDa(totals.shippingFee),
        discount_percentage: totals.discountPercentage,
        discount_amount: toDa(totals.discount),
        total: toDa(totals.total),
        ...(lines
          ? {
              items: lines.map((l) => ({
                product_id: l.product.id,
                size: l.size,
                ...(l.color ? { color: l.color } : {}),
                unit_price: toDa(l.unitCents),
              })),
            }
          : {}),
      },
      ORDER_REFUSALS.pricesChanged,
    );
  }
}

/** Counts a custom order's coupon use: a batch of one without stock (order-stock.ts). */
async function countCouponUse(trx: Executor, coupon: Pricing['coupon']): Promise<void> {
  if (!coupon) return;
  const outcome = await takeOne(trx, { stock: [], couponId: coupon.id }, { couponsUsableOn: todayIso() });
  if (outcome.kind !== 'take') throw badRequest(ORDER_MESSAGES.couponUnusable);
}

/**
 * What a new order from this phone is flagged with: held when the phone is blacklisted (or
 * refused, as the owner's setting says, with a message that does not say why), a possible
 * duplicate when the phone has another open order of the last 24 hours.
 */
async function screenPhone(placing: OrderPlacing, phone: string): Promise<{ held: 0 | 1; possible_duplicate: 0 | 1 }> {
  const [blacklisted, open] = await Promise.all([
    placing.reads.blacklisted.load(phone),
    placing.reads.openOrders.load(phone),
  ]);
  if (blacklisted && (await placing.settings.read()).blacklist_policy === 'refuse') {
    throw forbidden(ORDER_MESSAGES.phoneRefused);
  }
  return { held: blacklisted ? 1 : 0, possible_duplicate: (open ?? 0) > 0 ? 1 : 0 };
}

function orderHeader(
  input: { customer_name: string; customer_phone: string; customer_address: string; customer_postal_code: string },
  pricing: Pricing,
  totals: OrderTotals,
  now: string,
  flags: { held: 0 | 1; possible_duplicate: 0 | 1 },
) {
  return {
    ...flags,
    // An order held for a blacklisted phone takes no units until it is released (confirmed).
    stock_reserved: flags.held ? 0 : 1,
    status: 'pending',
    customer_name: input.customer_name,
    customer_phone: input.customer_phone,
    customer_address: input.customer_address,
    customer_postal_code: input.customer_postal_code,
    wilaya_name: pricing.wilayaName,
    delivery_type: pricing.deliveryType,
    commune_name: pricing.communeName,
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
  const { items } = await checkStock(stock, mergedStock(lines));
  return items.map((item) => ({
    ...item,
    ok:
      item.ok &&
      !short.some(
        (s) => s.product_id === item.product_id && (s.color_id ?? 0) === (item.color_id ?? 0) && s.size === item.size,
      ),
  }));
}

// ---------------------------------------------------------------- regular order

/**
 * One order may not hold more lines, or more units of a variant, than a shop sells to one
 * customer (MAX_LINES_PER_ORDER, MAX_QUANTITY_PER_LINE): one anonymous order of 100 lines reserved
 * a whole shop's stock. Lines of the same product, colour and size count as one, as the order
 * merges them (ten lines of 5 are 50 units of one line); colours are told apart by their text here,
 * before the products are read.
 */
export function assertOrderSize(
  items: readonly { product_id: number; size: string; color?: string | undefined; quantity: number }[],
  limits: { maxQuantityPerLine: number; maxLines: number },
): void {
  const colorKeys = new Map<string, number>();
  const colorKey = (color: string | undefined) => {
    const folded = foldText(color ?? '').trim();
    if (!folded) return 0;
    if (!colorKeys.has(folded)) colorKeys.set(folded, colorKeys.size + 1);
    return colorKeys.get(folded);
  };
  const lines = mergeLines(
    items.map((item) => ({
      product_id: item.product_id,
      quantity: item.quantity,
      color_id: colorKey(item.color),
      size: item.size.trim() === '' ? '' : toShortSize(item.size),
    })),
  );
  if (lines.length > limits.maxLines) throw badRequest(ORDER_MESSAGES.tooManyLines(limits.maxLines));
  if (lines.some((line) => line.quantity > limits.maxQuantityPerLine)) {
    throw badRequest(ORDER_MESSAGES.tooManyUnits(limits.maxQuantityPerLine));
  }
}

export interface RegularOrderData {
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_postal_code: string;
  subtotal: number;
  shipping_fee: number;
  coupon_code: string;
  wilaya?: string | undefined;
  delivery_type?: DeliveryType | undefined;
  commune?: string | undefined;
  items: { product_id: number; quantity: number; size: string; color?: string | undefined }[];
  checkout_draft_key?: string | undefined;
}

export interface PlaceOptions {
  /** Who turns the checkout draft into this order: the customer, or an agent from the desk. */
  draftBy?: 'customer' | 'desk';
  /** The desk's "Create order" sends no figures: the server's own are the order's. */
  serverFigures?: boolean;
}

export async function placeRegularOrder(
  placing: OrderPlacing,
  input: RegularOrderData,
  key?: OrderKey,
  attribution?: OrderAttributionInput,
  { draftBy = 'customer', serverFigures = false }: PlaceOptions = {},
): Promise<CreatedOrder> {
  const before = await orderPlacedWith(placing.db, placing.reads.orderKey, key);
  if (before) return createdBefore(before);
  const ids = [...new Set(input.items.map((i) => i.product_id))];
  const { reads } = placing;
  const products = await Promise.all(ids.map((id) => reads.product.load(id)));

  const lines = input.items.map((item) => {
    const product = products.find((p) => p?.id === item.product_id);
    if (!product) throw badRequest(ORDER_MESSAGES.productNotFound);
    // The one rule of a cart line (ADR 036): its colour, then its size, must be a variant it has.
    const variant = resolveLine(product, item);
    if ('problem' in variant) throw badRequest(ORDER_MESSAGES[variant.problem]);
    const diff = variantRowOf(product, variant.color_id, variant.size)?.price_diff_cents ?? 0;
    const unitCents = variantFinalPriceCentimes(product.price_cents, diff, product.discount_percentage);
    return { product, ...variant, diff, quantity: item.quantity, unitCents };
  });

  const pricing = await priceContext(placing, input);
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const totals = orderTotals(subtotalCents, pricing.coupon?.discount ?? 0, pricing.shippingCents);
  assertTotalsInRange(totals);
  if (!serverFigures) assertClientFigures(input, totals, lines);

  const flags = await screenPhone(placing, input.customer_phone);
  const draft: RegularOrderDraft = {
    order: {
      type: 'regular',
      ...orderHeader(input, pricing, totals, new Date().toISOString(), flags),
      custom_item_id: null,
      clothing_type: null,
      color: null,
      size: null,
    },
    items: lines.map((l) =>
      orderLineOf(
        l.product,
        { size: l.size, color_id: l.color_id, color: l.color, price_diff_cents: l.diff },
        l.quantity,
      ),
    ),
    stock: lines.map((l) => ({ product_id: l.product.id, color_id: l.color_id, size: l.size, quantity: l.quantity })),
    couponId: pricing.coupon?.id ?? null,
    reserve: flags.held === 0,
    key,
    attribution,
    checkoutDraft: input.checkout_draft_key ? { key: input.checkout_draft_key, by: draftBy } : undefined,
  };
  let outcome;
  try {
    outcome = await placing.write(draft);
  } catch (error) {
    // A copy of this order, sent with the same key through another process, was placed first.
    const placed =
      key && isDuplicateKey(error) ? await orderPlacedWith(placing.db, placing.reads.orderKey, key) : undefined;
    if (!placed) throw error;
    return createdBefore(placed);
  }
  switch (outcome.kind) {
    case 'known':
      if (!key) throw new Error('only an order with a key can have been placed before');
      return createdBefore(await placedBefore(placing.db, key, outcome.known));
    case 'short':
      throw conflict(
        ORDER_MESSAGES.stockShort,
        { items: await stockReport(placing.stock, draft.stock, outcome.short) },
        ORDER_REFUSALS.stock,
      );
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

/** What a custom order is placed from: the customer's form, or a lead's draft and the agent's choices. */
export type CustomOrderData = Pick<
  CustomOrderFields,
  | 'customer_name'
  | 'customer_phone'
  | 'customer_address'
  | 'customer_postal_code'
  | 'subtotal'
  | 'shipping_fee'
  | 'clothing_type'
  | 'color'
  | 'size'
  | 'coupon_code'
  | 'wilaya'
  | 'delivery_type'
  | 'commune'
  | 'checkout_draft_key'
>;

export async function placeCustomOrder(
  placing: OrderPlacing,
  storage: ImageStorage,
  input: CustomOrderData,
  files: readonly UploadedFile[],
  key?: OrderKey,
  attribution?: OrderAttributionInput,
  { draftBy = 'customer', serverFigures = false }: PlaceOptions = {},
): Promise<CreatedOrder> {
  const { db } = placing;
  const before = await orderPlacedWith(db, placing.reads.orderKey, key);
  if (before) return createdBefore(before);
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
  if (!color) throw badRequest(ORDER_MESSAGES.clothingColorInvalid);

  const uploads = POSITIONS.flatMap(([field, position]) => {
    const file = files.find((f) => f.fieldname === field);
    // A cup has only a front image (SPEC §3); other views are ignored.
    if (!file || (cup && position !== 'front')) return [];
    return [{ position, file: file.path }];
  });
  if (uploads.length === 0) throw badRequest(ORDER_MESSAGES.imageRequired);

  const pricing = await priceContext(placing, input);
  const flags = await screenPhone(placing, input.customer_phone);
  const totals = orderTotals(item.base_price_cents, pricing.coupon?.discount ?? 0, pricing.shippingCents);
  assertTotalsInRange(totals);
  if (!serverFigures) assertClientFigures(input, totals);

  // Every image is decoded and checked before anything is written.
  // One picture decoded at a time: a decoded photo weighs tens of MB.
  const prepared = [];
  for (const upload of uploads) prepared.push({ ...upload, image: await prepareImage(upload.file) });
  const stored: { position: ReferenceImagePosition; image_url: string }[] = [];
  const now = new Date().toISOString();
  try {
    for (const p of prepared) {
      stored.push({ position: p.position, image_url: (await storePreparedImage(storage, p.image)).image_url });
    }
    const orderId = await db.transaction().execute(async (trx) => {
      await countCouponUse(trx, pricing.coupon);
      const id = await repo.insertOrder(trx, {
        type: 'custom',
        ...orderHeader(input, pricing, totals, now, flags),
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
      if (key) await repo.insertOrderKeys(trx, [{ key, orderId: id, at: now }]);
      await recordPlacedOrders(trx, [{ orderId: id, input: attribution }], now);
      if (input.checkout_draft_key) {
        await convertDrafts(trx, [{ key: input.checkout_draft_key, by: draftBy, orderId: id, at: now }]);
      }
      return id;
    });
    // The dashboard's figures are served from the response cache: they changed ('orders').
    await recordCatalogChange(db, ['orders']);
    return created(orderId, totals);
  } catch (error) {
    await deleteImageFiles(
      storage,
      stored.map((s) => s.image_url),
    );
    // A copy of this order, sent with the same key through another process, was placed first.
    const placed = key && isDuplicateKey(error) ? await orderPlacedWith(db, placing.reads.orderKey, key) : undefined;
    if (!placed) throw error;
    return createdBefore(placed);
  }
}
