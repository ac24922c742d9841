import { formatDa } from '@shop/domain/money';
import { imageUrl } from '../../../../lib/api.ts';
import { Modal } from '../../../components/modal.tsx';
import { ErrorState, Loading, formatDate } from '../../../components/ui.tsx';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useOrder } from '../api/get-order.ts';
import { statusClass } from '../../../components/status-colors.ts';

/** Colour names are free text (often French); only a real CSS colour gets a swatch. */
function isCssColor(value: string): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', value);
}

function StatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold capitalize ${statusClass(status)}`}
    >
      {status}
    </span>
  );
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
  return (
    <Modal title={texts.orders.detailsTitle(orderId)} onClose={onClose} size="lg">
      {order.isPending ? <Loading /> : null}
      {order.isError ? (
        <ErrorState
          message={texts.orders.orderFailed}
          retrying={order.isFetching}
          onRetry={() => void order.refetch()}
        />
      ) : null}
      {order.data ? <OrderDetails order={order.data} /> : null}
    </Modal>
  );
}

function OrderDetails({ order }: { order: Order }) {
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Info label={texts.orders.customer}>{order.customer_name}</Info>
        <Info label={texts.orders.phone}>{order.customer_phone}</Info>
        <Info label={texts.orders.status}>
          <StatusBadge status={order.status} />
        </Info>
        <Info label={texts.orders.address}>{order.customer_address}</Info>
        <Info label={texts.orders.postalCode}>{order.customer_postal_code}</Info>
        <Info label={texts.orders.date}>{formatDate(order.created_at)}</Info>
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
                    <span>
                      {texts.orders.size}: {item.size || '—'}
                    </span>
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

      <section>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">{texts.orders.history}</h3>
        {(order.status_history ?? []).length === 0 ? (
          <p className="text-sm text-slate-500">{texts.orders.noHistory}</p>
        ) : (
          <ol className="space-y-1.5 text-sm">
            {(order.status_history ?? []).map((entry, index) => (
              <li key={index} className="flex flex-wrap items-center gap-2">
                <span className="w-40 text-xs text-slate-500">{formatDate(entry.changed_at)}</span>
                {entry.from_status ? <StatusBadge status={entry.from_status} /> : null}
                {entry.from_status ? <span aria-hidden="true">→</span> : null}
                <StatusBadge status={entry.to_status} />
              </li>
            ))}
          </ol>
        )}
      </section>
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
          {order.wilaya_name ? ` (${order.wilaya_name})` : ''}
        </dt>
        <dd>{formatDa(order.shipping_fee)}</dd>
      </div>
      <div className={`${row} border-t border-slate-300 font-semibold`}>
        <dt>{texts.orders.total}</dt>
        <dd>{formatDa(order.final_total)}</dd>
      </div>
    </dl>
  );
}
