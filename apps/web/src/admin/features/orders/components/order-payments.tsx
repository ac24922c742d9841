import { useId, useState, type FormEvent } from 'react';
import { formatDa } from '@shop/domain/money';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  orderPaymentCreateSchema,
  paymentsClosed,
  type PaymentMethod,
} from '@shop/domain/order-payments';
import { AmountInput, Field, buttonClass, inputClass } from '../../../components/ui.tsx';
import { useCan } from '../../../lib/access.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useAddPayment, useRemovePayment } from '../api/payments.ts';

/** Today as YYYY-MM-DD on the phone's own calendar (the day the owner received the money). */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * Payments received before delivery (a custom order's advance by CCP, say), and a form to record
 * one: the courier then collects only what is left, on the parcel and the slip.
 */
export function OrderPayments({ order }: { order: Order }) {
  const id = useId();
  const add = useAddPayment();
  const remove = useRemovePayment();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('ccp');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [error, setError] = useState<string | null>(null);
  // Recording money received is the owner's and a manager's; the others see what was paid.
  const mayRecord = useCan('statuses');
  const open = mayRecord && paymentsClosed(order) === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderPaymentCreateSchema.safeParse({ amount, method, reference, paid_on: paidOn });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? texts.payments.failed);
    setError(null);
    add.mutate(
      { id: order.id, payment: { amount, method, reference, paid_on: paidOn } },
      {
        onSuccess: () => {
          setAmount('');
          setReference('');
        },
        onError: (e) => {
          if (!sessionEnded(e)) setError(errorMessage(e, texts.payments.failed));
        },
      },
    );
  }

  function removeOne(paymentId: number) {
    setError(null);
    remove.mutate(
      { id: order.id, paymentId },
      {
        onError: (e) => {
          if (!sessionEnded(e)) setError(errorMessage(e, texts.payments.removeFailed));
        },
      },
    );
  }

  if (order.payments.length === 0 && !open) return null;
  return (
    <section aria-labelledby={`${id}-title`} data-testid="payments">
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold text-slate-700">
        {texts.payments.title}
      </h3>
      {order.payments.length === 0 ? (
        <p className="text-sm text-slate-500">{texts.payments.none}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
          {order.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-semibold tabular-nums">{formatDa(payment.amount)}</span>
              <span>{PAYMENT_METHOD_LABELS[payment.method]}</span>
              {payment.reference ? <span className="text-slate-600">{payment.reference}</span> : null}
              <span className="text-xs text-slate-500">{payment.paid_on}</span>
              {open ? (
                <button
                  type="button"
                  className="ml-auto text-xs font-medium text-red-700 underline"
                  disabled={remove.isPending}
                  onClick={() => removeOne(payment.id)}
                  aria-label={texts.payments.removeLabel(formatDa(payment.amount))}
                >
                  {texts.payments.remove}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form noValidate onSubmit={submit} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field id={`${id}-amount`} label={texts.payments.amount}>
            <AmountInput
              id={`${id}-amount`}
              value={amount}
              invalid={error !== null}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
          <Field id={`${id}-method`} label={texts.payments.method}>
            <select
              id={`${id}-method`}
              className={inputClass}
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-reference`} label={texts.payments.reference}>
            <input
              id={`${id}-reference`}
              className={inputClass}
              maxLength={100}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </Field>
          <Field id={`${id}-date`} label={texts.payments.date}>
            <input
              id={`${id}-date`}
              type="date"
              className={inputClass}
              value={paidOn}
              max={today()}
              onChange={(e) => setPaidOn(e.target.value)}
            />
          </Field>
          {error ? (
            <p role="alert" className="col-span-full text-xs text-red-600">
              {error}
            </p>
          ) : null}
          <div className="col-span-full">
            <button type="submit" className={`${buttonClass('secondary')} w-full sm:w-auto`} disabled={add.isPending}>
              {texts.payments.add}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
