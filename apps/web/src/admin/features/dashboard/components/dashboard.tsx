import { lazy, Suspense, useEffect } from 'react';
import { formatDa } from '@shop/domain/money';
import { ErrorState, Loading, PageHeader } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useStats } from '../api/get-stats.ts';

// recharts is heavy: the charts come in their own chunk after the figures are on screen.
const StatsCharts = lazy(() => import('./stats-charts.tsx').then((m) => ({ default: m.StatsCharts })));

function Card({ label, value, accent }: { label: string; value: string; accent: string }) {
  return (
    <div className={`rounded-lg border-l-4 bg-white p-4 shadow-sm ${accent}`}>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
    </div>
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
            />
            <Card
              label={texts.dashboard.pendingOrders}
              value={String(stats.data.pending_orders)}
              accent="border-yellow-400"
            />
            <Card
              label={texts.dashboard.totalProducts}
              value={String(stats.data.total_products)}
              accent="border-purple-500"
            />
            <Card
              label={texts.dashboard.totalRevenue}
              value={formatDa(stats.data.total_revenue)}
              accent="border-green-500"
            />
          </div>
          <Suspense fallback={<Loading />}>
            <StatsCharts perDay={stats.data.per_day} byStatus={stats.data.by_status} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
