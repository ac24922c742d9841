import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import type { BulkStatusResult } from '@shop/domain/order-responses';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Banner, buttonClass, inputBase } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useBulkStatus } from '../api/bulk-status.ts';

/**
 * The selected orders to one status, asked first. Each order changes on its own: the answer says
 * which changed and which could not, and why (a parcel not shipped cannot be returned…).
 */
export function BulkStatusBar({ ids, onDone }: { ids: number[]; onDone: (changed: number[]) => void }) {
  const bulk = useBulkStatus();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [asking, setAsking] = useState(false);
  const [results, setResults] = useState<BulkStatusResult['results'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    if (!status) return;
    setError(null);
    bulk.mutate(
      { ids, status },
      {
        onSuccess: ({ results: answered }) => {
          setResults(answered);
          onDone(answered.filter((r) => r.ok).map((r) => r.id));
        },
        onError: (e) => {
          if (!sessionEnded(e)) setError(errorMessage(e, texts.orders.bulkFailed));
        },
        onSettled: () => setAsking(false),
      },
    );
  }

  const failed = results?.filter((r) => !r.ok) ?? [];
  // The results stay after the changed orders are unselected.
  if (ids.length === 0 && !results && !error) return null;
  return (
    <div className="mb-3">
      {ids.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 bg-white p-3 shadow-sm">
          <p className="text-sm font-medium text-slate-900" aria-live="polite">
            {texts.orders.selected(ids.length)}
          </p>
          <select
            aria-label={texts.orders.bulkStatus}
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
            className={`${inputBase} capitalize`}
          >
            <option value="">{texts.orders.bulkStatus}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={!status || bulk.isPending}
            onClick={() => setAsking(true)}
          >
            {texts.orders.bulkApply}
          </button>
        </div>
      ) : null}
      {error ? (
        <div className="mt-2">
          <Banner tone="error" onClose={() => setError(null)}>
            {error}
          </Banner>
        </div>
      ) : null}
      {asking && status ? (
        <ConfirmDialog
          title={texts.orders.bulkTitle}
          message={texts.orders.bulkConfirm(ids.length, status)}
          confirmLabel={texts.orders.bulkApply}
          busy={bulk.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={apply}
        />
      ) : null}
      {results ? <BulkResults results={results} failed={failed} onClose={() => setResults(null)} /> : null}
    </div>
  );
}

function BulkResults({
  results,
  failed,
  onClose,
}: {
  results: BulkStatusResult['results'];
  failed: BulkStatusResult['results'];
  onClose: () => void;
}) {
  return (
    <div className="mt-2">
      <Banner tone={failed.length ? 'error' : 'success'} onClose={onClose}>
        <p>{texts.orders.bulkDone(results.length - failed.length, failed.length)}</p>
        {failed.length ? (
          <ul className="mt-1 list-disc pl-5">
            {failed.map((r) => (
              <li key={r.id}>{texts.orders.bulkResultLine(r.id, r.message)}</li>
            ))}
          </ul>
        ) : null}
      </Banner>
    </div>
  );
}
