// Which courier account an order is with, or goes to: the account of its parcel (or of the send
// under way), the one the owner chose, else the routing table's (the same rule the server applies,
// packages/domain/src/courier-accounts.ts).
import { useState } from 'react';
import { routeOrder, type CourierAccount } from '@shop/domain/courier-accounts';
import type { Order } from '@shop/domain/order-responses';
import { Banner, buttonClass, inputBase, inputClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import { texts } from '../../../texts.ts';
import { useCourierAccounts } from '../api/courier-accounts.ts';
import { useCourierRoutes } from '../api/courier-routes.ts';
import { openCourierLabel, useAttachParcel, useChooseOrderCourier } from '../api/order-courier.ts';

type Routed = Pick<
  Order,
  | 'wilaya_name'
  | 'delivery_type'
  | 'courier_account_id'
  | 'courier_account_chosen'
  | 'tracking_number'
  | 'courier_sent_at'
>;

/** Whether the order's account is settled (sent, being sent, or chosen by the owner). */
const settled = (order: Routed) =>
  order.tracking_number !== null || order.courier_sent_at !== null || order.courier_account_chosen;

/** The account an order is with or goes to, and whether only the routing table says so. */
export function useOrderCourier(): (order: Routed) => { account: CourierAccount | null; routed: boolean } {
  const accounts = useCourierAccounts();
  const routes = useCourierRoutes();
  return (order) => {
    const list = accounts.data ?? [];
    if (settled(order)) {
      // Sent before accounts existed: its account is not known here (the courier's name is shown).
      const sent = order.tracking_number !== null || order.courier_sent_at !== null;
      return { account: list.find((a) => a.id === order.courier_account_id) ?? null, routed: !sent };
    }
    const id = routeOrder(
      { ...order, courier_account_id: null },
      routes.data?.routes ?? [],
      list.filter((a) => a.active).map((a) => a.id),
    );
    return { account: list.find((a) => a.id === id) ?? null, routed: true };
  };
}

/** "via DHD" for an order with its courier, "→ DHD" for one the routing table sends there. */
export function OrderCourierLine({ order }: { order: Routed }) {
  const courierOf = useOrderCourier();
  const { account, routed } = courierOf(order);
  if (!account)
    return routed && !settled(order) ? (
      <span className="block text-xs text-slate-600">{texts.courier.noAccount}</span>
    ) : null;
  return (
    <span className="block text-xs text-slate-600" data-testid="order-courier-account">
      {routed ? texts.courier.routed(account.name) : texts.courier.via(account.name)}
    </span>
  );
}

/**
 * In an order's details: the courier account it goes to, which the owner may change until the
 * order is sent; and when the courier's answer was lost at a courier that cannot be searched
 * (NOEST), the tracking number read in its dashboard attached.
 */
export function OrderCourierChoice({ order }: { order: Order }) {
  const accounts = useCourierAccounts();
  const courierOf = useOrderCourier();
  const choose = useChooseOrderCourier();
  const attach = useAttachParcel();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [tracking, setTracking] = useState('');
  const active = (accounts.data ?? []).filter((a) => a.active);
  const routedAccount = courierOf({ ...order, courier_account_chosen: false, courier_account_id: null }).account;
  const current = order.courier_account_chosen ? order.courier_account_id : null;
  const waitingAnswer =
    order.tracking_number === null && order.courier_sent_at !== null && order.courier_error !== null;

  function fail(error: unknown, fallback: string) {
    if (!sessionEnded(error)) setMessage({ tone: 'error', text: errorMessage(error, fallback) });
  }

  return (
    <div className="space-y-2">
      {order.tracking_number === null && order.courier_sent_at === null && active.length > 0 ? (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">{texts.courier.accountLabel}</span>
          <select
            className={`${inputBase} min-w-0 flex-1 sm:flex-none`}
            value={current ?? ''}
            disabled={choose.isPending}
            onChange={(e) => {
              setMessage(null);
              const accountId = e.target.value === '' ? null : Number(e.target.value);
              choose.mutate(
                { id: order.id, accountId, previous: current },
                {
                  onSuccess: () => setMessage({ tone: 'success', text: texts.courier.chosen }),
                  onError: (error) => fail(error, texts.courier.chooseFailed),
                },
              );
            }}
          >
            <option value="">{texts.courier.routedChoice(routedAccount?.name ?? null)}</option>
            {active.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {waitingAnswer ? (
        <form
          className="space-y-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            setMessage(null);
            attach.mutate(
              { orderId: order.id, tracking: tracking.trim() },
              {
                onSuccess: () => setMessage({ tone: 'success', text: texts.courier.attached }),
                onError: (error) => fail(error, texts.courier.attachFailed),
              },
            );
          }}
        >
          <p className="font-medium text-amber-900">{texts.courier.attachTitle}</p>
          <p className="text-amber-900">{texts.courier.attachHint}</p>
          <div className="flex flex-wrap gap-2">
            <label className="sr-only" htmlFor={`attach-${order.id}`}>
              {texts.courier.attachLabel}
            </label>
            <input
              id={`attach-${order.id}`}
              className={`${inputClass} flex-1`}
              placeholder={texts.courier.attachLabel}
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
            />
            <button type="submit" className={buttonClass('secondary')} disabled={!tracking.trim() || attach.isPending}>
              {texts.courier.attach}
            </button>
          </div>
        </form>
      ) : null}
      {message ? (
        <Banner tone={message.tone} onClose={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}
    </div>
  );
}

/** Opens the parcel's label its courier keeps behind the account's token (Ecotrack, NOEST). */
export function CourierLabelButton({ orderId, small = false }: { orderId: number; small?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', small)}
        disabled={busy}
        onClick={() => {
          setError(null);
          setBusy(true);
          openCourierLabel(orderId)
            .catch((e: unknown) => {
              if (!sessionEnded(e)) setError(errorMessage(e, texts.courier.labelFailed));
            })
            .finally(() => setBusy(false));
        }}
      >
        {texts.courier.labelPdf}
      </button>
      {error ? <span className="text-xs text-red-700">{error}</span> : null}
    </>
  );
}
