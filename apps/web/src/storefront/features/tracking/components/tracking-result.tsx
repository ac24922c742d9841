import type { Ref } from 'react';
import type { OrderTracking, TrackingStep } from '@shop/domain/order-responses';
import { useCopy } from '../../../../lib/ui/use-copy.ts';
import { formatDa, t } from '../../../i18n/i18n.ts';
import { useWilayaName } from '../../shipping/wilayas.ts';
import { useCommuneName } from '../../shipping/communes.ts';
import { TrackingTimeline } from './tracking-timeline.tsx';

/** The colours of the admin's status selector (SPEC §4), light for a badge. */
const BADGE: Record<TrackingStep, string> = {
  received: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  shipping: 'bg-purple-100 text-purple-900',
  successful: 'bg-green-100 text-green-900',
  returned: 'bg-orange-100 text-orange-900',
  cancelled: 'bg-red-100 text-red-900',
};

/** A found order: where it is, the carrier's number, what it holds, its total and wilaya. */
export function TrackingResult({ order, headingRef }: { order: OrderTracking; headingRef: Ref<HTMLHeadingElement> }) {
  const { copied, copy } = useCopy();
  const wilaya = useWilayaName(order.wilaya);
  const commune = useCommuneName(order.wilaya, order.commune);
  const current = order.timeline.at(-1)?.step ?? 'received';
  const endNote = current === 'cancelled' || current === 'returned' ? t(`tracking.endNote.${current}`) : null;
  return (
    <section
      aria-labelledby="tracking-order-title"
      className="flex scroll-mt-4 flex-col gap-6 rounded-3xl border border-neutral-200 p-5 sm:p-8"
      data-testid="tracking-result"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="tracking-order-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-black tracking-tight focus:outline-none"
        >
          {t('tracking.order', { n: order.order_id })}
        </h2>
        <p className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGE[current]}`}>
          <span className="sr-only">{t('tracking.status')} </span>
          {t(`tracking.step.${current}`)}
        </p>
      </div>
      <TrackingTimeline timeline={order.timeline} />
      {endNote && <p className="rounded-2xl bg-neutral-50 p-4 text-sm text-neutral-800">{endNote}</p>}
      {order.tracking_number && (
        <div className="rounded-2xl bg-neutral-50 p-4">
          <p className="text-sm text-neutral-600">{t('tracking.carrierNumber')}</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <p className="min-w-0 font-mono text-lg font-semibold break-all" data-testid="carrier-number">
              {order.tracking_number}
            </p>
            <button
              type="button"
              onClick={() => void copy(order.tracking_number ?? '', t('tracking.copied'))}
              aria-label={t('tracking.copyNumber')}
              className="rounded-full border border-neutral-300 bg-white px-4 py-2 text-sm font-medium hover:bg-neutral-100"
            >
              {t('tracking.copy')}
            </button>
          </div>
          <p role="status" className="min-h-5 text-sm font-medium text-green-800">
            {copied}
          </p>
        </div>
      )}
      <div>
        <h3 className="font-bold">{t('tracking.items')}</h3>
        <ul className="mt-2 divide-y divide-neutral-200">
          {order.items.map((item, i) => (
            <li key={`${item.name}-${item.size}-${i}`} className="flex justify-between gap-4 py-2">
              <span className="min-w-0 break-words">
                {item.name}
                {item.size && <span className="text-neutral-600"> · {t('tracking.size', { size: item.size })}</span>}
                {lineColor(item) && <span className="text-neutral-600"> · {lineColor(item)}</span>}
              </span>
              <span className="shrink-0 font-medium">{t('tracking.quantity', { n: item.quantity })}</span>
            </li>
          ))}
        </ul>
      </div>
      <dl className="divide-y divide-neutral-200 border-t border-neutral-200">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-neutral-600">{t('tracking.wilaya')}</dt>
          <dd className="text-end font-medium break-words" data-testid="tracking-delivery">
            {[commune, wilaya].filter(Boolean).join(', ')}
            <span className="block text-sm font-normal text-neutral-600">
              {t(`delivery.typeNames.${order.delivery_type}`)}
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-neutral-600">{t('tracking.total')}</dt>
          <dd className="text-end text-lg font-bold" data-testid="tracking-total">
            {formatDa(order.total)}
          </dd>
        </div>
        {order.amount_due < order.total ? (
          <>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-neutral-600">{t('tracking.paid')}</dt>
              <dd className="text-end">{formatDa(order.total - order.amount_due)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-neutral-600">{t('tracking.due')}</dt>
              <dd className="text-end text-lg font-bold" data-testid="tracking-due">
                {formatDa(order.amount_due)}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** A line's colour, its French name as ordered (issue 30); '' for a product without colours. */
function lineColor(item: OrderTracking['items'][number]): string {
  return (item as { color?: string }).color ?? '';
}
