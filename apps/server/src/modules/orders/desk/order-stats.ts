// The desk's figures over a period: confirmation, delivery and return rates, stock running low.
import { todayIso } from '@shop/domain/coupon-status';
import { toDa } from '@shop/domain/money';
import { ORDER_STATUSES, type OrderStatus, type StatsPeriod } from '@shop/domain/order-status';
import type { OrderStats } from '@shop/domain/order-responses';
import { periodStart } from '@shop/domain/order-desk-schemas';
import { isSizeScale, sizeLabel } from '@shop/domain/variants';
import type { Database } from '../../../db/database.ts';
import { deskSettings } from '../../settings/settings.service.ts';
import * as desk from './order-desk.repository.ts';
import * as repo from '../orders.repository.ts';

export const STATS_DAYS = 30;

/** Confirmation, delivery and return rates of a set of counts (null when nothing is decided). */
function rates(counts: readonly { status: string; confirmation: string; n: number | string }[]) {
  const sum = (match: (c: { status: string; confirmation: string }) => boolean) =>
    counts.filter(match).reduce((total, c) => total + Number(c.n), 0);
  const confirmed = sum((c) => c.confirmation === 'confirmed');
  const refused = sum((c) => c.confirmation === 'refused');
  const delivered = sum((c) => c.status === 'successful');
  const returned = sum((c) => c.status === 'returned');
  const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);
  return {
    confirmation_rate: ratio(confirmed, confirmed + refused),
    delivery_rate: ratio(delivered, delivered + returned),
    return_rate: ratio(returned, delivered + returned),
  };
}

type Count = number | string;

/**
 * Where the period's figures are read: the rows kept per day (migration 034). The test of that
 * migration passes the sums over every order the figures were read from before, to compare.
 */
export interface FigureReads {
  /** Orders, totals and delivery fees per status: all, or placed since a day. */
  byStatus(
    db: Database,
    since?: string | null,
  ): Promise<{ status: string; n: Count; total_cents: Count; shipping_cents: Count }[]>;
  /** Orders and successful revenue per day since a day. */
  perDay(db: Database, since: string): Promise<{ day: string; orders: Count; revenue_cents: Count }[]>;
  /** Orders per wilaya, status and confirmation since a day. */
  perWilaya(
    db: Database,
    since: string,
  ): Promise<{ wilaya_name: string; status: string; confirmation: string; n: Count }[]>;
}

export const keptFigures: FigureReads = {
  byStatus: repo.orderCountsByStatus,
  perDay: repo.ordersPerDay,
  perWilaya: desk.countsSince,
};

export async function orderStats(
  db: Database,
  now = new Date(),
  period: StatsPeriod = 'all',
  figures: FigureReads = keptFigures,
): Promise<OrderStats> {
  const days = Array.from({ length: STATS_DAYS }, (_, i) =>
    todayIso(new Date(now.getTime() - (STATS_DAYS - 1 - i) * 86_400_000)),
  );
  const since = days[0] ?? todayIso(now);
  const settings = await deskSettings(db);
  const start = periodStart(period, now);
  const [allRows, periodRows, totalProducts, perDayRows, recent, low] = await Promise.all([
    figures.byStatus(db),
    start ? figures.byStatus(db, start) : null,
    repo.countProducts(db),
    figures.perDay(db, since),
    figures.perWilaya(db, since),
    desk.lowStock(db, settings.low_stock_threshold, 50),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let totalOrders = 0;
  let revenueCents = 0;
  let deliveryCents = 0;
  for (const row of periodRows ?? allRows) {
    const n = Number(row.n);
    totalOrders += n;
    if ((ORDER_STATUSES as readonly string[]).includes(row.status)) byStatus[row.status as OrderStatus] += n;
    if (row.status === 'successful') {
      revenueCents += Number(row.total_cents);
      deliveryCents += Number(row.shipping_cents);
    }
  }
  const pendingNow = Number(allRows.find((row) => row.status === 'pending')?.n ?? 0);
  const wilayas = [...new Set(recent.map((r) => r.wilaya_name))];
  const perWilaya = wilayas
    .map((wilaya) => {
      const counts = recent.filter((r) => r.wilaya_name === wilaya);
      return { wilaya, orders: counts.reduce((t, c) => t + Number(c.n), 0), ...rates(counts) };
    })
    .sort((a, b) => b.orders - a.orders || a.wilaya.localeCompare(b.wilaya));
  return {
    period,
    since: start,
    total_orders: totalOrders,
    pending_orders: pendingNow,
    total_products: totalProducts,
    total_revenue: toDa(revenueCents),
    total_revenue_without_delivery: toDa(revenueCents - deliveryCents),
    by_status: byStatus,
    per_day: days.map((date) => {
      const row = perDayRows.find((r) => r.day === date);
      return { date, orders: Number(row?.orders ?? 0), revenue: toDa(Number(row?.revenue_cents ?? 0)) };
    }),
    last_30_days: {
      orders: recent.reduce((t, c) => t + Number(c.n), 0),
      ...rates(recent),
      per_wilaya: perWilaya,
    },
    low_stock: low.map((r) => ({
      product_id: r.product_id,
      name: r.name,
      color_id: Number(r.color_id),
      color: r.color,
      size: r.size,
      size_label: r.size && isSizeScale(r.size_scale) ? sizeLabel(r.size_scale, r.size) : r.size,
      stock: Number(r.stock),
    })),
    low_stock_threshold: settings.low_stock_threshold,
  };
}
