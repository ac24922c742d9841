import { useState } from 'react';
import { errorMessage } from '../../../lib/admin-request.ts';
import {
  EmptyRow,
  ErrorState,
  Loading,
  PageHeader,
  Pager,
  TableWrap,
  buttonClass,
  formatDate,
  tdClass,
  thClass,
} from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useProductRatings } from '../api/get-product-ratings.ts';
import { useBrandRatings } from '../api/get-brand-ratings.ts';
import { useRemoveProductRating } from '../api/remove-product-rating.ts';
import { useRemoveBrandRating } from '../api/remove-brand-rating.ts';
import { useApproveProductRating } from '../api/approve-product-rating.ts';
import { useApproveBrandRating } from '../api/approve-brand-rating.ts';
import { Stars } from './stars.tsx';
import { WaitingReviews } from './waiting-reviews.tsx';

type Tab = 'product' | 'brand';

export function RatingsPage() {
  const [tab, setTab] = useState<Tab>('product');
  const tabClass = (t: Tab) =>
    `border-b-2 px-3 py-2 text-sm font-medium ${tab === t ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`;
  return (
    <section>
      <PageHeader title={texts.ratings.title} />
      <div role="tablist" aria-label={texts.ratings.title} className="mb-4 flex gap-2 border-b border-slate-200">
        <button
          type="button"
          role="tab"
          id="tab-product"
          aria-selected={tab === 'product'}
          aria-controls="panel-ratings"
          className={tabClass('product')}
          onClick={() => setTab('product')}
        >
          {texts.ratings.productTab}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-brand"
          aria-selected={tab === 'brand'}
          aria-controls="panel-ratings"
          className={tabClass('brand')}
          onClick={() => setTab('brand')}
        >
          {texts.ratings.brandTab}
        </button>
      </div>
      <div role="tabpanel" id="panel-ratings" aria-labelledby={`tab-${tab}`}>
        {tab === 'product' ? <ProductRatingsTab /> : <BrandRatingsTab />}
      </div>
    </section>
  );
}

function ProductRatingsTab() {
  const [page, setPage] = useState(1);
  const ratings = useProductRatings(page);
  const remove = useRemoveProductRating();
  const approve = useApproveProductRating();
  if (ratings.isError) return <ErrorState message={texts.ratings.failed} onRetry={() => void ratings.refetch()} />;
  if (ratings.isPending) return <Loading />;
  const all = ratings.data.data.flatMap((group) =>
    group.recent_reviews.map((review) => ({ ...review, product_name: group.product_name, summary: group.summary })),
  );
  const waiting = all.filter((review) => !review.approved);
  const rows = all.filter((review) => review.approved);
  function onDelete(id: number) {
    if (!window.confirm(texts.ratings.confirmDelete)) return;
    remove.mutate(id, {
      onSuccess: () => window.alert(texts.ratings.productDeleted),
      onError: (error) => window.alert(texts.ratings.productDeleteFailed(errorMessage(error, 'Unknown error'))),
    });
  }
  return (
    <>
      <WaitingReviews
        reviews={waiting.map((r) => ({ ...r, about: r.product_name }))}
        approve={(id) => approve.mutateAsync(id)}
        onDelete={onDelete}
        busy={approve.isPending}
      />
      <h2 className="mb-1 text-base font-semibold text-slate-900">{texts.ratings.published}</h2>
      <p className="mb-2 text-sm text-slate-600">
        {texts.ratings.total}: {ratings.data.total_ratings}
      </p>
      <TableWrap cards label={texts.ratings.productTab}>
        <thead>
          <tr>
            <th className={thClass}>{texts.ratings.product}</th>
            <th className={thClass}>{texts.ratings.customer}</th>
            <th className={thClass}>{texts.ratings.rating}</th>
            <th className={thClass}>{texts.ratings.review}</th>
            <th className={thClass}>{texts.ratings.date}</th>
            <th className={`${thClass} text-right`}>{texts.common.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? <EmptyRow colSpan={6} text={texts.ratings.empty} /> : null}
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label={texts.ratings.product} className={`${tdClass} font-medium`}>
                <span>
                  {row.product_name}
                  <span className="block text-xs font-normal text-slate-600">
                    {Number(row.summary.average_rating).toFixed(1)}/5 · {row.summary.total_ratings}
                  </span>
                </span>
              </td>
              <td data-label={texts.ratings.customer} className={`${tdClass} whitespace-nowrap`}>
                {row.customer_name}
              </td>
              <td data-label={texts.ratings.rating} className={tdClass}>
                <Stars value={row.rating} />
              </td>
              <td data-label={texts.ratings.review} className={`${tdClass} text-slate-700 sm:min-w-[14rem]`}>
                {row.review}
              </td>
              <td data-label={texts.ratings.date} className={`${tdClass} whitespace-nowrap text-xs`}>
                {formatDate(row.created_at)}
              </td>
              <td data-label={texts.common.actions} className={`${tdClass} text-right`}>
                <button type="button" className={buttonClass('danger', true)} onClick={() => onDelete(row.id)}>
                  {texts.common.delete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </TableWrap>
      {ratings.data.total_pages > 1 ? (
        <Pager
          page={page}
          hasPrevious={page > 1}
          hasNext={page < ratings.data.total_pages}
          onPrevious={() => setPage((p) => Math.max(1, p - 1))}
          onNext={() => setPage((p) => p + 1)}
        />
      ) : null}
    </>
  );
}

function BrandRatingsTab() {
  const ratings = useBrandRatings();
  const remove = useRemoveBrandRating();
  const approve = useApproveBrandRating();
  if (ratings.isError) return <ErrorState message={texts.ratings.failed} onRetry={() => void ratings.refetch()} />;
  if (ratings.isPending) return <Loading />;
  function onDelete(id: number) {
    if (!window.confirm(texts.ratings.confirmDelete)) return;
    remove.mutate(id, {
      onSuccess: () => window.alert(texts.ratings.brandDeleted),
      onError: (error) => window.alert(texts.ratings.brandDeleteFailed(errorMessage(error, 'Unknown error'))),
    });
  }
  const waiting = ratings.data.data.filter((review) => !review.approved);
  const rows = ratings.data.data.filter((review) => review.approved);
  return (
    <>
      <WaitingReviews
        reviews={waiting.map((r) => ({ ...r, about: r.customer_phone }))}
        approve={(id) => approve.mutateAsync(id)}
        onDelete={onDelete}
        busy={approve.isPending}
      />
      <h2 className="mb-1 text-base font-semibold text-slate-900">{texts.ratings.published}</h2>
      <p className="mb-2 flex items-center gap-2 text-sm text-slate-600">
        {texts.ratings.average}:{' '}
        <strong className="text-slate-900">{Number(ratings.data.average_rating).toFixed(1)}/5</strong>
        <Stars value={Number(ratings.data.average_rating)} /> · {texts.ratings.total}:{' '}
        {ratings.data.total ?? rows.length}
      </p>
      <TableWrap cards label={texts.ratings.brandTab}>
        <thead>
          <tr>
            <th className={thClass}>{texts.ratings.customer}</th>
            <th className={thClass}>{texts.ratings.phone}</th>
            <th className={thClass}>{texts.ratings.rating}</th>
            <th className={thClass}>{texts.ratings.review}</th>
            <th className={thClass}>{texts.ratings.date}</th>
            <th className={`${thClass} text-right`}>{texts.common.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? <EmptyRow colSpan={6} text={texts.ratings.empty} /> : null}
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label={texts.ratings.customer} className={`${tdClass} whitespace-nowrap font-medium`}>
                {row.customer_name}
              </td>
              <td data-label={texts.ratings.phone} className={`${tdClass} tabular-nums`}>
                {row.customer_phone}
              </td>
              <td data-label={texts.ratings.rating} className={tdClass}>
                <Stars value={row.rating} />
              </td>
              <td data-label={texts.ratings.review} className={`${tdClass} text-slate-700 sm:min-w-[14rem]`}>
                {row.review}
              </td>
              <td data-label={texts.ratings.date} className={`${tdClass} whitespace-nowrap text-xs`}>
                {formatDate(row.created_at)}
              </td>
              <td data-label={texts.common.actions} className={`${tdClass} text-right`}>
                <button type="button" className={buttonClass('danger', true)} onClick={() => onDelete(row.id)}>
                  {texts.common.delete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </TableWrap>
    </>
  );
}
