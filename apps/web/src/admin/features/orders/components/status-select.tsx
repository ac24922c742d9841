import { useState } from 'react';
import { toast } from 'react-toastify';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { statusClass } from '../../../components/status-colors.ts';

/**
 * 'returned' is offered only for a parcel on its way or already back: the server refuses it from
 * any other status (DESIGN §6.5).
 */
export function statusChoices(current: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => s !== 'returned' || current === 'shipping' || current === 'returned');
}

/**
 * Any status may be chosen freely (SPEC §4); the server may still refuse, e.g. stock gone.
 * Cancelling puts the stock back on sale, so it is confirmed first; every change says it is saved.
 */
export function StatusSelect({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const update = useUpdateOrderStatus();
  const [asked, setAsked] = useState<OrderStatus | null>(null);

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
        {statusChoices(status).map((s) => (
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
