import { useState } from 'react';
import { Banner, buttonClass, formatDate } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { Stars } from './stars.tsx';

export interface WaitingReview {
  id: number;
  customer_name: string;
  rating: number;
  review: string;
  created_at: string;
  /** The product reviewed, or the phone of a brand review. */
  about?: string;
}

/**
 * Reviews held by moderation: not in the shop until approved. Approve publishes one, Delete
 * removes it (asked first, as the published ones).
 */
export function WaitingReviews({
  reviews,
  approve,
  onDelete,
  busy,
}: {
  reviews: WaitingReview[];
  approve: (id: number) => Promise<void>;
  onDelete: (id: number) => void;
  busy: boolean;
}) {
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onApprove(id: number) {
    setMessage(null);
    try {
      await approve(id);
      setMessage({ tone: 'success', text: texts.ratings.approved });
    } catch (error) {
      if (!sessionEnded(error)) {
        setMessage({ tone: 'error', text: texts.ratings.approveFailed(errorMessage(error, 'Unknown error')) });
      }
    }
  }

  return (
    <section aria-labelledby="waiting-title" className="mb-5">
      <h2 id="waiting-title" className="text-base font-semibold text-slate-900">
        {texts.ratings.waiting} <span className="text-slate-600 tabular-nums">({reviews.length})</span>
      </h2>
      <p className="mb-2 text-sm text-slate-600">{texts.ratings.waitingIntro}</p>
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-4 text-sm text-slate-600">
          {texts.ratings.noneWaiting}
        </p>
      ) : (
        <ul className="grid gap-2 lg:grid-cols-2" data-testid="waiting">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-lg border border-amber-200 bg-white p-3 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-slate-900">{review.customer_name}</p>
                <Stars value={review.rating} />
              </div>
              {review.about ? <p className="text-xs text-slate-600">{review.about}</p> : null}
              <p className="mt-1 text-sm break-words text-slate-800">{review.review}</p>
              <p className="mt-1 text-xs text-slate-500">{formatDate(review.created_at)}</p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={`${buttonClass('primary')} flex-1 sm:flex-none`}
                  aria-label={texts.ratings.approveLabel(review.customer_name)}
                  disabled={busy}
                  onClick={() => void onApprove(review.id)}
                >
                  {texts.ratings.approve}
                </button>
                <button
                  type="button"
                  className={`${buttonClass('danger')} flex-1 sm:flex-none`}
                  aria-label={texts.ratings.deleteLabel(review.customer_name)}
                  onClick={() => onDelete(review.id)}
                >
                  {texts.common.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
