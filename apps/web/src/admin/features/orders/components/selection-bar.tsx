import { useState } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import type { BulkStatusResult } from '@shop/domain/order-responses';
import type { CourierSendResult } from '@shop/domain/courier';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Banner, buttonClass, inputBase } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useBulkStatus } from '../api/bulk-status.ts';
import { SendResults, HandOverButton, SendToCourierButton, slipsPath } from './courier-actions.tsx';

/**
 * What can be done to the selected orders, in a bar that stays at the bottom of the screen while
 * the list scrolls (on a phone the owner selects far below the top of the page): a new status
 * (asked first; each order changes on its own and the answer says which could not, and why),
 * sending them to the courier, their slips. The answers stay after the orders are unselected.
 */
export function SelectionBar({
  ids,
  mayChangeStatuses,
  mayDispatch,
  onClear,
  onDone,
}: {
  ids: number[];
  /** What the signed-in role may do with a selection (the server refuses the rest anyway). */
  mayChangeStatuses: boolean;
  mayDispatch: boolean;
  onClear: () => void;
  /** The orders that changed or were sent: no longer selected. */
  onDone: (done: number[]) => void;
}) {
  const bulk = useBulkStatus();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [asking, setAsking] = useState(false);
  const [results, setResults] = useState<BulkStatusResult['results'] | null>(null);
  const [sent, setSent] = useState<CourierSendResult['results'] | null>(null);
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
  if (ids.length === 0 && !results && !sent && !error) return null;
  return (
    <div
      data-testid="selection-bar"
      className="sticky bottom-0 z-20 -mx-3 mt-3 space-y-2 border-t border-slate-300 bg-white/95 px-3 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:mx-0 sm:px-4 sm:rounded-lg sm:border"
    >
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      {results ? <BulkResults results={results} failed={failed} onClose={() => setResults(null)} /> : null}
      {sent ? <SendResults results={sent} onClose={() => setSent(null)} /> : null}
      {ids.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-slate-900" aria-live="polite">
            {texts.orders.selected(ids.length)}
          </p>
          <button type="button" className={buttonClass('ghost', true)} onClick={onClear}>
            {texts.orders.unselect}
          </button>
          {mayChangeStatuses ? (
            <span className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
              <select
                aria-label={texts.orders.bulkStatus}
                value={status}
                onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
                className={`${inputBase} min-w-0 flex-1 capitalize sm:flex-none`}
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
                className={buttonClass('secondary')}
                disabled={!status || bulk.isPending}
                onClick={() => setAsking(true)}
              >
                {texts.orders.bulkApply}
              </button>
            </span>
          ) : null}
          {mayDispatch ? (
            <span className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
              <SendToCourierButton
                ids={ids}
                onSent={(answered) => {
                  setSent(answered);
                  onDone(answered.filter((r) => r.ok).map((r) => r.id));
                }}
              />
              <HandOverButton ids={ids} />
              <Link to={slipsPath(ids)} className={buttonClass('secondary')}>
                {texts.courier.slips}
              </Link>
            </span>
          ) : null}
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
    <Banner tone={failed.length ? 'error' : 'success'} onClose={onClose}>
      <p>{texts.orders.bulkDone(results.length - failed.length, failed.length)}</p>
      {failed.length ? (
        <ul className="mt-1 max-h-32 list-disc overflow-y-auto pl-5">
          {failed.map((r) => (
            <li key={r.id}>{texts.orders.bulkResultLine(r.id, r.message)}</li>
          ))}
        </ul>
      ) : null}
    </Banner>
  );
}
