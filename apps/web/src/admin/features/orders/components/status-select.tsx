import { toast } from 'react-toastify';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import { errorMessage } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { statusClass } from './status-colors.ts';

/** Any status may be chosen freely (SPEC §4); the server may still refuse, e.g. stock gone. */
export function StatusSelect({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const update = useUpdateOrderStatus();
  return (
    <select
      value={status}
      aria-label={texts.orders.statusFor(orderId)}
      disabled={update.isPending}
      onChange={(e) =>
        update.mutate(
          { id: orderId, status: e.target.value as OrderStatus },
          {
            onError: (error) => {
              console.error(error);
              toast.error(errorMessage(error, texts.orders.statusFailed));
            },
          },
        )
      }
      className={`rounded-full border px-2.5 py-1 text-xs font-semibold capitalize ${statusClass(status)}`}
    >
      {ORDER_STATUSES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}
