import type { OrderTracking, TrackingStep } from '@shop/domain/order-responses';
import { formatLongDate } from '../../../i18n/i18n.ts';
import { t } from '../../../i18n/i18n.ts';

/** The way an order goes when all is well; returned and cancelled end it elsewhere. */
const HAPPY_PATH: TrackingStep[] = ['received', 'confirmed', 'shipping', 'successful'];

/** The step expected after the last one reached, if the order is still on its way. */
export function nextStep(timeline: OrderTracking['timeline']): TrackingStep | null {
  const last = timeline.at(-1)?.step ?? 'received';
  const index = HAPPY_PATH.indexOf(last);
  return index >= 0 ? (HAPPY_PATH[index + 1] ?? null) : null;
}

const DOT: Record<TrackingStep, string> = {
  received: 'bg-black',
  confirmed: 'bg-black',
  shipping: 'bg-black',
  successful: 'bg-green-700',
  returned: 'bg-orange-700',
  cancelled: 'bg-red-700',
};

function StepIcon({ step }: { step: TrackingStep }) {
  const cross = step === 'cancelled' || step === 'returned';
  return (
    <span
      aria-hidden="true"
      className={`relative z-10 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-white ${DOT[step]}`}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
        <path d={cross ? 'M6 6l12 12M18 6L6 18' : 'M5 12.5l4.5 4.5L19 7.5'} strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** The steps reached, each with its French long date, then the next one expected, greyed. */
export function TrackingTimeline({ timeline }: { timeline: OrderTracking['timeline'] }) {
  const next = nextStep(timeline);
  return (
    <ol aria-label={t('tracking.timeline')} className="flex flex-col">
      {timeline.map(({ step, at }, i) => {
        const last = i === timeline.length - 1;
        return (
          <li
            key={step}
            className="relative flex gap-4 pb-6 last:pb-0"
            aria-current={last ? 'step' : undefined}
            data-step={step}
          >
            {(!last || next) && (
              <span
                aria-hidden="true"
                className={`absolute top-8 bottom-0 start-[15px] w-0.5 ${last ? 'bg-neutral-300' : 'bg-neutral-900'}`}
              />
            )}
            <StepIcon step={step} />
            <div className="min-w-0 pt-1">
              <p className="font-semibold text-black">{t(`tracking.step.${step}`)}</p>
              <p className="text-sm text-neutral-600">
                <time dateTime={at}>{formatLongDate(at)}</time>
              </p>
            </div>
          </li>
        );
      })}
      {next && (
        <li className="relative flex gap-4" data-step={next} data-next="true">
          <span
            aria-hidden="true"
            className="relative z-10 h-8 w-8 shrink-0 rounded-full border-2 border-dashed border-neutral-400 bg-white"
          />
          <div className="min-w-0 pt-1 text-neutral-500">
            <p className="font-semibold">
              {t(`tracking.step.${next}`)} <span className="text-sm font-normal">· {t('tracking.next')}</span>
            </p>
            {next !== 'returned' && next !== 'cancelled' && next !== 'received' && (
              <p className="text-sm">{t(`tracking.nextHint.${next}`)}</p>
            )}
          </div>
        </li>
      )}
    </ol>
  );
}
