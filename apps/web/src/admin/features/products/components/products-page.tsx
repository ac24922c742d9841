import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_LOW_STOCK_LIST_BELOW } from '@shop/domain/constants';
import { formatDa } from '@shop/domain/money';
import { productToast } from '../../../lib/toast.ts';
import { useReopenFormDraft } from '../../../lib/form-drafts.ts';
import { sessionEnded } from '../../../lib/admin-request.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  DataTable,
  ErrorState,
  Loading,
  PageHeader,
  Pager,
  RowActions,
  buttonClass,
  inputClass,
} from '../../../components/ui.tsx';
import type { Product } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useProductTypes } from '../../product-types/api/get-product-types.ts';
import { useProducts } from '../api/get-products.ts';
import { productQueryOptions } from '../api/get-product.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { DiscountInput } from './discount-input.tsx';
import { PRODUCT_FORM, ProductFormModal } from './product-form-modal.tsx';
import { ColorDots } from './color-dots.tsx';
import { ProductDetailsModal } from './product-details-modal.tsx';

/** How long the typing pauses before the list is searched. */
const SEARCH_PAUSE_MS = 300;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; product: Product }
  | { kind: 'view'; product: Product }
  | { kind: 'delete'; product: Product }
  | null;

export function ProductsPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // The server searches (a request per pause in the typing, not per key) and pages the list.
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => {
      setQuery(wanted);
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, query]);
  const products = useProducts({ page, q: query });
  const types = useProductTypes();
  const remove = useDeleteProduct();
  const [dialog, setDialog] = useState<Dialog>(null);

  async function open(kind: 'edit' | 'view', id: number) {
    try {
      const product = await queryClient.fetchQuery(productQueryOptions(id));
      setDialog({ kind, product });
    } catch (error) {
      if (sessionEnded(error)) return;
      productToast.error(kind === 'edit' ? texts.products.editFailed : texts.products.detailsFailed);
    }
  }

  // /admin/products?product=12 (the dashboard's low-stock list) opens that product's form, once.
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('product')) || null;
  const ready = products.isSuccess && types.isSuccess;
  useEffect(() => {
    if (!asked || !ready) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('product');
        return next;
      },
      { replace: true },
    );
    queryClient.fetchQuery(productQueryOptions(asked)).then(
      (product) => setDialog({ kind: 'edit', product }),
      (error: unknown) => {
        if (!sessionEnded(error)) productToast.error(texts.products.editFailed);
      },
    );
  }, [asked, ready, queryClient, setParams]);

  // Signing in again after the session ended on the product form comes back here, with it.
  useReopenFormDraft(PRODUCT_FORM, products.isSuccess && types.isSuccess, (target) => {
    if (target === 'new') setDialog({ kind: 'add' });
    else void open('edit', Number(target));
  });

  if (products.isError || types.isError) {
    return (
      <section>
        <PageHeader title={texts.products.title} />
        <ErrorState
          message={texts.products.initFailed}
          detail={products.isError ? texts.products.fetchProductsFailed : texts.products.fetchTypesFailed}
          retrying={products.isFetching || types.isFetching}
          onRetry={() => {
            if (products.isError) void products.refetch();
            if (types.isError) void types.refetch();
          }}
        />
      </section>
    );
  }
  if (products.isPending || types.isPending) return <Loading />;

  const visible = products.data.data;
  const { pagination } = products.data;
  const productTypes = types.data.filter((t) => !t.for_custom);

  return (
    <section>
      <PageHeader title={texts.products.title}>
        <button type="button" className={buttonClass('primary')} onClick={() => setDialog({ kind: 'add' })}>
          + {texts.products.add}
        </button>
      </PageHeader>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={texts.products.search}
          aria-label={texts.products.search}
          className={`${inputClass} max-w-xs`}
        />
        {query ? (
          <p role="status" className="text-sm text-slate-600">
            {texts.products.found(pagination.total, query)}
          </p>
        ) : null}
      </div>
      <DataTable
        label={texts.products.title}
        rows={visible}
        rowKey={(product) => product.id}
        rowClassName="hover:bg-slate-50"
        empty={texts.products.empty}
        columns={[
          {
            header: texts.products.name,
            className: 'max-w-[16rem] font-medium',
            cell: (product) => (
              <>
                <span className="line-clamp-2">{product.name}</span>
                <ColorDots colors={product.colors} />
              </>
            ),
          },
          {
            header: texts.products.price,
            className: 'whitespace-nowrap tabular-nums',
            cell: (product) => formatDa(product.price),
          },
          {
            header: texts.products.stock,
            className: 'tabular-nums',
            cell: (product) =>
              product.stock < ADMIN_LOW_STOCK_LIST_BELOW ? (
                <span className="font-semibold text-red-600">{product.stock}</span>
              ) : (
                product.stock
              ),
          },
          { header: texts.products.type, className: 'whitespace-nowrap', cell: (product) => product.type_name ?? '—' },
          {
            header: texts.products.discount,
            cell: (product) => (
              <DiscountInput productId={product.id} productName={product.name} value={product.discount_percentage} />
            ),
          },
          {
            header: texts.common.actions,
            end: true,
            cell: (product) => (
              <RowActions>
                <button
                  type="button"
                  className={buttonClass('secondary', true)}
                  onClick={() => void open('view', product.id)}
                >
                  {texts.common.view}
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary', true)}
                  onClick={() => void open('edit', product.id)}
                >
                  {texts.common.edit}
                </button>
                <button
                  type="button"
                  className={buttonClass('danger', true)}
                  onClick={() => setDialog({ kind: 'delete', product })}
                >
                  {texts.common.delete}
                </button>
              </RowActions>
            ),
          },
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
      {dialog?.kind === 'add' ? <ProductFormModal types={productTypes} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? (
        <ProductFormModal product={dialog.product} types={productTypes} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'view' ? (
        <ProductDetailsModal product={dialog.product} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={texts.products.deleteTitle}
          message={texts.products.deleteConfirm(dialog.product.name)}
          busy={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.product.id, {
              onSuccess: () => productToast.success(texts.products.deleted),
              onError: () => productToast.error(texts.products.deleteFailed),
              onSettled: () => setDialog(null),
            })
          }
        />
      ) : null}
    </section>
  );
}
