// The cash the couriers owe (admin, phone first): a month of one account's parcels (or every
// account's): delivered and not paid yet, paid, returned with their fees, payments that differ
// from what was collected; the courier's statement imported; the parcels stuck at a courier.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatDa } from '@shop/domain/money';
import { currentMonth, type ReconciledParcel, type StatementResult } from '@shop/domain/reconciliation';
import { ApiError } from '../../../../lib/api.ts';
import {
  Banner,
  DataTable,
  ErrorState,
  Loading,
  PageHeader,
  buttonClass,
  formatDate,
  inputBase,
  type Column,
} from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useCourierAccounts } from '../api/courier-accounts.ts';
import {
  downloadReconciliation,
  useImportStatement,
  useReconciliation,
  useStranded,
  type ReconciliationFilter,
} from '../api/reconciliation.ts';

const t = texts.reconciliation;
const money = (v: number | null) => (v === null ? t.unknown : formatDa(v));
const labelClass = 'mb-1 block text-xs font-medium text-slate-700';

const COLUMNS: Column<ReconciledParcel>[] = [
  { header: t.order, cell: (p) => <span className="font-medium tabular-nums">#{p.order_id}</span> },
  { header: t.tracking, cell: (p) => <span className="text-xs break-all tabular-nums">{p.tracking}</span> },
  { header: t.courierAccount, cell: (p) => p.account },
  { header: t.wilaya, cell: (p) => p.wilaya },
  { header: t.amount, cell: (p) => money(p.amount), end: true },
  { header: t.fee, cell: (p) => money(p.delivery_fee), end: true },
  { header: t.expected, cell: (p) => money(p.expected), end: true },
  { header: t.paid, cell: (p) => money(p.paid), end: true },
  {
    header: t.difference,
    end: true,
    cell: (p) =>
      p.difference === null ? (
        t.unknown
      ) : (
        <span
          className={
            p.difference < 0 ? 'font-semibold text-red-700' : p.difference > 0 ? 'font-semibold text-amber-700' : ''
          }
        >
          {formatDa(p.difference)}
        </span>
      ),
  },
];

const RETURN_COLUMNS: Column<ReconciledParcel>[] = [
  ...COLUMNS.slice(0, 4),
  { header: t.returnFee, cell: (p) => money(p.return_fee), end: true },
  ...COLUMNS.slice(7),
];

function Parcels({
  title,
  rows,
  columns = COLUMNS,
}: {
  title: string;
  rows: ReconciledParcel[];
  columns?: Column<ReconciledParcel>[];
}) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">
        {title} <span className="text-sm font-normal text-slate-700">({rows.length})</span>
      </h2>
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.order_id}
        empty={t.none}
        rowTestId={(p) => `parcel-${p.order_id}`}
      />
    </section>
  );
}

export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const accounts = useCourierAccounts();
  const filter: ReconciliationFilter = {
    account: Number(params.get('account')) || null,
    month: /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? (params.get('month') as string) : currentMonth(),
  };
  const month = useReconciliation(filter);
  const [error, setError] = useState<string | null>(null);

  function set(change: Partial<ReconciliationFilter>) {
    const next = { ...filter, ...change };
    const p = new URLSearchParams({ month: next.month });
    if (next.account !== null) p.set('account', String(next.account));
    setParams(p, { replace: true });
  }

  const totals = month.data?.totals;
  return (
    <section className="space-y-5">
      <PageHeader title={t.title}>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            setError(null);
            downloadReconciliation(filter).catch((e: unknown) => {
              if (!sessionEnded(e)) setError(errorMessage(e, t.downloadFailed));
            });
          }}
        >
          {t.download}
        </button>
      </PageHeader>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <fieldset className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <div>
          <label htmlFor="reconciliation-account" className={labelClass}>
            {t.account}
          </label>
          <select
            id="reconciliation-account"
            className={`${inputBase} w-full`}
            value={filter.account ?? ''}
            onChange={(e) => set({ account: Number(e.target.value) || null })}
          >
            <option value="">{t.allAccounts}</option>
            {(accounts.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="reconciliation-month" className={labelClass}>
            {t.month}
          </label>
          <input
            id="reconciliation-month"
            type="month"
            className={`${inputBase} w-full`}
            value={filter.month}
            onChange={(e) => (e.target.value ? set({ month: e.target.value }) : undefined)}
          />
        </div>
      </fieldset>
      {month.isError ? (
        <ErrorState message={t.failed} onRetry={() => void month.refetch()} retrying={month.isFetching} />
      ) : !month.data || !totals ? (
        <Loading />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="reconciliation-totals">
            {(
              [
                [t.totals.delivered, String(totals.delivered)],
                [t.totals.unpaid, String(totals.delivered_unpaid)],
                [t.totals.returned, String(totals.returned)],
                [t.totals.collected, formatDa(totals.collected)],
                [t.totals.fees, formatDa(totals.delivery_fees)],
                [t.totals.returnFees, formatDa(totals.return_fees)],
                [t.totals.paid, formatDa(totals.paid)],
                [t.totals.difference, formatDa(totals.difference)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd
                  className={`text-lg font-semibold tabular-nums ${label === t.totals.difference && totals.difference < 0 ? 'text-red-700' : ''}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <StatementImport accountId={filter.account} accounts={accounts.data ?? []} />
          <Parcels title={t.differences} rows={month.data.differences} />
          <Parcels title={t.deliveredUnpaid} rows={month.data.delivered_unpaid} />
          <Parcels title={t.returnedParcels} rows={month.data.returned} columns={RETURN_COLUMNS} />
          <Parcels title={t.paidParcels} rows={month.data.paid} />
        </>
      )}
      <Stranded />
    </section>
  );
}

function StatementImport({
  accountId,
  accounts,
}: {
  accountId: number | null;
  accounts: { id: number; name: string }[];
}) {
  const importing = useImportStatement();
  const [account, setAccount] = useState<number | null>(accountId);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<StatementResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const chosen = account ?? accountId;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    setResult(null);
    if (!file || chosen === null) return setErrors([t.chooseAccount]);
    const csv = await file.text();
    importing.mutate(
      { account_id: chosen, csv, file_name: file.name },
      {
        onSuccess: setResult,
        onError: (e) => {
          if (sessionEnded(e)) return;
          const lines =
            e instanceof ApiError
              ? (e.data as { errors?: { line: number; message: string }[] } | null)?.errors
              : undefined;
          setErrors([errorMessage(e, t.importFailed), ...(lines ?? []).map((l) => t.badLine(l.line, l.message))]);
        },
      },
    );
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <h2 className="text-base font-semibold">{t.statement}</h2>
      <p className="text-xs text-slate-600">{t.statementHint}</p>
      <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-end">
        <div>
          <label htmlFor="statement-account" className={labelClass}>
            {t.statementAccount}
          </label>
          <select
            id="statement-account"
            className={`${inputBase} w-full`}
            value={chosen ?? ''}
            onChange={(e) => setAccount(Number(e.target.value) || null)}
          >
            <option value="">—</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="statement-file" className={labelClass}>
            {t.statementFile}
          </label>
          <input
            id="statement-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="block w-full text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className={buttonClass('primary')} disabled={importing.isPending || !file}>
          {importing.isPending ? t.importing : t.import}
        </button>
      </div>
      {errors.length > 0 ? (
        <Banner tone="error" onClose={() => setErrors([])}>
          <ul className="list-disc pl-4">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Banner>
      ) : null}
      {result ? (
        <Banner
          tone={result.unknown.length || result.differences.length ? 'info' : 'success'}
          onClose={() => setResult(null)}
        >
          <p>{t.imported(result.matched, result.lines)}</p>
          {result.unknown.length ? (
            <ul className="list-disc pl-4">
              {result.unknown.map((u) => (
                <li key={u.line}>{t.notOurs(u.line, u.tracking)}</li>
              ))}
            </ul>
          ) : null}
          {result.differences.length ? (
            <ul className="list-disc pl-4" data-testid="statement-differences">
              {result.differences.map((d) => (
                <li key={d.order_id}>
                  #{d.order_id} {d.tracking}: {t.difference} {money(d.difference)}
                </li>
              ))}
            </ul>
          ) : null}
        </Banner>
      ) : null}
    </form>
  );
}

function Stranded() {
  const stranded = useStranded();
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">{t.stranded}</h2>
      {stranded.isError ? (
        <ErrorState message={t.failed} onRetry={() => void stranded.refetch()} />
      ) : !stranded.data ? (
        <Loading />
      ) : (
        <DataTable
          label={t.stranded}
          rows={stranded.data}
          rowKey={(p) => p.order_id}
          empty={t.noStranded}
          columns={[
            { header: t.order, cell: (p) => <span className="font-medium tabular-nums">#{p.order_id}</span> },
            { header: t.tracking, cell: (p) => <span className="text-xs tabular-nums">{p.tracking}</span> },
            { header: t.courierAccount, cell: (p) => p.account },
            { header: t.wilaya, cell: (p) => `${p.wilaya} · ${p.customer_name}` },
            { header: texts.courier.courierStatus, cell: (p) => p.courier_status ?? t.unknown },
            {
              header: t.stranded,
              cell: (p) => (
                <span className="text-amber-800">
                  {t.strandedReasons[p.reason]} · {t.strandedDays(p.days)} ({formatDate(p.since)})
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
