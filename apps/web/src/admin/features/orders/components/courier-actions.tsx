// The courier's side of the orders list: send orders to the courier, their slips' page, and the
// exports (the selected orders, else the filtered ones).
import { useState } from 'react';
import type { CourierSendResult } from '@shop/domain/courier';
import { paths } from '../../../../lib/paths.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Banner, buttonClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useCan } from '../../../lib/access.tsx';
import { useCourierStatus, useSendToCourier, useSyncCourier } from '../api/courier.ts';
import { useHandOver } from '../../couriers/api/order-courier.ts';
import { downloadExport, exportQuery, type ExportKind } from '../api/download-export.ts';
import type { OrderSearch } from '../api/search-orders.ts';

/** The slips page of some orders. */
export function slipsPath(ids: readonly number[]): string {
  return `${paths.admin.slips}?ids=${[...ids].sort((a, b) => a - b).join(',')}`;
}

/** Each order's outcome of a send: how many went, and why the others did not. */
export function SendResults({ results, onClose }: { results: CourierSendResult['results']; onClose: () => void }) {
  const failed = results.filter((r) => !r.ok);
  return (
    <Banner tone={failed.length ? 'error' : 'success'} onClose={onClose}>
      <p>{texts.courier.sent(results.length - failed.length, failed.length)}</p>
      {failed.length ? (
        <ul className="mt-1 list-disc pl-5">
          {failed.map((r) => (
            <li key={r.id}>{texts.courier.resultLine(r.id, r.message)}</li>
          ))}
        </ul>
      ) : null}
    </Banner>
  );
}

/** A button that sends orders to the courier after asking; disabled with the reason when none is configured. */
export function SendToCourierButton({
  ids,
  onSent,
  small = false,
}: {
  ids: number[];
  onSent: (results: CourierSendResult['results']) => void;
  small?: boolean;
}) {
  const status = useCourierStatus();
  const send = useSendToCourier();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const configured = status.data?.configured === true;
  const ready = (status.data?.accounts ?? []).filter((a) => a.ready);
  const courierName =
    ready.length > 1
      ? 'their couriers'
      : (ready[0]?.name ?? texts.courier.names[status.data?.courier ?? ''] ?? 'the courier');
  return (
    <>
      <button
        type="button"
        className={buttonClass('primary', small)}
        disabled={!configured || send.isPending || ids.length === 0}
        title={status.data && !configured ? texts.courier.notConfigured : undefined}
        onClick={() => setAsking(true)}
      >
        {send.isPending ? texts.courier.sending : texts.courier.send}
      </button>
      {status.data && !configured ? (
        <span className="text-xs text-slate-600">{texts.courier.notConfigured}</span>
      ) : null}
      {error ? (
        <span className="w-full">
          <Banner tone="error" onClose={() => setError(null)}>
            {error}
          </Banner>
        </span>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={texts.courier.sendTitle}
          message={texts.courier.sendConfirm(ids.length, courierName)}
          confirmLabel={texts.courier.send}
          busy={send.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            send.mutate(ids, {
              onSuccess: (answer) => onSent(answer.results),
              onError: (e) => {
                if (!sessionEnded(e)) setError(errorMessage(e, texts.courier.sendFailed));
              },
              onSettled: () => setAsking(false),
            })
          }
        />
      ) : null}
    </>
  );
}

/**
 * Asks the courier for its parcels' statuses now (the scheduled sync, once, under its lease) and
 * says what changed; shown only with a courier account.
 */
export function SyncNowButton() {
  const status = useCourierStatus();
  const sync = useSyncCourier();
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  if (status.data?.configured !== true) return null;
  const courierName = texts.courier.names[status.data.courier ?? ''] ?? 'the courier';
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={sync.isPending}
        onClick={() => {
          setAnswer(null);
          sync.mutate(undefined, {
            onSuccess: (result) =>
              setAnswer(
                result.stopped
                  ? { tone: 'error', text: texts.courier.syncStopped(result.checked, result.stopped) }
                  : {
                      tone: 'success',
                      text: texts.courier.synced(result.checked, result.updated, result.moved, courierName),
                    },
              ),
            onError: (e) => {
              if (!sessionEnded(e)) setAnswer({ tone: 'info', text: errorMessage(e, texts.courier.syncFailed) });
            },
          });
        }}
      >
        {sync.isPending ? texts.courier.syncing : texts.courier.syncNow}
      </button>
      {answer ? (
        <span className="w-full">
          <Banner tone={answer.tone} onClose={() => setAnswer(null)}>
            {answer.text}
          </Banner>
        </span>
      ) : null}
    </>
  );
}

/** Validates the selected orders' parcels at their couriers (Ecotrack, NOEST), each answered on its own. */
export function HandOverButton({ ids }: { ids: number[] }) {
  const handOver = useHandOver();
  const [results, setResults] = useState<{ id: number; ok: boolean; message: string }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = results?.filter((r) => !r.ok) ?? [];
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        title={texts.courier.handOverHint}
        disabled={handOver.isPending}
        onClick={() => {
          setError(null);
          handOver.mutate(ids, {
            onSuccess: (answer) => setResults(answer.results),
            onError: (e) => {
              if (!sessionEnded(e)) setError(errorMessage(e, texts.courier.handOverFailed));
            },
          });
        }}
      >
        {handOver.isPending ? texts.courier.handingOver : texts.courier.handOver}
      </button>
      {error || results ? (
        <span className="w-full">
          <Banner
            tone={error || failed.length ? 'error' : 'success'}
            onClose={() => {
              setError(null);
              setResults(null);
            }}
          >
            {error ?? texts.courier.handedOver((results?.length ?? 0) - failed.length, failed.length)}
            {failed.length ? (
              <ul className="mt-1 list-disc pl-5">
                {failed.map((r) => (
                  <li key={r.id}>{texts.courier.resultLine(r.id, r.message)}</li>
                ))}
              </ul>
            ) : null}
          </Banner>
        </span>
      ) : null}
    </>
  );
}

/** The exports of the selected orders, else of the filtered ones (sending and slips: SelectionBar). */
export function CourierActions({ ids, search }: { ids: number[]; search: OrderSearch }) {
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mayExport = useCan('exports');
  const mayDispatch = useCan('dispatch');

  async function download(kind: ExportKind) {
    setError(null);
    setExporting(kind);
    try {
      await downloadExport(kind, exportQuery(search, ids));
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, texts.courier.exportFailed));
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="mb-3 space-y-2" data-testid="courier-actions">
      <div className="flex flex-wrap items-center gap-2">
        {mayDispatch ? <SyncNowButton /> : null}
        {mayExport ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={exporting !== null}
            onClick={() => void download('accounting')}
          >
            {texts.courier.exportCsv}
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={exporting !== null}
          onClick={() => void download('yalidine')}
        >
          {texts.courier.exportYalidine}
        </button>
        <span className="text-xs text-slate-600">{texts.courier.exportHint(ids.length)}</span>
      </div>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
    </div>
  );
}
