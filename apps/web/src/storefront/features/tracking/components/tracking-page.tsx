import { useEffect, useRef, useState, type Ref } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../lib/api.ts';
import { Breadcrumb } from '../../../layout/breadcrumb.tsx';
import { useTrackOrder, type TrackingRequest } from '../api/track-order.ts';
import { t } from '../../../i18n/i18n.ts';
import { requestOf, TrackingForm, type TrackingFormValues } from './tracking-form.tsx';
import { TrackingContact } from './tracking-contact.tsx';
import { TrackingResult } from './tracking-result.tsx';

/** The address's query: /suivi?commande=N&tel=0XXXXXXXXX (the thank-you screens link there). */
const ORDER_PARAM = 'commande';
const PHONE_PARAM = 'tel';

type Failure = 'not-found' | 'too-many' | 'refused' | 'network';

function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'network';
  if (error.status === 404) return 'not-found';
  if (error.status === 429) return 'too-many';
  if (error.status === 400) return 'refused';
  return 'network';
}

/**
 * /suivi: a customer follows an order with its number and phone. The address holds
 * the request, so a link fills the form and asks at once, and a reload asks again.
 */
export function TrackingPage() {
  const [params, setParams] = useSearchParams();
  const [initial] = useState<TrackingFormValues>(() => ({
    orderNumber: params.get(ORDER_PARAM) ?? '',
    phone: params.get(PHONE_PARAM) ?? '',
  }));
  const request = requestOf({ orderNumber: params.get(ORDER_PARAM) ?? '', phone: params.get(PHONE_PARAM) ?? '' });
  const tracking = useTrackOrder(request);
  const answerHeading = useRef<HTMLHeadingElement>(null);

  // Each answer (found, or why not) is brought into view and read out from its heading. Focus alone
  // scrolls only as far as the heading: from the thank-you screen's link, the form above left the
  // answer itself below a phone's fold. Its whole box is scrolled to the top instead.
  const answeredAt = tracking.isFetching ? 0 : Math.max(tracking.dataUpdatedAt, tracking.errorUpdatedAt);
  useEffect(() => {
    const heading = answerHeading.current;
    if (!answeredAt || !heading) return;
    heading.focus({ preventScroll: true });
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    heading.closest('section')?.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [answeredAt]);

  function search(next: TrackingRequest) {
    if (request && request.orderId === next.orderId && request.phone === next.phone) {
      void tracking.refetch();
      return;
    }
    setParams({ [ORDER_PARAM]: String(next.orderId), [PHONE_PARAM]: next.phone }, { replace: true });
  }

  const failure = tracking.isError ? failureOf(tracking.error) : null;
  const order = failure ? null : tracking.data;
  const current = order?.timeline.at(-1)?.step;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-6 sm:px-6 lg:py-10">
      <div>
        <Breadcrumb items={[{ label: t('tracking.breadcrumb') }]} />
        <h1 className="text-3xl font-black tracking-tight uppercase sm:text-4xl">{t('tracking.title')}</h1>
        <p className="mt-2 text-neutral-600">{t('tracking.intro')}</p>
      </div>
      <TrackingForm initial={initial} busy={tracking.isFetching} onSearch={search} />
      <p role="status" className="sr-only">
        {tracking.isFetching
          ? t('tracking.loading')
          : order && current
            ? t('tracking.found', { n: order.order_id, step: t(`tracking.step.${current}`) })
            : ''}
      </p>
      {tracking.isLoading && (
        <div
          aria-hidden="true"
          className="h-64 animate-pulse rounded-3xl bg-neutral-100"
          data-testid="tracking-loading"
        />
      )}
      {failure ? (
        <TrackingFailure
          failure={failure}
          message={tracking.error?.message ?? ''}
          headingRef={answerHeading}
          onRetry={() => void tracking.refetch()}
          retrying={tracking.isFetching}
        />
      ) : (
        order && <TrackingResult order={order} headingRef={answerHeading} />
      )}
      <TrackingContact orderNumber={request?.orderId ?? null} notFound={failure === 'not-found'} />
    </div>
  );
}

function TrackingFailure({
  failure,
  message,
  headingRef,
  onRetry,
  retrying,
}: {
  failure: Failure;
  message: string;
  headingRef: Ref<HTMLHeadingElement>;
  onRetry: () => void;
  retrying: boolean;
}) {
  const [title, body] = {
    'not-found': [t('tracking.notFoundTitle'), t('tracking.notFound')],
    'too-many': [t('tracking.tooManyTitle'), t('tracking.tooMany')],
    refused: [t('tracking.refusedTitle'), message],
    network: [t('tracking.networkTitle'), t('tracking.network')],
  }[failure];
  return (
    <section
      role="alert"
      aria-labelledby="tracking-failure-title"
      className="scroll-mt-4 rounded-3xl border border-red-200 bg-red-50 p-5 sm:p-8"
      data-testid="tracking-failure"
    >
      <h2
        id="tracking-failure-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-red-900 focus:outline-none"
      >
        {title}
      </h2>
      <p className="mt-2 text-neutral-800">{body}</p>
      {failure === 'network' && (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="mt-4 w-full rounded-full bg-black px-8 py-3 font-medium text-white hover:bg-neutral-800 disabled:opacity-60 sm:w-auto"
        >
          {t('tracking.retry')}
        </button>
      )}
    </section>
  );
}
