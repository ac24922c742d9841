// The server events of a platform (the marketing settings) or of an order (its details): sent,
// waiting, failed with the platform's message, skipped and why; a purchase the order undid.
import { AD_PLATFORM_LABELS } from '@shop/domain/marketing';
import { ErrorState, Loading } from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useAdEvents, type AdEventsFilter } from '../api/get-ad-events.ts';

const STATE_CLASS = {
  pending: 'bg-amber-100 text-amber-800',
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  skipped: 'bg-slate-100 text-slate-700',
} as const;

export function AdEventsList({ filter, title }: { filter: AdEventsFilter; title: string }) {
  const events = useAdEvents(filter);
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {events.isError ? (
        <ErrorState
          message={texts.marketing.eventsFailed}
          retrying={events.isFetching}
          onRetry={() => void events.refetch()}
        />
      ) : events.isPending ? (
        <Loading />
      ) : events.data.length === 0 ? (
        <p className="text-sm text-slate-600">{texts.marketing.eventsEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {events.data.map((e) => (
            <li key={e.id} className="py-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATE_CLASS[e.state]}`}>
                  {texts.marketing.states[e.state]}
                </span>
                <span className="font-medium text-slate-900">
                  {'orderId' in filter ? AD_PLATFORM_LABELS[e.platform] : texts.marketing.order(e.order_id)}
                </span>
                <span className="text-slate-600">
                  {e.event_name} · {texts.marketing.stages[e.stage]} · {texts.marketing.attempts(e.attempts)}
                </span>
                <time className="text-xs text-slate-500" dateTime={e.sent_at ?? e.created_at}>
                  {new Date(e.sent_at ?? e.created_at).toLocaleString('en-GB')}
                </time>
              </div>
              {e.message ? <p className="mt-1 break-words text-xs text-slate-600">{e.message}</p> : null}
              {e.order_undone ? (
                <p className="mt-1 text-xs font-medium text-red-700">{texts.marketing.undone}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
