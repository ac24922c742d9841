import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { EmptyRow, Loading, TableWrap, tdClass, thClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import type { OrderStats } from '../api/get-stats.ts';

// recharts is heavy: the chart comes in its own chunk, like the other charts.
const RatesChart = lazy(() => import('./rates-chart.tsx').then((m) => ({ default: m.RatesChart })));

/** 0.667 → "67%"; no decided order yet → "—". */
export function formatRate(rate: number | null): string {
  return rate === null ? texts.dashboard.noRate : `${Math.round(rate * 100)}%`;
}

function Rate({ label, rate }: { label: string; rate: number | null }) {
  return (
    <div className="rounded-lg bg-white p-3 shadow-sm">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{formatRate(rate)}</p>
    </div>
  );
}

/** The last 30 days' rates, overall and per wilaya: where parcels come back from. */
export function LastThirtyDays({ figures }: { figures: OrderStats['last_30_days'] }) {
  return (
    <section aria-labelledby="last-30-title" className="mt-6">
      <h2 id="last-30-title" className="text-base font-semibold text-slate-900">
        {texts.dashboard.last30}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{texts.dashboard.last30Orders(figures.orders)}</p>
      <div className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="rates">
        <Rate label={texts.dashboard.confirmationRate} rate={figures.confirmation_rate} />
        <Rate label={texts.dashboard.deliveryRate} rate={figures.delivery_rate} />
        <Rate label={texts.dashboard.returnRate} rate={figures.return_rate} />
      </div>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-700">{texts.dashboard.perWilaya}</h3>
      {figures.per_wilaya.length > 0 ? (
        // On a phone the table says it better than a chart squeezed into 360 px.
        <figure
          className="mb-3 hidden rounded-lg bg-white p-4 shadow-sm sm:block"
          aria-label={texts.dashboard.perWilaya}
        >
          <Suspense fallback={<Loading />}>
            <RatesChart perWilaya={figures.per_wilaya} />
          </Suspense>
        </figure>
      ) : null}
      <TableWrap cards label={texts.dashboard.perWilaya}>
        <thead>
          <tr>
            <th className={thClass}>{texts.dashboard.wilaya}</th>
            <th className={thClass}>{texts.dashboard.orders}</th>
            <th className={thClass}>{texts.dashboard.confirmationRate}</th>
            <th className={thClass}>{texts.dashboard.deliveryRate}</th>
            <th className={thClass}>{texts.dashboard.returnRate}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {figures.per_wilaya.length === 0 ? <EmptyRow colSpan={5} text={texts.dashboard.noOrders30} /> : null}
          {figures.per_wilaya.map((w) => (
            <tr key={w.wilaya}>
              <td data-label={texts.dashboard.wilaya} className={`${tdClass} font-medium`}>
                <Link
                  to={`${paths.admin.orders}?${new URLSearchParams({ wilaya: w.wilaya }).toString()}`}
                  className="underline"
                >
                  {w.wilaya}
                </Link>
              </td>
              <td data-label={texts.dashboard.orders} className={`${tdClass} tabular-nums`}>
                {w.orders}
              </td>
              <td data-label={texts.dashboard.confirmationRate} className={`${tdClass} tabular-nums`}>
                {formatRate(w.confirmation_rate)}
              </td>
              <td data-label={texts.dashboard.deliveryRate} className={`${tdClass} tabular-nums`}>
                {formatRate(w.delivery_rate)}
              </td>
              <td data-label={texts.dashboard.returnRate} className={`${tdClass} tabular-nums`}>
                {formatRate(w.return_rate)}
              </td>
            </tr>
          ))}
        </tbody>
      </TableWrap>
    </section>
  );
}

/** Sizes and products at or under the owner's threshold, each linking to its product. */
export function LowStock({ items, threshold }: { items: OrderStats['low_stock']; threshold: number }) {
  return (
    <section aria-labelledby="low-stock-title" className="mt-6">
      <h2 id="low-stock-title" className="text-base font-semibold text-slate-900">
        {texts.dashboard.lowStock}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{texts.dashboard.lowStockIntro(threshold)}</p>
      <TableWrap cards label={texts.dashboard.lowStockTable}>
        <thead>
          <tr>
            <th className={thClass}>{texts.dashboard.product}</th>
            <th className={thClass}>{texts.dashboard.size}</th>
            <th className={thClass}>{texts.dashboard.stock}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.length === 0 ? <EmptyRow colSpan={3} text={texts.dashboard.lowStockEmpty} /> : null}
          {items.map((item) => (
            <tr key={`${item.product_id}-${item.size}`}>
              <td data-label={texts.dashboard.product} className={`${tdClass} font-medium`}>
                <Link
                  to={`${paths.admin.products}?product=${item.product_id}`}
                  aria-label={texts.dashboard.openProduct(`${item.name}${item.size ? ` (${item.size})` : ''}`)}
                  className="underline"
                >
                  {item.name}
                </Link>
              </td>
              <td data-label={texts.dashboard.size} className={tdClass}>
                {item.size || '—'}
              </td>
              <td
                data-label={texts.dashboard.stock}
                className={`${tdClass} tabular-nums ${item.stock === 0 ? 'font-semibold text-red-700' : ''}`}
              >
                {item.stock}
              </td>
            </tr>
          ))}
        </tbody>
      </TableWrap>
    </section>
  );
}
