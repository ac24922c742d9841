import { useState } from 'react';
import { errorMessage } from '../../../lib/admin-request.ts';
import {
  type Column,
  DataTable,
  ErrorState,
  Loading,
  PageHeader,
  Pager,
  buttonClass,
  formatDate,
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
      <DataTable
        label={texts.ratings.productTab}
        rows={rows}
        rowKey={(row) => row.id}
        empty={texts.ratings.empty}
        columns={[
          {
            header: texts.ratings.product,
            className: 'font-medium',
            cell: (row) => (
              <span>
                {row.product_name}
                <span className="block text-xs font-normal text-slate-600">
                  {Number(row.summary.average_rating).toFixed(1)}/5 · {row.summary.total_ratings}
                </span>
              </span>
            ),
          },
          { header: texts.ratings.customer, className: 'whitespace-nowrap', cell: (row) => row.customer_name },
          ...reviewColumns(onDelete),
        ]}
      />
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
      <DataTable
        label={texts.ratings.brandTab}
        rows={rows}
        rowKey={(row) => row.id}
        empty={texts.ratings.empty}
        columns={[
          {
            header: texts.ratings.customer,
            className: 'whitespace-nowrap font-medium',
            cell: (row) => row.customer_name,
          },
          { header: texts.ratings.phone, className: 'tabular-nums', cell: (row) => row.customer_phone },
          ...reviewColumns(onDelete),
        ]}
      />
    </>
  );
}

/** A published review's rating, text, date and delete button: the end of both tabs' rows. */
function reviewColumns(onDelete: (id: number) => void): Column<{
  id: number;
  rating: number;
  review: string;
  created_at: string;
}>[] {
  return [
    { header: texts.ratings.rating, cell: (row) => <Stars value={row.rating} /> },
    { header: texts.ratings.review, className: 'text-slate-700 sm:min-w-[14rem]', cell: (row) => row.review },
    { header: texts.ratings.date, className: 'whitespace-nowrap text-xs', cell: (row) => formatDate(row.created_at) },
    {
      header: texts.common.actions,
      end: true,
      cell: (row) => (
        <button type="button" className={buttonClass('danger', true)} onClick={() => onDelete(row.id)}>
          {texts.common.delete}
        </button>
      ),
    },
  ];
}
