// The dashboard's figures as the stats read them before they were kept per day (migration 034):
// sums over every order of the period. The migration's test compares the kept figures with these
// after random moves; bench/dashboard-filters.ts measures both.
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import type { FigureReads } from '../src/modules/orders/desk/order-stats.ts';

/** The figures as the stats read them before they were kept: sums over every order. */
export const summedOverOrders: FigureReads = {
  byStatus(k: Database, since?: string | null) {
    let query = k
      .selectFrom('orders')
      .select((eb) => [
        'status',
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('final_total_cents'), sql<number>`0`).as('total_cents'),
        eb.fn.coalesce(eb.fn.sum<number>('shipping_fee_cents'), sql<number>`0`).as('shipping_cents'),
      ]);
    if (since) query = query.where('created_at', '>=', since);
    return query.groupBy('status').execute();
  },
  perDay(k: Database, fromDay: string) {
    const day = sql<string>`substr(created_at, 1, 10)`;
    return k
      .selectFrom('orders')
      .select([
        day.as('day'),
        sql<number>`count(*)`.as('orders'),
        sql<number>`coalesce(sum(case when status = 'successful' then final_total_cents else 0 end), 0)`.as(
          'revenue_cents',
        ),
      ])
      .where('created_at', '>=', fromDay)
      .groupBy(day)
      .execute();
  },
  perWilaya(k: Database, since: string) {
    return k
      .selectFrom('orders')
      .select((eb) => ['wilaya_name', 'status', 'confirmation', eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy(['wilaya_name', 'status', 'confirmation'])
      .execute();
  },
};
