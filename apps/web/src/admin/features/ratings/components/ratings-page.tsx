import { useEffect, useState } from 'react';
import { ADMIN_RATINGS_PAGE_SIZE } from '@shop/domain/constants';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  type Column,
  Banner,
  DataTable,
  ErrorState,
  Loading,
  PageHeader,
  Pager,
  buttonClass,
  formatDate,
  inputClass,
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

/** How long the typing pauses before the brand reviews are searched. */
const SEARCH_PAUSE_MS = 300;

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
  const deletion = useDeletion(
    (id) => remove.mutateAsync(id),
    texts.ratings.productDeleted,
    texts.ratings.productDeleteFailed,
  );
  if (ratings.isError) return <ErrorState message={texts.ratings.failed} onRetry={() => void ratings.refetch()} />;
  if (ratings.isPending) return <Loading />;
  const all = ratings.data.data.flatMap((group) =>
    group.recent_reviews.map((review) => ({ ...review, product_name: group.product_name, summary: group.summary })),
  );
  const waiting = all.filter((review) => !review.approved);
  const rows = all.filter((review) => review.approved);
  return (
    <>
      {deletion.view}
      <WaitingReviews
        reviews={waiting.map((r) => ({ ...r, about: r.product_name }))}
        approve={(id) => approve.mutateAsync(id)}
        onDelete={deletion.ask}
        busy={approve.isPending}
      />
      <h2 className="mb-1 text-base font-semibold text-slate-900">
        {texts.ratings.published}{' '}
        <span className="text-slate-600 tabular-nums">({ratings.data.published_ratings})</span>
      </h2>
      {ratings.data.total_pages > 1 ? (
        <p className="mb-2 text-sm text-slate-600">
          {texts.ratings.pageOf(page, ratings.data.total_pages, ADMIN_RATINGS_PAGE_SIZE)}
        </p>
      ) : null}
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
          ...reviewColumns(deletion.ask),
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
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  // The server searches (a request per pause in the typing, not per key) and pages the list.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => {
      setQuery(wanted);
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);
  const waitingList = useBrandRatings({ state: 'waiting', page: 1 });
  const ratings = useBrandRatings({ state: 'published', page, q: query });
  const remove = useRemoveBrandRating();
  const approve = useApproveBrandRating();
  const deletion = useDeletion(
    (id) => remove.mutateAsync(id),
    texts.ratings.brandDeleted,
    texts.ratings.brandDeleteFailed,
  );
  if (ratings.isError || waitingList.isError) {
    return (
      <ErrorState
        message={texts.ratings.failed}
        onRetry={() => {
          if (ratings.isError) void ratings.refetch();
          if (waitingList.isError) void waitingList.refetch();
        }}
      />
    );
  }
  if (ratings.isPending || waitingList.isPending) return <Loading />;
  const rows = ratings.data.data;
  const { pagination } = ratings.data;
  return (
    <>
      {deletion.view}
      <WaitingReviews
        reviews={waitingList.data.data.map((r) => ({ ...r, about: r.customer_phone }))}
        approve={(id) => approve.mutateAsync(id)}
        onDelete={deletion.ask}
        busy={approve.isPending}
      />
      <h2 className="mb-1 text-base font-semibold text-slate-900">
        {texts.ratings.published} <span className="text-slate-600 tabular-nums">({ratings.data.published})</span>
      </h2>
      <p className="mb-2 flex items-center gap-2 text-sm text-slate-600">
        {texts.ratings.average}:{' '}
        <strong className="text-slate-900">{Number(ratings.data.average_rating).toFixed(1)}/5</strong>
        <Stars value={Number(ratings.data.average_rating)} />
      </p>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={texts.ratings.search}
          aria-label={texts.ratings.search}
          className={`${inputClass} max-w-xs`}
        />
        {query ? <p className="text-sm text-slate-600">{texts.ratings.found(pagination.total, query)}</p> : null}
      </div>
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
          ...reviewColumns(deletion.ask),
        ]}
      />
      {pagination.total_pages > 1 ? (
        <Pager
          page={pagination.page}
          hasPrevious={pagination.page > 1}
          hasNext={pagination.has_next_page}
          onPrevious={() => setPage((p) => Math.max(1, p - 1))}
          onNext={() => setPage((p) => p + 1)}
        />
      ) : null}
    </>
  );
}

/**
 * A rating's deletion asked in the page (not the browser's confirm) and its outcome said in the
 * page (not an alert): `view` is the dialog or the message, `ask` opens the dialog for a rating.
 */
function useDeletion(remove: (id: number) => Promise<unknown>, done: string, failed: (message: string) => string) {
  const [asked, setAsked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function confirm(id: number) {
    setBusy(true);
    try {
      await remove(id);
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      if (!sessionEnded(error)) setMessage({ tone: 'error', text: failed(errorMessage(error, 'Unknown error')) });
    } finally {
      setBusy(false);
      setAsked(null);
    }
  }
  const view = (
    <>
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
      {asked !== null ? (
        <ConfirmDialog
          title={texts.ratings.deleteTitle}
          message={texts.ratings.confirmDelete}
          busy={busy}
          onCancel={() => setAsked(null)}
          onConfirm={() => void confirm(asked)}
        />
      ) : null}
    </>
  );
  return {
    view,
    ask: (id: number) => {
      setMessage(null);
      setAsked(id);
    },
  };
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
