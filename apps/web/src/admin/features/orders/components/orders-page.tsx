import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_ORDERS_PAGE_SIZES } from '@shop/domain/constants';
import { formatDa } from '@shop/domain/money';
import { CONFIRMATION_STATES, ORDER_STATUSES, RETURN_STATES } from '@shop/domain/order-status';
import { ConfirmationBadge, OrderFlags, Reputation } from '../../../components/order-facts.tsx';
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
import { useCan } from '../../../lib/access.tsx';
import { NO_FILTERS, useOrders, type OrderSearch } from '../api/search-orders.ts';
import { useAllWilayas } from '../../../lib/wilayas.ts';
import { CourierActions } from './courier-actions.tsx';
import { OrderDetailsModal } from './order-details-modal.tsx';
import { paramsFromSearch, preferredPageSize, rememberPageSize, searchFromParams } from './order-filters.ts';
import { SelectionBar } from './selection-bar.tsx';
import { StatusSelect } from './status-select.tsx';
import { OrderCourierLine } from '../../couriers/components/order-courier.tsx';

const labelClass = 'mb-1 block text-xs font-medium text-slate-700';

export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const [defaultLimit] = useState(preferredPageSize);
  const search = searchFromParams(params, defaultLimit);
  const openId = Number(params.get('order')) || null;
  const [draft, setDraft] = useState(search.q);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const orders = useOrders(search);
  const wilayas = useAllWilayas();
  const mayChangeStatuses = useCan('statuses');
  const mayDispatch = useCan('dispatch');
  const mayExport = useCan('exports');
  // Orders are chosen for what is done to several at once: statuses, parcels, slips, files.
  const selectable = mayChangeStatuses || mayDispatch;

  useEffect(() => {
    // Order errors are only logged (SPEC §8); the page also says it could not load.
    if (orders.error) console.error(orders.error);
  }, [orders.error]);

  function go(next: OrderSearch, order = openId) {
    setParams(paramsFromSearch(next, order));
  }
  /** A filter changed: back to page 1, nothing selected. */
  function filter(change: Partial<OrderSearch>) {
    setSelected(new Set());
    go({ ...search, ...change, page: 1 });
  }
  function toggle(id: number, on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const rows = orders.data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((o) => selected.has(o.id));
  return (
    <section>
      <PageHeader title={texts.orders.title} />
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          filter({ q: draft.trim() });
        }}
      >
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={texts.orders.searchPlaceholder}
          aria-label={texts.orders.searchPhone}
          className={`${inputBase} min-w-0 flex-1 sm:w-64 sm:flex-none`}
        />
        <button type="submit" className={buttonClass('primary')}>
          {texts.orders.search}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            setDraft('');
            setSelected(new Set());
            go({ ...NO_FILTERS, page: 1, limit: search.limit });
          }}
        >
          {texts.orders.clear}
        </button>
      </form>
      <fieldset className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-7">
        <legend className="sr-only">{texts.orders.filters}</legend>
        <div>
          <label htmlFor="filter-status" className={labelClass}>
            {texts.orders.status}
          </label>
          <select
            id="filter-status"
            value={search.status}
            // A parcel's way back only means something for returned orders.
            onChange={(e) => filter({ status: e.target.value as OrderSearch['status'], return_state: '' })}
            className={`${inputBase} w-full capitalize`}
          >
            <option value="">{texts.orders.allStatuses}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {search.status === 'returned' ? (
          <div>
            <label htmlFor="filter-return" className={labelClass}>
              {texts.orders.returnState}
            </label>
            <select
              id="filter-return"
              value={search.return_state}
              onChange={(e) => filter({ return_state: e.target.value as OrderSearch['return_state'] })}
              className={`${inputBase} w-full`}
            >
              <option value="">{texts.orders.allReturns}</option>
              {RETURN_STATES.map((state) => (
                <option key={state} value={state}>
                  {texts.orders.returnStates[state]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="filter-confirmation" className={labelClass}>
            {texts.orders.confirmation}
          </label>
          <select
            id="filter-confirmation"
            value={search.confirmation}
            onChange={(e) => filter({ confirmation: e.target.value as OrderSearch['confirmation'] })}
            className={`${inputBase} w-full`}
          >
            <option value="">{texts.orders.allConfirmations}</option>
            {CONFIRMATION_STATES.map((c) => (
              <option key={c} value={c}>
                {texts.desk.confirmationStates[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-type" className={labelClass}>
            {texts.orders.type}
          </label>
          <select
            id="filter-type"
            value={search.type}
            onChange={(e) => filter({ type: e.target.value as OrderSearch['type'] })}
            className={`${inputBase} w-full`}
          >
            <option value="">{texts.orders.all}</option>
            <option value="regular">{texts.orders.regular}</option>
            <option value="custom">{texts.orders.custom}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-wilaya" className={labelClass}>
            {texts.orders.wilaya}
          </label>
          <select
            id="filter-wilaya"
            value={search.wilaya}
            onChange={(e) => filter({ wilaya: e.target.value })}
            className={`${inputBase} w-full`}
          >
            <option value="">{texts.orders.allWilayas}</option>
            {/* A wilaya from a link that the list does not hold yet stays chosen. */}
            {search.wilaya && !wilayas.data?.some((w) => w.wilaya_name === search.wilaya) ? (
              <option value={search.wilaya}>{search.wilaya}</option>
            ) : null}
            {(wilayas.data ?? []).map((w) => (
              <option key={w.id} value={w.wilaya_name}>
                {w.wilaya_code ? `${w.wilaya_code} - ` : ''}
                {w.wilaya_name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className={labelClass}>
            {texts.orders.from}
          </label>
          <input
            id="filter-from"
            type="date"
            value={search.from}
            max={search.to || undefined}
            onChange={(e) => filter({ from: e.target.value })}
            className={`${inputBase} w-full`}
          />
        </div>
        <div>
          <label htmlFor="filter-to" className={labelClass}>
            {texts.orders.to}
          </label>
          <input
            id="filter-to"
            type="date"
            value={search.to}
            min={search.from || undefined}
            onChange={(e) => filter({ to: e.target.value })}
            className={`${inputBase} w-full`}
          />
        </div>
        <div>
          <label htmlFor="filter-attention" className={labelClass}>
            {texts.orders.attentionFilter}
          </label>
          <select
            id="filter-attention"
            value={search.attention}
            onChange={(e) => filter({ attention: e.target.value === 'true' ? 'true' : '' })}
            className={`${inputBase} w-full`}
          >
            <option value="">{texts.orders.all}</option>
            <option value="true">{texts.orders.attentionOnly}</option>
          </select>
        </div>
      </fieldset>
      {mayDispatch || mayExport ? <CourierActions ids={[...selected]} search={search} /> : null}
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        {/* On a phone the table's header (and its checkbox) is hidden: this one is always there. */}
        {selectable ? (
          <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={allSelected}
              disabled={rows.length === 0}
              onChange={(e) => rows.forEach((o) => toggle(o.id, e.target.checked))}
              className="h-5 w-5 sm:h-4 sm:w-4"
            />
            {texts.orders.selectAllCount(rows.length)}
          </label>
        ) : (
          <span />
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {texts.orders.perPage}
          <select
            value={search.limit}
            onChange={(e) => {
              const limit = Number(e.target.value);
              rememberPageSize(limit);
              filter({ limit });
            }}
            className={inputBase}
          >
            {ADMIN_ORDERS_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>
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
              <th className={thClass}>{texts.orders.wilaya}</th>
              <th className={thClass}>{texts.orders.itemsCol}</th>
              <th className={thClass}>{texts.orders.total}</th>
              <th className={thClass}>{texts.orders.status}</th>
              <th className={`${thClass} text-right`}>{texts.common.actions}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? <EmptyRow colSpan={7} text={texts.orders.empty} /> : null}
            {rows.map((order) => (
              <tr key={order.id} className="hover:bg-slate-50">
                <td data-label={texts.orders.id} className={`${tdClass} whitespace-nowrap`}>
                  <span className="flex items-center gap-2">
                    {selectable ? (
                      <input
                        type="checkbox"
                        aria-label={texts.orders.select(order.id)}
                        checked={selected.has(order.id)}
                        onChange={(e) => toggle(order.id, e.target.checked)}
                        className="h-5 w-5 sm:h-4 sm:w-4"
                      />
                    ) : null}
                    <span>
                      <span className="block font-medium tabular-nums">#{order.id}</span>
                      <span className="block text-xs text-slate-600">{formatDate(order.created_at)}</span>
                    </span>
                  </span>
                </td>
                <td data-label={texts.orders.customer} className={tdClass}>
                  <span className="block">
                    <span className="block font-medium whitespace-nowrap">{order.customer_name}</span>
                    <span className="block text-xs tabular-nums">{order.customer_phone}</span>
                    <Reputation reputation={order.reputation} />
                    <span className="mt-0.5 block">
                      <OrderFlags order={order} />
                    </span>
                  </span>
                </td>
                <td data-label={texts.orders.wilaya} className={`${tdClass} whitespace-nowrap`}>
                  {order.wilaya_name}
                  <span className="block text-xs text-slate-500">
                    {order.commune_name ? `${order.commune_name} · ` : ''}
                    {texts.orders.deliveryTypes[order.delivery_type]}
                  </span>
                  <OrderCourierLine order={order} />
                </td>
                <td data-label={texts.orders.itemsCol} className={`${tdClass} text-xs sm:max-w-[16rem]`}>
                  <span className="break-words">{order.item_summary}</span>
                </td>
                <td data-label={texts.orders.total} className={`${tdClass} whitespace-nowrap tabular-nums`}>
                  {formatDa(order.final_total)}
                </td>
                <td data-label={texts.orders.status} className={tdClass}>
                  <span className="flex flex-wrap items-center justify-end gap-1 sm:justify-start">
                    <StatusSelect order={order} />
                    <ConfirmationBadge confirmation={order.confirmation} />
                    {order.status === 'returned' ? (
                      <span className="w-full text-right text-xs text-slate-600 sm:text-left">
                        {texts.orders.returnStates[order.return_received_at ? 'received' : 'on_the_way']}
                      </span>
                    ) : null}
                    {order.tracking_number ? (
                      <span className="w-full text-right text-xs text-slate-600 tabular-nums sm:text-left">
                        {order.tracking_number}
                      </span>
                    ) : null}
                    {order.courier_error ? (
                      <span className="w-full text-right text-xs text-red-700 sm:text-left">
                        {texts.courier.courierError}
                      </span>
                    ) : null}
                    {order.courier_attention ? (
                      <span
                        className="w-full text-right text-xs font-semibold text-amber-800 sm:text-left"
                        title={order.courier_attention}
                      >
                        {texts.orders.courierAttention}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label={texts.common.actions} className={`${tdClass} text-right`}>
                  <button type="button" className={buttonClass('secondary', true)} onClick={() => go(search, order.id)}>
                    {texts.orders.details}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
      <SelectionBar
        ids={[...selected]}
        mayChangeStatuses={mayChangeStatuses}
        mayDispatch={mayDispatch}
        onClear={() => setSelected(new Set())}
        onDone={(done) => done.forEach((id) => toggle(id, false))}
      />
      <Pager
        page={search.page}
        hasPrevious={search.page > 1}
        hasNext={orders.data?.pagination.has_next_page ?? false}
        onPrevious={() => go({ ...search, page: Math.max(1, search.page - 1) })}
        onNext={() => go({ ...search, page: search.page + 1 })}
      />
      {openId !== null ? <OrderDetailsModal orderId={openId} onClose={() => go(search, null)} /> : null}
    </section>
  );
}
