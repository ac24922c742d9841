import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { DataTable, Loading, buttonClass } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import type { OrderStats } from '../api/get-stats.ts';

// recharts is heavy: the chart comes in its own chunk, like the other charts.
const RatesChart = lazy(() => import('./rates-chart.tsx').then((m) => ({ default: m.RatesChart })));

type WilayaFigures = OrderStats['last_30_days']['per_wilaya'][number];

/** The three rates, overall and per wilaya, in the order they are shown. */
const RATES = [
  [texts.dashboard.confirmationRate, 'confirmation_rate'],
  [texts.dashboard.deliveryRate, 'delivery_rate'],
  [texts.dashboard.returnRate, 'return_rate'],
] as const;

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
        {RATES.map(([label, rate]) => (
          <Rate key={rate} label={label} rate={figures[rate]} />
        ))}
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
      <DataTable
        label={texts.dashboard.perWilaya}
        rows={figures.per_wilaya}
        rowKey={(w) => w.wilaya}
        empty={texts.dashboard.noOrders30}
        columns={[
          {
            header: texts.dashboard.wilaya,
            className: 'font-medium',
            cell: (w) => (
              <Link
                to={`${paths.admin.orders}?${new URLSearchParams({ wilaya: w.wilaya }).toString()}`}
                className="underline"
              >
                {w.wilaya}
              </Link>
            ),
          },
          { header: texts.dashboard.orders, className: 'tabular-nums', cell: (w) => w.orders },
          ...RATES.map(([header, rate]) => ({
            header,
            className: 'tabular-nums',
            cell: (w: WilayaFigures) => formatRate(w[rate]),
          })),
        ]}
      />
    </section>
  );
}

/** Products shown before "Show all": the list can hold every size of a new shop's catalogue. */
const LOW_STOCK_SHOWN = 8;

/**
 * Variants (a colour in a size, or a size) and products at or under the owner's threshold, one line
 * per product opening its form: "Robe été — Rouge / M: 2".
 */
export function LowStock({ items, threshold }: { items: OrderStats['low_stock']; threshold: number }) {
  const [showAll, setShowAll] = useState(false);
  const products = new Map<number, { name: string; sizes: { key: string; variant: string; stock: number }[] }>();
  for (const item of items) {
    const product = products.get(item.product_id) ?? { name: item.name, sizes: [] };
    // A variant as the owner reads it: "Rouge / M", the size alone without colours.
    const variant = [item.color, item.size_label || item.size].filter(Boolean).join(' / ');
    product.sizes.push({ key: `${item.color_id}-${item.size}`, variant, stock: item.stock });
    products.set(item.product_id, product);
  }
  const all = [...products.entries()];
  const shown = showAll ? all : all.slice(0, LOW_STOCK_SHOWN);
  return (
    <section aria-labelledby="low-stock-title" className="mt-6">
      <h2 id="low-stock-title" className="text-base font-semibold text-slate-900">
        {texts.dashboard.lowStock}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{texts.dashboard.lowStockIntro(threshold)}</p>
      {all.length === 0 ? (
        <p className="rounded-lg bg-white px-4 py-4 text-sm text-slate-600 shadow-sm">
          {texts.dashboard.lowStockEmpty}
        </p>
      ) : (
        <ul
          aria-label={texts.dashboard.lowStockTable}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          {shown.map(([id, product]) => (
            <li key={id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Link
                to={`${paths.admin.products}?product=${id}`}
                aria-label={texts.dashboard.openProduct(product.name)}
                className="min-w-0 font-medium break-words text-slate-900 underline"
              >
                {product.name}
              </Link>
              <span className="flex flex-wrap gap-1">
                {product.sizes.map((s) => (
                  <span
                    key={s.key}
                    className={`rounded border px-1.5 py-0.5 text-xs tabular-nums ${
                      s.stock === 0 ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300 text-slate-800'
                    }`}
                  >
                    {texts.dashboard.sizeLeft(s.variant, s.stock)}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {all.length > LOW_STOCK_SHOWN ? (
        <button type="button" className={`${buttonClass('secondary')} mt-2`} onClick={() => setShowAll((v) => !v)}>
          {showAll ? texts.dashboard.showFewer : texts.dashboard.showAll(all.length)}
        </button>
      ) : null}
    </section>
  );
}
