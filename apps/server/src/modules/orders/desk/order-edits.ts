// Corrections before an order ships: its customer, its address, its lines and their prices, its
// delivery; its stock and coupon use follow, in the transaction that changes it.
import { toDa } from '@shop/domain/money';
import { splitCustomerAddress, ADDRESS_SEPARATOR } from '@shop/domain/order-schemas';
import { EDITABLE_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import { holdings } from '@shop/domain/order-transitions';
import type { Order } from '@shop/domain/order-responses';
import { type OrderEdit } from '@shop/domain/order-desk-schemas';
import { orderDiscount, orderTotals } from '@shop/domain/pricing';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Database, Executor, OrderRow } from '../../../db/database.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import { correctedDelivery, deliveryTypeOf, shippingRowsOf } from '../delivery.ts';
import { offeredIn, type Division } from '../../shipping/geography.ts';
import { lockStockRows, takeOne, type StockLine } from '../stock/order-stock.ts';
import * as desk from './order-desk.repository.ts';
import * as repo from '../orders.repository.ts';
import { orderLineOf, type NewLine } from '../order-lines.ts';
import { findOrderProducts, resolveLine, variantRowOf } from '../variant-products.ts';
import { getOrder, itemSummary } from './order-queries.ts';
import { giveBackAndTell, lockOrder, ordersChanged, positionOf, type NamedStockLine } from './order-status.ts';

/**
 * The new lines of an order: a line of a variant (product, colour, size) the order already had
 * keeps the price the customer was told; a new one is priced now. Colours and sizes follow the
 * order's own rule (lineVariant, ADR 036).
 */
async function repricedLines(trx: Executor, orderId: number, items: NonNullable<OrderEdit['items']>) {
  const [old, products] = await Promise.all([
    repo.findItemsOf(trx, [orderId]),
    findOrderProducts(
      trx,
      items.map((i) => i.product_id),
    ),
  ]);
  const lines: NewLine[] = [];
  for (const item of items) {
    const product = products.get(item.product_id);
    if (!product) throw badRequest(`Product ${item.product_id} not found`);
    const resolved = resolveLine(product, item);
    if ('problem' in resolved) throw badRequest(`${product.name}: ${ORDER_MESSAGES[resolved.problem]}`);
    const sameVariant = (l: { product_id: number | null; color_id?: number; size: string }) =>
      l.product_id === product.id && (l.color_id ?? 0) === resolved.color_id && l.size === resolved.size;
    const same = lines.find(sameVariant);
    if (same) {
      same.quantity += item.quantity;
      continue;
    }
    const before = old.find(sameVariant);
    const diff = variantRowOf(product, resolved.color_id, resolved.size)?.price_diff_cents ?? 0;
    lines.push(orderLineOf(product, { ...resolved, price_diff_cents: diff }, item.quantity, before));
  }
  return { old, lines };
}

function describeEdit(
  before: OrderRow,
  after: Partial<Record<keyof OrderRow, string | number | null>>,
  itemsBefore: string,
  itemsAfter: string,
) {
  const parts: string[] = [];
  const field = (label: string, from: string | number | null, to: string | number | null | undefined) => {
    if (to !== undefined && to !== from) parts.push(`${label}: ${from ?? '—'} → ${to ?? '—'}`);
  };
  const da = (cents: string | number | null | undefined) => (typeof cents === 'number' ? toDa(cents) : undefined);
  field('name', before.customer_name, after.customer_name);
  field('phone', before.customer_phone, after.customer_phone);
  field('address', before.customer_address, after.customer_address);
  field('postal code', before.customer_postal_code, after.customer_postal_code);
  field('delivery', before.delivery_type, after.delivery_type);
  field('commune', before.commune_name, after.commune_name);
  if (itemsAfter !== itemsBefore) parts.push(`lines: ${itemsBefore} → ${itemsAfter}`);
  field('shipping', toDa(before.shipping_fee_cents), da(after.shipping_fee_cents));
  field('total', toDa(before.final_total_cents), da(after.final_total_cents));
  return parts.join('; ') || 'No change';
}

/**
 * Corrects an order after the call, before it ships: contact details, delivery (wilaya, home or
 * stop desk, commune: the fee is then the table's), lines (regular orders). The old lines' stock
 * is given back and the new lines' taken, decided as a new order is; the figures are recomputed
 * with the order's discount; all in one transaction, written to the order's history.
 */
export async function editOrder(
  db: Database,
  division: Division,
  id: number,
  edit: OrderEdit,
  author: string,
): Promise<Order> {
  const moved = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    if (!EDITABLE_STATUSES.includes(row.status as OrderStatus)) throw conflict(ORDER_MESSAGES.notEditable);
    if (edit.items && row.type !== 'regular') throw badRequest(ORDER_MESSAGES.itemsOfCustom);
    const now = new Date().toISOString();

    const current = splitCustomerAddress(row.customer_address);
    let wilayaName = row.wilaya_name;
    // The agreed fee stays unless the delivery changes: then it is the table's of today.
    let delivery = {
      deliveryType: deliveryTypeOf(row.delivery_type),
      shippingCents: row.shipping_fee_cents,
      communeName: row.commune_name,
    };
    if (edit.wilaya !== undefined || edit.delivery_type !== undefined || edit.commune !== undefined) {
      const shipping = (await shippingRowsOf(trx)).get(wilayaKey(edit.wilaya ?? row.wilaya_name));
      // An order keeps its wilaya; it is moved only to one the division in force offers.
      if (!shipping || (shipping.wilaya_name !== row.wilaya_name && !offeredIn(division, shipping.wilaya_code)))
        throw badRequest(ORDER_MESSAGES.unknownWilaya);
      const changed =
        shipping.wilaya_name !== row.wilaya_name ||
        (edit.delivery_type ?? delivery.deliveryType) !== delivery.deliveryType ||
        (edit.commune !== undefined && edit.commune !== row.commune_name);
      if (changed) {
        wilayaName = shipping.wilaya_name;
        delivery = correctedDelivery(division, shipping, row, edit);
      }
    }
    const address = `${wilayaName}${ADDRESS_SEPARATOR}${edit.address ?? current.address}`;

    let subtotalCents = row.subtotal_cents;
    let products: number[] = [];
    let itemsBefore = '';
    let itemsAfter = '';
    if (edit.items) {
      const { old, lines } = await repricedLines(trx, id, edit.items);
      itemsBefore = itemSummary(row, old);
      itemsAfter = itemSummary(row, lines);
      const was: NamedStockLine[] = old.flatMap((i) =>
        i.product_id === null
          ? []
          : [{ product_id: i.product_id, color_id: i.color_id, color: i.color, size: i.size, quantity: i.quantity }],
      );
      const wanted: StockLine[] = lines.map((l) => ({
        product_id: l.product_id,
        color_id: l.color_id ?? 0,
        size: l.size,
        quantity: l.quantity,
      }));
      // Only an order that holds its units moves them (one held for a blacklisted phone takes its
      // lines' units when released); the coupon use stays as it is. Both lines' rows are locked
      // first, in the global order, so that this cannot deadlock with customers' orders.
      if (holdings(positionOf(row)).stock) {
        await lockStockRows(
          trx,
          [...was, ...wanted].map((l) => l.product_id),
        );
        await giveBackAndTell(trx, id, { stock: was, couponId: null }, now, author);
        const outcome = await takeOne(trx, { stock: wanted, couponId: null }, { couponsUsableOn: null });
        if (outcome.kind === 'short') throw conflict(ORDER_MESSAGES.stockShort);
      }
      await desk.deleteItemsOf(trx, id);
      await repo.insertOrderItems(
        trx,
        lines.map((l) => ({ ...l, order_id: id })),
      );
      subtotalCents = lines.reduce((sum, l) => sum + l.unit_final_price_cents * l.quantity, 0);
      products = [...was, ...wanted].map((l) => l.product_id);
    }
    // The order keeps its discount: its percentage of the new subtotal, or its amount (at most it).
    const totals = orderTotals(subtotalCents, orderDiscount(row), delivery.shippingCents);
    const values = {
      ...(edit.customer_name !== undefined ? { customer_name: edit.customer_name } : {}),
      ...(edit.customer_phone !== undefined ? { customer_phone: edit.customer_phone } : {}),
      ...(edit.customer_postal_code !== undefined ? { customer_postal_code: edit.customer_postal_code } : {}),
      customer_address: address,
      wilaya_name: wilayaName,
      delivery_type: delivery.deliveryType,
      commune_name: delivery.communeName,
      subtotal_cents: totals.subtotal,
      discount_cents: totals.discount,
      shipping_fee_cents: totals.shippingFee,
      final_total_cents: totals.total,
    };
    await desk.updateOrder(trx, id, { ...values, updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'edit',
      detail: describeEdit(row, values, itemsBefore, itemsAfter),
      author,
      created_at: now,
    });
    return products;
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}
