import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { formatDa } from '@shop/domain/money';
import { paths } from '../../../../lib/paths.ts';
import { ErrorState, Loading, PageHeader } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useStats } from '../api/get-stats.ts';
import { LastThirtyDays, LowStock } from './last-30-days.tsx';

// recharts is heavy: the charts come in their own chunk after the figures are on screen.
const StatsCharts = lazy(() => import('./stats-charts.tsx').then((m) => ({ default: m.StatsCharts })));

/** A figure that opens the list behind it (the orders list filtered, the products). */
function Card({ label, value, accent, to }: { label: string; value: string; accent: string; to: string }) {
  return (
    <Link
      to={to}
      className={`block rounded-lg border-l-4 bg-white p-4 shadow-sm hover:bg-slate-50 focus-visible:outline-2 ${accent}`}
    >
      <span className="block text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</span>
      <span className="mt-1 block text-2xl font-semibold break-words text-slate-900 tabular-nums">{value}</span>
    </Link>
  );
}

export function Dashboard() {
  const stats = useStats();
  useEffect(() => {
    // Dashboard errors are only logged (SPEC §8).
    if (stats.error) console.error(stats.error);
  }, [stats.error]);

  return (
    <section>
      <PageHeader title={texts.dashboard.title} />
      {stats.isPending ? <Loading /> : null}
      {stats.isError ? (
        <ErrorState message={texts.dashboard.failed} retrying={stats.isFetching} onRetry={() => void stats.refetch()} />
      ) : null}
      {stats.data ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-cards">
            <Card
              label={texts.dashboard.totalOrders}
              value={String(stats.data.total_orders)}
              accent="border-blue-500"
              to={paths.admin.orders}
            />
            <Card
              label={texts.dashboard.pendingOrders}
              value={String(stats.data.pending_orders)}
              accent="border-yellow-400"
              to={`${paths.admin.orders}?status=pending`}
            />
            <Card
              label={texts.dashboard.totalProducts}
              value={String(stats.data.total_products)}
              accent="border-purple-500"
              to={paths.admin.products}
            />
            <Card
              label={texts.dashboard.totalRevenue}
              value={formatDa(stats.data.total_revenue)}
              accent="border-green-500"
              to={`${paths.admin.orders}?status=successful`}
            />
          </div>
          <LastThirtyDays figures={stats.data.last_30_days} />
          <LowStock items={stats.data.low_stock} threshold={stats.data.low_stock_threshold} />
          <Suspense fallback={<Loading />}>
            <StatsCharts perDay={stats.data.per_day} byStatus={stats.data.by_status} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
