import { useEffect, useState } from 'react';
import { formatDa } from '@shop/domain/money';
import type { OrderType } from '@shop/domain/order-status';
import {
  EmptyRow,
  ErrorState,
  Loading,
  PageHeader,
  Pager,
  TableWrap,
  buttonClass,
  formatDate,
  inputBase,
  tdClass,
  thClass,
} from '../../../components/ui.tsx';
import { texts } from '../../../texts.ts';
import { useOrders, type OrderSearch } from '../api/search-orders.ts';
import { OrderDetailsModal } from './order-details-modal.tsx';
import { StatusSelect } from './status-select.tsx';

export function OrdersPage() {
  const [search, setSearch] = useState<OrderSearch>({ page: 1, q: '', type: '' });
  const [draft, setDraft] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const orders = useOrders(search);

  useEffect(() => {
    // Order errors are only logged (SPEC §8); the page also says it could not load.
    if (orders.error) console.error(orders.error);
  }, [orders.error]);

  const rows = orders.data?.data ?? [];
  return (
    <section>
      <PageHeader title={texts.orders.title} />
      <form
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch((s) => ({ ...s, page: 1, q: draft.trim() }));
        }}
      >
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={texts.orders.searchPlaceholder}
          aria-label={texts.orders.searchPhone}
          className={`${inputBase} w-full sm:w-64`}
        />
        <select
          aria-label={texts.orders.type}
          value={search.type}
          onChange={(e) => setSearch((s) => ({ ...s, page: 1, type: e.target.value as OrderType | '' }))}
          className={`${inputBase} w-32`}
        >
          <option value="">{texts.orders.all}</option>
          <option value="regular">{texts.orders.regular}</option>
          <option value="custom">{texts.orders.custom}</option>
        </select>
        <button type="submit" className={buttonClass('primary')}>
          {texts.orders.search}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            setDraft('');
            setSearch({ page: 1, q: '', type: '' });
          }}
        >
          {texts.orders.clear}
        </button>
      </form>
      {orders.isError ? (
        <ErrorState message={texts.orders.failed} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Loading />
      ) : (
        <TableWrap cards label={texts.orders.title}>
          <thead>
            <tr>
              <th className={thClass}>{texts.orders.id}</th>
              <th className={thClass}>{texts.orders.customer}</th>
              <th className={thClass}>{texts.orders.phone}</th>
              <th className={thClass}>{texts.orders.type}</th>
              <th className={thClass}>{texts.orders.total}</th>
              <th className={thClass}>{texts.orders.status}</th>
              <th className={thClass}>{texts.orders.date}</th>
              <th className={`${thClass} text-right`}>{texts.common.actions}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? <EmptyRow colSpan={8} text={texts.orders.empty} /> : null}
            {rows.map((order) => (
              <tr key={order.id} className="hover:bg-slate-50">
                <td data-label={texts.orders.id} className={`${tdClass} font-medium tabular-nums`}>
                  #{order.id}
                </td>
                <td data-label={texts.orders.customer} className={`${tdClass} whitespace-nowrap`}>
                  {order.customer_name}
                </td>
                <td data-label={texts.orders.phone} className={`${tdClass} tabular-nums`}>
                  {order.customer_phone}
                </td>
                <td data-label={texts.orders.type} className={`${tdClass} capitalize`}>
                  {order.type}
                </td>
                <td data-label={texts.orders.total} className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  {formatDa(order.final_total)}
                </td>
                <td data-label={texts.orders.status} className={tdClass}>
                  <StatusSelect orderId={order.id} status={order.status} />
                </td>
                <td data-label={texts.orders.date} className={`${tdClass} whitespace-nowrap text-xs text-slate-600`}>
                  {formatDate(order.created_at)}
                </td>
                <td data-label={texts.common.actions} className={`${tdClass} text-right`}>
                  <button type="button" className={buttonClass('secondary', true)} onClick={() => setOpenId(order.id)}>
                    {texts.orders.details}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
      <Pager
        page={search.page}
        hasPrevious={search.page > 1}
        hasNext={orders.data?.pagination.has_next_page ?? false}
        onPrevious={() => setSearch((s) => ({ ...s, page: Math.max(1, s.page - 1) }))}
        onNext={() => setSearch((s) => ({ ...s, page: s.page + 1 }))}
      />
      {openId !== null ? <OrderDetailsModal orderId={openId} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}
