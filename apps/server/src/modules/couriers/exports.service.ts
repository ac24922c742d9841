// What the back office prints and downloads without a courier account: the orders in
// Yalidine's bulk-import layout, the accountant's orders file, and delivery slips. The orders are
// the ones chosen (ids) or the ones the orders list's filters match (the same filters and query).
import { CUSTOM_ITEM_ON_SLIP, type OrderExportQuery, type Slip } from '@shop/domain/courier';
import { SHOP_TIME_ZONE } from '@shop/domain/constants';
import { toDa } from '@shop/domain/money';
import { amountDueCentimes } from '@shop/domain/order-payments';
import { splitCustomerAddress } from '@shop/domain/order-schemas';
import type { Readable } from 'node:stream';
import type { Database, OrderRow } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import * as ordersService from '../orders/orders-public.service.ts';
import { csvAmount, csvDateTime, csvPhone, csvStream, type Cell } from './csv.ts';
import { parcelOf, productList } from './couriers.service.ts';
import { courierWilaya } from './courier.ts';

/** Orders an export reads at a time: each batch is one range of the key and two lookups of its ids. */
const EXPORT_BATCH = 500;

type Items = Awaited<ReturnType<typeof ordersService.findItemsOf>>;

interface Exported {
  rows: OrderRow[];
  items: Items;
  paid: Map<number, number>;
}

/** These orders with their lines and what was paid in advance. */
async function withDetails(db: Database, rows: OrderRow[]): Promise<Exported> {
  const ids = rows.map((r) => r.id);
  const [items, payments] = await Promise.all([
    ordersService.findItemsOf(db, ids),
    ordersService.findPaymentsOf(db, ids),
  ]);
  const paid = new Map<number, number>();
  for (const p of payments) paid.set(p.order_id, (paid.get(p.order_id) ?? 0) + Number(p.amount_cents));
  return { rows, items, paid };
}

/**
 * The chosen or filtered orders, oldest first, a batch at a time (docs/decisions/030): an export
 * of a year of orders holds one batch in memory and no connection between batches, so the shop
 * goes on answering while it downloads.
 */
async function* exportedBatches(db: Database, query: OrderExportQuery): AsyncGenerator<Exported> {
  const { ids, ...filter } = query;
  if (ids) {
    const chosen = [...new Set(ids)].sort((a, b) => a - b);
    for (let i = 0; i < chosen.length; i += EXPORT_BATCH) {
      const part = chosen.slice(i, i + EXPORT_BATCH);
      const rows = await ordersService.findOrdersIn(db, part);
      if (rows.length > 0) yield await withDetails(db, rows);
    }
    return;
  }
  const wilaya = filter.wilaya ? ((await ordersService.tableWilaya(db, filter.wilaya)) ?? filter.wilaya) : undefined;
  for (let after = 0; ;) {
    const rows = await ordersService.findOrdersAfter(db, { ...filter, wilaya }, after, EXPORT_BATCH);
    if (rows.length > 0) yield await withDetails(db, rows);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = last.id;
  }
}

/** The CSV lines of each batch of the export. */
async function* linesOf(
  batches: AsyncIterable<Exported>,
  line: (row: OrderRow, batch: Exported) => Cell[],
): AsyncGenerator<Cell[][]> {
  for await (const batch of batches) yield batch.rows.map((row) => line(row, batch));
}

/** The chosen orders (slips: a few at a time) in one piece. */
async function exportedOrders(db: Database, ids: number[]): Promise<Exported> {
  const all: Exported = { rows: [], items: [], paid: new Map() };
  for await (const batch of exportedBatches(db, { ids })) {
    all.rows.push(...batch.rows);
    all.items.push(...batch.items);
    for (const [id, amount] of batch.paid) all.paid.set(id, amount);
  }
  return all;
}

const itemsOf = (items: Items, id: number) => items.filter((i) => i.order_id === id);

/**
 * The parcel columns, named after the parcel fields of Yalidine's API v1 (POST /parcels/, as its
 * documentation lists them). Yalidine's own bulk-import spreadsheet template could not be checked
 * (no copy of it was found): the names and order here are the API's, not a verified template.
 */
export const YALIDINE_COLUMNS = [
  'order_id',
  'firstname',
  'familyname',
  'contact_phone',
  'address',
  'to_commune_name',
  'to_wilaya_name',
  'product_list',
  'price',
  'is_stopdesk',
  'stopdesk_id',
  'freeshipping',
  'has_exchange',
  'product_to_collect',
  'do_insurance',
  'declared_value',
] as const;

/**
 * The orders as Yalidine's import reads them: one parcel a line, each wilaya as Yalidine's division
 * (`division`) names it (a newer wilaya as the one it was made from, the commune as it is).
 */
export function yalidineExport(db: Database, query: OrderExportQuery, division: string): Promise<Readable> {
  const lines = linesOf(exportedBatches(db, query), (row, { items, paid }) => {
    const p = parcelOf(row, itemsOf(items, row.id), paid.get(row.id) ?? 0, division);
    return [
      p.orderId,
      p.firstname,
      p.familyname,
      csvPhone(p.phone),
      p.address,
      p.commune,
      p.wilaya,
      p.products,
      Math.round(p.price),
      p.stopDesk ? 1 : 0,
      p.stopDeskId ?? '',
      p.freeShipping ? 1 : 0,
      p.hasExchange ? 1 : 0,
      '',
      0,
      Math.round(p.price),
    ];
  });
  return csvStream(YALIDINE_COLUMNS, lines);
}

export const ACCOUNTING_COLUMNS = [
  'Order',
  // The shop's clock, as the back office shows times; said in the header so nobody reads it as UTC.
  `Date (${SHOP_TIME_ZONE})`,
  'Status',
  'Confirmation',
  'Type',
  'Customer',
  'Phone',
  'Wilaya',
  'Commune',
  'Address',
  'Delivery',
  'Items',
  'Subtotal (DA)',
  'Discount (DA)',
  'Shipping (DA)',
  'Total (DA)',
  'Paid in advance (DA)',
  'To collect (DA)',
  'Coupon',
  'Courier',
  'Tracking',
  'Courier status',
] as const;

/**
 * The accountant's file: one order a line, amounts with a decimal comma; a wilaya the courier's
 * division does not have is named with the one the courier knows it as ("68 Bou Saâda (28 M'Sila)").
 */
export function accountingExport(db: Database, query: OrderExportQuery, division: string): Promise<Readable> {
  const lines = linesOf(exportedBatches(db, query), (row, { items, paid }) => [
    row.id,
    csvDateTime(row.created_at, SHOP_TIME_ZONE),
    row.status,
    row.confirmation,
    row.type,
    row.customer_name,
    csvPhone(row.customer_phone),
    courierWilaya(row.wilaya_name, division).label,
    row.commune_name ?? '',
    splitCustomerAddress(row.customer_address).address || row.customer_address,
    row.delivery_type === 'stop_desk' ? 'stop desk' : 'home',
    productList(row, itemsOf(items, row.id)),
    csvAmount(toDa(row.subtotal_cents)),
    csvAmount(toDa(row.discount_cents)),
    csvAmount(toDa(row.shipping_fee_cents)),
    csvAmount(toDa(row.final_total_cents)),
    csvAmount(toDa(paid.get(row.id) ?? 0)),
    csvAmount(toDa(amountDueCentimes(row.final_total_cents, paid.get(row.id) ?? 0))),
    row.coupon_code ?? '',
    row.courier ?? '',
    row.tracking_number ?? '',
    row.courier_status ?? '',
  ]);
  return csvStream(ACCOUNTING_COLUMNS, lines);
}

/** The courier an order's slip names: its account's courier, division and whether its label is behind a token. */
export interface SlipCourier {
  division: string;
  courier: string | null;
  account: string | null;
  labelPdf: boolean;
}

/**
 * Delivery slips of the orders, in the order asked, from `sender`; 404 when none of them exists.
 * Each names the courier account of its parcel (or the one it goes to), and a wilaya that account's
 * division does not have is printed with the one the courier knows it as.
 */
export async function slips(
  db: Database,
  ids: readonly number[],
  courierOf: (row: OrderRow) => Promise<SlipCourier>,
  sender: { name: string; phone: string },
): Promise<Slip[]> {
  const { rows, items, paid } = await exportedOrders(db, [...ids]);
  if (rows.length === 0) throw notFound('None of these orders exists');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Slip[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const via = await courierOf(row);
    const address = splitCustomerAddress(row.customer_address).address || row.customer_address;
    out.push({
      id: row.id,
      created_at: row.created_at,
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
      wilaya_name: row.wilaya_name,
      wilaya_label: courierWilaya(row.wilaya_name, via.division).label,
      commune: row.commune_name,
      address,
      delivery_type: row.delivery_type === 'stop_desk' ? 'stop_desk' : 'home',
      stop_desk_id: row.stop_desk_id,
      stop_desk_name: row.stop_desk_name,
      stop_desk_address: row.stop_desk_address,
      items:
        row.type === 'custom'
          ? [
              {
                name: row.clothing_type ? `${CUSTOM_ITEM_ON_SLIP} : ${row.clothing_type}` : CUSTOM_ITEM_ON_SLIP,
                size: row.size ?? '',
                quantity: 1,
                color: row.color,
              },
            ]
          : itemsOf(items, row.id).map((i) => ({
              name: i.product_name,
              // As the customer read it ("2 ans", "Taille unique"), with the colour of the variant.
              size: ordersService.orderedSizeLabel(i.size),
              quantity: i.quantity,
              color: i.color || null,
            })),
      amount: toDa(amountDueCentimes(row.final_total_cents, paid.get(row.id) ?? 0)),
      tracking_number: row.tracking_number,
      sender_name: sender.name,
      sender_phone: sender.phone,
      courier: via.courier,
      courier_account: via.account,
      label_url: row.label_url,
      label_pdf: via.labelPdf && row.tracking_number !== null,
    });
  }
  return out;
}
