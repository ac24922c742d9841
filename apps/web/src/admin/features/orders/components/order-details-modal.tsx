import { useState } from 'react';
import { Link } from 'react-router';
import type { CourierSendResult } from '@shop/domain/courier';
import { formatDa } from '@shop/domain/money';
import { EDITABLE_STATUSES } from '@shop/domain/order-status';
import { imageUrl } from '../../../../lib/api.ts';
import { Modal } from '../../../components/modal.tsx';
import { ConfirmationBadge, OrderFlags, Reputation } from '../../../components/order-facts.tsx';
import { Banner, ErrorState, Loading, buttonClass, formatDate } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { sizeShown } from '../../../lib/size-shown.ts';
import { texts } from '../../../texts.ts';
import { useCan } from '../../../lib/access.tsx';
import { useOrder } from '../api/get-order.ts';
import { useMarkCourierChecked } from '../api/courier-checked.ts';
import { useMarkReturnReceived } from '../api/mark-return-received.ts';
import { useUndoCall } from '../../confirm/api/undo-call.ts';
import { OrderEditForm } from './order-edit-form.tsx';
import { OrderHistory, StatusBadge } from './order-history.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderPayments } from './order-payments.tsx';
import { OrderAdEvents } from '../../marketing/components/order-ad-events.tsx';
import { SendResults, SendToCourierButton, slipsPath } from './courier-actions.tsx';
import { CourierLabelButton, OrderCourierChoice, OrderCourierLine } from '../../couriers/components/order-courier.tsx';

/** Colour names are free text (often French); only a real CSS colour gets a swatch. */
function isCssColor(value: string): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', value);
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function OrderDetailsModal({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const order = useOrder(orderId);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <Modal
      title={editing ? texts.orders.editTitle(orderId) : texts.orders.detailsTitle(orderId)}
      onClose={onClose}
      size="lg"
    >
      {order.isPending ? <Loading /> : null}
      {order.isError ? (
        <ErrorState
          message={texts.orders.orderFailed}
          retrying={order.isFetching}
          onRetry={() => void order.refetch()}
        />
      ) : null}
      {notice && !editing ? (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      {order.data && editing ? (
        <OrderEditForm
          order={order.data}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            setNotice({ tone: 'success', text: texts.orders.editSaved(saved.id) });
          }}
        />
      ) : null}
      {order.data && !editing ? (
        <OrderDetails
          order={order.data}
          onEdit={() => {
            setNotice(null);
            setEditing(true);
          }}
          onNotice={setNotice}
        />
      ) : null}
    </Modal>
  );
}

function OrderDetails({
  order,
  onEdit,
  onNotice,
}: {
  order: Order;
  onEdit: () => void;
  onNotice: (notice: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const received = useMarkReturnReceived();
  const undo = useUndoCall();
  const checked = useMarkCourierChecked();
  const desk = useCan('desk');
  const dispatch = useCan('dispatch');
  const mayCheck = useCan('statuses');
  const editable = desk && EDITABLE_STATUSES.includes(order.status);
  const waitingReturn = dispatch && order.status === 'returned' && order.return_received_at === null;
  const undoable = desk ? order.undoable_call : null;
  const [sent, setSent] = useState<CourierSendResult['results'] | null>(null);

  /** Runs a change of this order, saying in the page how it went. */
  function act(change: typeof received, done: ((saved: Order) => string) | null, failed: string) {
    change.mutate(order.id, {
      onSuccess: (saved) => {
        if (done) onNotice({ tone: 'success', text: done(saved) });
      },
      onError: (e) => {
        if (!sessionEnded(e)) onNotice({ tone: 'error', text: errorMessage(e, failed) });
      },
    });
  }
  const markReceived = () =>
    act(received, (saved) => texts.orders.returnReceivedDone(saved.id), texts.orders.returnReceivedFailed);

  return (
    <div className="space-y-5">
      {order.courier_attention ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">{texts.orders.courierAttention}</p>
          <p className="mt-1 break-words">{order.courier_attention}</p>
          {mayCheck ? (
            <button
              type="button"
              className={`${buttonClass('secondary')} mt-2 w-full sm:w-auto`}
              disabled={checked.isPending}
              onClick={() => act(checked, null, texts.orders.courierCheckFailed)}
            >
              {texts.orders.courierChecked}
            </button>
          ) : null}
        </div>
      ) : null}
      {editable || waitingReturn || undoable ? (
        <div className="flex flex-wrap gap-2">
          {undoable ? (
            <button
              type="button"
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
              disabled={undo.isPending}
              onClick={() => act(undo, (saved) => texts.orders.undone(saved.id), texts.orders.undoFailed)}
            >
              {texts.orders.undoCall(undoable.detail)}
            </button>
          ) : null}
          {editable ? (
            <button type="button" className={`${buttonClass('secondary')} w-full sm:w-auto`} onClick={onEdit}>
              {texts.orders.editOrder}
            </button>
          ) : null}
          {waitingReturn ? (
            <button
              type="button"
              className={`${buttonClass('primary')} w-full sm:w-auto`}
              disabled={received.isPending}
              onClick={markReceived}
            >
              {texts.orders.returnReceived}
            </button>
          ) : null}
        </div>
      ) : null}
      {dispatch ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="order-courier">
          {order.status === 'approved' && !order.tracking_number ? (
            <SendToCourierButton ids={[order.id]} onSent={setSent} />
          ) : null}
          <Link to={slipsPath([order.id])} className={buttonClass('secondary')}>
            {texts.courier.slip}
          </Link>
          {order.label_url ? (
            <a href={order.label_url} target="_blank" rel="noreferrer noopener" className={buttonClass('secondary')}>
              {texts.courier.openLabel}
            </a>
          ) : null}
          {order.tracking_number && (order.courier === 'ecotrack' || order.courier === 'noest') ? (
            <CourierLabelButton orderId={order.id} />
          ) : null}
        </div>
      ) : null}
      {dispatch ? <OrderCourierChoice order={order} /> : null}
      {sent ? <SendResults results={sent} onClose={() => setSent(null)} /> : null}
      {order.courier_error ? (
        <Banner tone="error">
          <span className="font-medium">{texts.courier.courierError}:</span> {order.courier_error}
        </Banner>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Info label={texts.orders.customer}>{order.customer_name}</Info>
        <Info label={texts.orders.phone}>{order.customer_phone}</Info>
        <Info label={texts.orders.status}>
          <StatusBadge status={order.status} />
        </Info>
        <Info label={texts.orders.address}>{order.customer_address}</Info>
        <Info label={texts.orders.postalCode}>{order.customer_postal_code}</Info>
        <Info label={texts.orders.delivery}>{texts.orders.deliveryTypes[order.delivery_type]}</Info>
        <Info label={texts.orders.commune}>{order.commune_name ?? '—'}</Info>
        <Info label={texts.orders.date}>{formatDate(order.created_at)}</Info>
        <Info label={texts.desk.confirmation}>
          <ConfirmationBadge confirmation={order.confirmation} />
        </Info>
        {order.call_attempts > 0 ? <Info label={texts.orders.attempts}>{order.call_attempts}</Info> : null}
        {order.call_back_at ? <Info label={texts.orders.callBack}>{formatDate(order.call_back_at)}</Info> : null}
        {order.refusal_reason ? (
          <Info label={texts.orders.refusal}>
            {texts.desk.refusalReasons[order.refusal_reason]}
            {order.refusal_note ? ` — ${order.refusal_note}` : ''}
          </Info>
        ) : null}
        <Info label={texts.desk.reputationLabel}>
          <Reputation reputation={order.reputation} />
        </Info>
        {order.held || order.possible_duplicate || order.duplicates.length > 0 ? (
          <Info label={texts.orders.flags}>
            <OrderFlags order={order} />
            {order.stock_reserved ? null : (
              <span className="mt-1 block text-xs text-slate-600">{texts.orders.noStockHeld}</span>
            )}
          </Info>
        ) : null}
        {order.tracking_number ? (
          <Info label={texts.orders.tracking}>
            <OrderCourierLine order={order} />
            {order.courier ? `${texts.courier.names[order.courier] ?? order.courier} ` : ''}
            <span className="tabular-nums">{order.tracking_number}</span>
          </Info>
        ) : null}
        {order.courier_status ? <Info label={texts.courier.courierStatus}>{order.courier_status}</Info> : null}
        {order.status === 'returned' ? (
          <Info label={texts.orders.returnReceivedAt}>
            {order.return_received_at ? formatDate(order.return_received_at) : texts.orders.returnWaiting}
          </Info>
        ) : null}
      </dl>

      {order.type === 'regular' ? (
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{texts.orders.items}</h3>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {(order.order_items ?? []).map((item) => (
              <li key={item.id} className="flex gap-3 p-3">
                <div className="flex shrink-0 gap-1">
                  {item.product_images.slice(0, 3).map((image) => (
                    <img
                      key={image.image_url}
                      src={imageUrl(image.image_url)}
                      alt={item.product_name}
                      className="h-14 w-14 rounded border border-slate-200 object-cover"
                    />
                  ))}
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-slate-900">{item.product_name}</p>
                  {item.product_description ? (
                    <p className="line-clamp-2 text-xs text-slate-500">{item.product_description}</p>
                  ) : null}
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-700">
                    <span>
                      {texts.orders.quantity}: {item.quantity}
                    </span>
                    <span>
                      {texts.orders.unitPrice}: {formatDa(item.unit_price ?? item.price_at_time)}
                    </span>
                    {item.unit_price !== undefined && item.unit_price !== item.price_at_time ? (
                      <span>
                        {texts.orders.listPrice}: {formatDa(item.price_at_time)}
                      </span>
                    ) : null}
                    <span>
                      {texts.orders.productType}: {item.product_type ?? '—'}
                    </span>
                    {item.color ? (
                      <span>
                        {texts.orders.colorAndSize}: {[item.color, sizeShown(item.size)].filter(Boolean).join(' / ')}
                      </span>
                    ) : (
                      <span>
                        {texts.orders.size}: {sizeShown(item.size) || '—'}
                      </span>
                    )}
                    <span>
                      {texts.orders.discount}: {item.product_discount_percentage}%
                    </span>
                  </p>
                </div>
                <p className="shrink-0 text-right text-sm font-semibold tabular-nums" data-testid="line-total">
                  <span className="sr-only">{texts.orders.lineTotal}: </span>
                  {formatDa((item.unit_price ?? item.price_at_time) * item.quantity)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section>
          <dl className="mb-3 grid grid-cols-3 gap-3">
            <Info label={texts.orders.clothingType}>{order.clothing_type ?? '—'}</Info>
            <Info label={texts.orders.color}>
              <span className="inline-flex items-center gap-1.5">
                {order.color && isCssColor(order.color) ? (
                  <span className="h-3 w-3 rounded-full border border-slate-300" style={{ background: order.color }} />
                ) : null}
                {order.color ?? '—'}
              </span>
            </Info>
            <Info label={texts.orders.size}>{order.size || '—'}</Info>
          </dl>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{texts.orders.referenceImages}</h3>
          <ul className="flex flex-wrap gap-3">
            {(order.reference_images ?? []).map((image) => (
              <li key={image.image_url} className="text-center text-xs text-slate-600">
                <a href={imageUrl(image.image_url)} target="_blank" rel="noreferrer" title={texts.orders.openFull}>
                  <img
                    src={imageUrl(image.image_url)}
                    alt={`${texts.orders.referenceImages} ${image.position ?? ''}`}
                    className="h-28 w-28 rounded border border-slate-200 object-cover hover:opacity-80"
                  />
                </a>
                <span className="capitalize">{image.position}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Receipt order={order} />

      <OrderPayments order={order} />

      <OrderNotes order={order} />

      <OrderHistory order={order} />

      <OrderAdEvents orderId={order.id} />
    </div>
  );
}

/** What the customer pays, line by line: lines − coupon + delivery = total. */
function Receipt({ order }: { order: Order }) {
  const row = 'flex justify-between gap-4 py-1';
  return (
    <dl className="rounded-md border border-slate-200 bg-slate-50 px-4 py-2 text-sm tabular-nums" data-testid="receipt">
      <div className={row}>
        <dt>{order.type === 'regular' ? texts.orders.lines : texts.orders.subtotal}</dt>
        <dd>{formatDa(order.subtotal)}</dd>
      </div>
      {order.coupon_code || order.discount_amount > 0 ? (
        <div className={`${row} text-red-700`}>
          <dt>{texts.orders.couponDiscount(order.coupon_code ?? '', order.discount_percentage)}</dt>
          <dd>−{formatDa(order.discount_amount)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>
          {texts.orders.shippingFee}
          {order.wilaya_name ? ` (${order.wilaya_name}, ${texts.orders.deliveryTypes[order.delivery_type]})` : ''}
        </dt>
        <dd>{formatDa(order.shipping_fee)}</dd>
      </div>
      <div className={`${row} border-t border-slate-300 font-semibold`}>
        <dt>{texts.orders.total}</dt>
        <dd>{formatDa(order.final_total)}</dd>
      </div>
      {order.amount_paid > 0 ? (
        <>
          <div className={`${row} text-green-800`}>
            <dt>{texts.payments.paid}</dt>
            <dd>−{formatDa(order.amount_paid)}</dd>
          </div>
          <div className={`${row} border-t border-slate-300 font-semibold`}>
            <dt>{texts.payments.toCollect}</dt>
            <dd>{formatDa(order.amount_due)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
