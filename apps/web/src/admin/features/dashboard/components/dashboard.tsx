import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STATS_PERIODS, type StatsPeriod } from '@shop/domain/order-status';
import { formatDa } from '@shop/domain/money';
import { paths } from '../../../../lib/paths.ts';
import { ErrorState, Loading, PageHeader, formatDate } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useStats } from '../api/get-stats.ts';
import { LastThirtyDays, LowStock } from './last-30-days.tsx';
import { CourierCash } from '../../couriers/components/courier-cash.tsx';

// recharts is heavy: the charts come in their own chunk after the figures are on screen.
const StatsCharts = lazy(() => import('./stats-charts.tsx').then((m) => ({ default: m.StatsCharts })));

/**
 * A figure that opens the list behind it (the orders list filtered, the products). A figure is
 * never broken across lines ("116 857,4 / 2 Da"): it has its own line, smaller on a phone.
 */
function Card({
  label,
  value,
  detail,
  accent,
  to,
  wide = false,
}: {
  label: string;
  value: string;
  detail?: string;
  accent: string;
  to: string;
  /** Two columns on a phone: an amount in Da needs them. */
  wide?: boolean;
}) {
  return (
    <Link
      to={to}
      className={`block min-w-0 rounded-lg border-l-4 bg-white p-4 shadow-sm hover:bg-slate-50 focus-visible:outline-2 ${accent} ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
    >
      <span className="block text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</span>
      <span className="mt-1 block text-xl font-semibold whitespace-nowrap text-slate-900 tabular-nums sm:text-2xl">
        {value}
      </span>
      {detail ? (
        <span className="mt-0.5 block text-xs whitespace-nowrap text-slate-600 tabular-nums">{detail}</span>
      ) : null}
    </Link>
  );
}

/** The period of the figures, in the address (?period=7d) so it survives a reload and can be shared. */
function usePeriod(): [StatsPeriod, (period: StatsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = (STATS_PERIODS as readonly string[]).includes(asked ?? '') ? (asked as StatsPeriod) : 'all';
  return [period, (next) => setParams(next === 'all' ? {} : { period: next }, { replace: true })];
}

export function Dashboard() {
  const [period, setPeriod] = usePeriod();
  const stats = useStats(period);
  useEffect(() => {
    // Dashboard errors are only logged (SPEC §8).
    if (stats.error) console.error(stats.error);
  }, [stats.error]);

  return (
    <section>
      <PageHeader title={texts.dashboard.title}>
        <div role="group" aria-label={texts.dashboard.period} className="flex flex-wrap gap-1">
          {STATS_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
              className={`min-h-9 rounded-md border px-2.5 text-sm font-medium ${
                period === p
                  ? 'border-slate-900 bg-slate-900 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {texts.dashboard.periods[p]}
            </button>
          ))}
        </div>
      </PageHeader>
      {stats.isPending ? <Loading /> : null}
      {stats.isError ? (
        <ErrorState message={texts.dashboard.failed} retrying={stats.isFetching} onRetry={() => void stats.refetch()} />
      ) : null}
      {stats.data ? (
        <>
          <p className="mb-2 text-sm text-slate-600" data-testid="period-note">
            {stats.data.since ? texts.dashboard.since(formatDate(stats.data.since)) : texts.dashboard.allTime}
          </p>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-cards">
            <Card
              label={texts.dashboard.totalOrders}
              value={String(stats.data.total_orders)}
              accent="border-blue-500"
              to={stats.data.since ? `${paths.admin.orders}?from=${stats.data.since}` : paths.admin.orders}
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
              detail={texts.dashboard.withoutDelivery(formatDa(stats.data.total_revenue_without_delivery))}
              accent="border-green-500"
              to={`${paths.admin.orders}?${new URLSearchParams({ status: 'successful', ...(stats.data.since ? { from: stats.data.since } : {}) }).toString()}`}
              wide
            />
          </div>
          <LastThirtyDays figures={stats.data.last_30_days} />
          <LowStock items={stats.data.low_stock} threshold={stats.data.low_stock_threshold} />
          <CourierCash />
          <Suspense fallback={<Loading />}>
            <StatsCharts perDay={stats.data.per_day} byStatus={stats.data.by_status} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
