import { formatRating } from '../../../../lib/format.ts';
import { CAROUSEL_REMEASURE_DELAYS_MS, RECENT_REVIEWS_LIMIT } from '@shop/domain/constants';
import { formatLongDate } from '../../../i18n/i18n.ts';
import { Stars } from '../../../../lib/ui/stars.tsx';
import { useDragScroll } from '../../../../lib/ui/use-drag-scroll.ts';
import { t } from '../../../i18n/i18n.ts';
import { useRecentRatings } from '../api/get-recent-ratings.ts';
import { FETCH_AHEAD_MARGIN, useInView } from '../../../../lib/ui/use-in-view.ts';

/** SPEC §2 home: NOS CLIENTS SATISFAITS, draggable review cards; failures show the empty state. */
export function ReviewsSection({ id }: { id?: string }) {
  // At the foot of the home: fetched as it comes near the screen, not while the first screen draws.
  const [sectionRef, near] = useInView<HTMLElement>(FETCH_AHEAD_MARGIN);
  const { data, isPending } = useRecentRatings(near);
  const { ref, handlers } = useDragScroll<HTMLUListElement>(CAROUSEL_REMEASURE_DELAYS_MS);
  const reviews = data ?? [];

  return (
    <section
      ref={sectionRef}
      id={id}
      aria-labelledby="reviews-title"
      className="mx-auto max-w-7xl scroll-mt-24 px-4 py-12"
    >
      <h2 id="reviews-title" className="mb-8 text-center text-3xl font-black tracking-tight md:text-5xl">
        {t('home.reviews')}
      </h2>
      {isPending ? (
        <div className="flex gap-5 overflow-hidden" aria-busy="true">
          {Array.from({ length: RECENT_REVIEWS_LIMIT }, (_, i) => (
            <div key={i} className="h-48 w-80 shrink-0 animate-pulse rounded-2xl bg-neutral-200" aria-hidden="true" />
          ))}
        </div>
      ) : reviews.length === 0 ? (
        <p className="text-center text-neutral-500">{t('home.noReviews')}</p>
      ) : (
        <ul
          ref={ref}
          {...handlers}
          aria-labelledby="reviews-title"
          // A row that scrolls must be reachable with the keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          data-scroll-x
          className="no-scrollbar flex cursor-grab gap-5 overflow-x-auto pb-2 select-none active:cursor-grabbing"
        >
          {reviews.map((review) => (
            <li key={review.id} className="w-80 max-w-[85vw] shrink-0 rounded-2xl border border-neutral-200 p-6">
              <Stars
                rating={review.rating}
                label={t('rating.ratingValue', { n: formatRating(review.rating) })}
                size={20}
              />
              <p className="mt-3 flex items-center gap-2 font-bold">
                {/* Customers write in French or Arabic: each text takes its own direction. */}
                <bdi>{review.customer_name}</bdi>
                {review.verified === true && (
                  <svg width="20" height="20" viewBox="0 0 24 24" role="img" aria-label={t('home.verified')}>
                    <circle cx="12" cy="12" r="10" fill="#01ab31" />
                    <path d="M7 12.5l3 3 7-7" stroke="#fff" strokeWidth="2.2" fill="none" />
                  </svg>
                )}
              </p>
              <p dir="auto" className="mt-2 text-neutral-600">
                “{review.review}”
              </p>
              <p className="mt-4 text-sm text-neutral-500">
                <time dateTime={review.created_at}>{formatLongDate(review.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
