import { formatDate, parseServerDate } from '../../../components/ui.tsx';
import { statusClass } from '../../../components/status-colors.ts';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';

export function StatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold capitalize ${statusClass(status)}`}
    >
      {status}
    </span>
  );
}

type Entry =
  | { at: string; kind: 'status'; change: NonNullable<Order['status_history']>[number] }
  | { at: string; kind: 'event'; event: NonNullable<Order['events']>[number] };

/** Status changes and the desk's events (calls, corrections, returns), merged, oldest first. */
export function historyOf(order: Order): Entry[] {
  const entries: Entry[] = [
    ...(order.status_history ?? []).map((change) => ({ at: change.changed_at, kind: 'status' as const, change })),
    ...(order.events ?? []).map((event) => ({ at: event.created_at, kind: 'event' as const, event })),
  ];
  return entries
    .map((entry, index) => ({ entry, index, time: parseServerDate(entry.at).getTime() }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ entry }) => entry);
}

export function OrderHistory({ order }: { order: Order }) {
  const entries = historyOf(order);
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{texts.orders.history}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">{texts.orders.noHistory}</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="history">
          {entries.map((entry, index) => (
            <li key={index} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className="w-full text-xs text-slate-500 sm:w-36">{formatDate(entry.at)}</span>
              {entry.kind === 'status' ? (
                <>
                  <span className="sr-only">{texts.orders.statusChange}:</span>
                  {entry.change.from_status ? <StatusBadge status={entry.change.from_status} /> : null}
                  {entry.change.from_status ? <span aria-hidden="true">→</span> : null}
                  <StatusBadge status={entry.change.to_status} />
                </>
              ) : (
                <span className="min-w-0 flex-1 break-words text-slate-800">
                  <span className="font-medium">{texts.orders.events[entry.event.kind]}:</span> {entry.event.detail}
                  {entry.event.author ? <span className="text-xs text-slate-500"> · {entry.event.author}</span> : null}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
