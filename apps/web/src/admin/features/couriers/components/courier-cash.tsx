// The dashboard's cash after the couriers' fees: what cash on delivery left the shop over the last
// 30 days, per courier account and per wilaya, so the owner sees where it earns and where it loses.
import { Link } from 'react-router';
import { formatDa } from '@shop/domain/money';
import type { Cash } from '@shop/domain/reconciliation';
import { paths } from '../../../../lib/paths.ts';
import { DataTable, type Column } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useCourierCash } from '../api/reconciliation.ts';

const t = texts.reconciliation;
type Line = Cash['total'];

function columns<T extends Line>(first: Column<T>): Column<T>[] {
  return [
    first,
    { header: t.totals.delivered, cell: (r) => r.delivered, end: true },
    { header: t.totals.returned, cell: (r) => r.returned, end: true },
    { header: t.totals.collected, cell: (r) => formatDa(r.collected), end: true },
    { header: t.totals.fees, cell: (r) => formatDa(r.delivery_fees), end: true },
    { header: t.totals.returnFees, cell: (r) => formatDa(r.return_fees), end: true },
    {
      header: t.net,
      end: true,
      cell: (r) => (
        <span className={`font-semibold ${r.net < 0 ? 'text-red-700' : 'text-green-800'}`}>{formatDa(r.net)}</span>
      ),
    },
  ];
}

export function CourierCash() {
  const cash = useCourierCash();
  // A shop without couriers, or a failed call: the dashboard's other figures stand alone.
  if (!cash.data || cash.data.total.delivered + cash.data.total.returned === 0) return null;
  const { per_courier: perCourier, per_wilaya: perWilaya, total } = cash.data;
  return (
    <section className="mt-6 space-y-3" aria-labelledby="courier-cash-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="courier-cash-title" className="text-lg font-semibold">
          {t.cash}
        </h2>
        <Link to={paths.admin.reconciliation} className="text-sm font-medium underline">
          {t.title}
        </Link>
      </div>
      <p className="text-sm text-slate-700">
        {t.net}: <span className="font-semibold tabular-nums">{formatDa(total.net)}</span>
        {total.unknown_fees > 0 ? (
          <span className="block text-xs text-amber-800">{t.unknownFees(total.unknown_fees)}</span>
        ) : null}
      </p>
      <DataTable
        label={t.perCourier}
        rows={perCourier}
        rowKey={(r) => r.account_id}
        empty={t.noCash}
        columns={columns<Cash['per_courier'][number]>({ header: t.perCourier, cell: (r) => r.account })}
      />
      <DataTable
        label={t.perWilaya}
        rows={perWilaya}
        rowKey={(r) => r.wilaya}
        empty={t.noCash}
        columns={columns<Cash['per_wilaya'][number]>({ header: t.perWilaya, cell: (r) => r.wilaya })}
      />
    </section>
  );
}
