import { formatRating } from '../../../../lib/format.ts';
import { formatLongDate } from '../../../i18n/i18n.ts';
import { Stars } from '../../../../lib/ui/stars.tsx';
import { FETCH_AHEAD_MARGIN, useInView } from '../../../../lib/ui/use-in-view.ts';
import { t } from '../../../i18n/i18n.ts';
import { useProductReviews } from '../api/get-product-reviews.ts';

/** What buyers said of this product: name, stars, date, text and the verified-purchase mark. */
export function ProductReviews({ productId, total }: { productId: number; total: number }) {
  const [ref, near] = useInView<HTMLElement>(FETCH_AHEAD_MARGIN);
  const reviews = useProductReviews(productId, near && total > 0);
  const list = reviews.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section ref={ref} aria-labelledby="product-reviews-title" className="mx-auto max-w-7xl px-4 pt-12">
      <h2 id="product-reviews-title" className="text-2xl font-black tracking-tight md:text-3xl">
        {t('product.reviewsTitle')} <span className="text-neutral-600">({total})</span>
      </h2>
      {total === 0 ? (
        <p className="mt-4 text-neutral-600">{t('product.noReviews')}</p>
      ) : reviews.isError ? (
        <p role="alert" className="mt-4 text-neutral-700">
          {t('product.reviewsError')}{' '}
          <button type="button" onClick={() => void reviews.refetch()} className="font-medium underline">
            {t('shop.retry')}
          </button>
        </p>
      ) : reviews.isPending ? (
        <div className="mt-6 h-32 animate-pulse rounded-2xl bg-neutral-100" aria-busy="true" />
      ) : (
        <>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {list.map((review) => (
              <li key={review.id} className="rounded-2xl border border-neutral-200 p-5">
                <Stars
                  rating={review.rating}
                  label={t('rating.ratingValue', { n: formatRating(review.rating) })}
                  size={18}
                />
                <p className="mt-2 flex flex-wrap items-center gap-x-2 font-bold">
                  <bdi>{review.customer_name}</bdi>
                  {review.verified && (
                    <span className="text-sm font-medium text-green-700">✓ {t('product.verified')}</span>
                  )}
                </p>
                {review.review && (
                  <p dir="auto" className="mt-2 break-words text-neutral-700">
                    {review.review}
                  </p>
                )}
                <p className="mt-3 text-sm text-neutral-600">
                  <time dateTime={review.created_at}>{formatLongDate(review.created_at)}</time>
                </p>
              </li>
            ))}
          </ul>
          {reviews.hasNextPage && (
            <button
              type="button"
              onClick={() => void reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
              className="mt-6 rounded-full border border-neutral-300 px-6 py-3 font-medium hover:bg-neutral-50 disabled:opacity-60"
            >
              {t('product.moreReviews')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
