import { useState } from 'react';
import { toast } from 'react-toastify';
import type { OrderStatus } from '@shop/domain/order-status';
import { statusChoices } from '@shop/domain/order-transitions';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import type { Order } from '../../../lib/types.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { statusClass } from '../../../components/status-colors.ts';
import { useCan } from '../../../lib/access.tsx';

/**
 * The statuses the transition table allows from the order's (SPEC §4's free moves, `returned`
 * only from shipping); the server may still refuse, e.g. stock gone, or a parcel its courier will
 * not cancel. Cancelling puts the stock back on sale (and asks the courier to cancel a parcel),
 * so it is confirmed first; every change says it is saved.
 */
export function StatusSelect({
  order,
}: {
  order: Pick<Order, 'id' | 'status' | 'stock_reserved' | 'tracking_number' | 'return_received_at'>;
}) {
  const { id: orderId, status } = order;
  const update = useUpdateOrderStatus();
  const [asked, setAsked] = useState<OrderStatus | null>(null);
  const mayChange = useCan('statuses');

  function save(next: OrderStatus) {
    update.mutate(
      { id: orderId, status: next },
      {
        onSuccess: () => toast.success(texts.orders.statusSaved(orderId, next)),
        onError: (error) => {
          console.error(error);
          toast.error(errorMessage(error, texts.orders.statusFailed));
        },
        onSettled: () => setAsked(null),
      },
    );
  }

  if (!mayChange) {
    return (
      <span className={`rounded-full border px-2.5 py-1 text-xs font-semibold capitalize ${statusClass(status)}`}>
        {status}
      </span>
    );
  }
  return (
    <>
      <select
        value={status}
        aria-label={texts.orders.statusFor(orderId)}
        disabled={update.isPending}
        onChange={(e) => {
          const next = e.target.value as OrderStatus;
          if (next === 'cancelled') setAsked(next);
          else save(next);
        }}
        className={`rounded-full border px-2.5 py-1 text-xs font-semibold capitalize ${statusClass(status)}`}
      >
        {statusChoices({
          status,
          reserved: order.stock_reserved,
          hasParcel: order.tracking_number !== null,
          returnReceived: order.return_received_at !== null,
        }).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {asked ? (
        <ConfirmDialog
          title={texts.orders.cancelTitle(orderId)}
          message={texts.orders.cancelConfirm}
          confirmLabel={texts.orders.cancelAction}
          cancelLabel={texts.orders.keep}
          busy={update.isPending}
          onCancel={() => setAsked(null)}
          onConfirm={() => save(asked)}
        />
      ) : null}
    </>
  );
}
