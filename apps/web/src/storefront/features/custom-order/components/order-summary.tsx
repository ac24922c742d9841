import type { OrderTotals } from '@shop/domain/pricing';
import { toDa } from '@shop/domain/money';
import { formatDa, t } from '../../../i18n/i18n.ts';
import type { Coupon } from '../../checkout/use-coupon.ts';
import type { ServerPrices } from '../../checkout/use-place-order.ts';

interface Props {
  totals: OrderTotals;
  /** False until a listed wilaya is chosen: the fee says "à choisir" and the total leaves it out. */
  shippingChosen: boolean;
  coupon: Coupon;
  /** Applies the code and says the outcome (toasts, SPEC §8). */
  onApplyCoupon: () => void;
  whatsappUrl: string | undefined;
  /** The server's figures after a 409, until the customer confirms or cancels. */
  repriced: ServerPrices | null;
  onConfirmRepriced: () => void;
  onCancelRepriced: () => void;
  submitting: boolean;
  /** False while an image is being prepared, or with no item to order. */
  canSubmit: boolean;
}

function Row({ label, value, tone = '' }: { label: string; value: string; tone?: string }) {
  // Each <div> holds one dt/dd pair directly (a valid <dl>).
  return (
    <div className={`flex items-center justify-between gap-4 ${tone}`}>
      <dt>{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The summary panel (SPEC §2): totals, promo code, notes, the new total after a 409, and the submit. */
export function OrderSummary({
  totals,
  shippingChosen,
  coupon,
  onApplyCoupon,
  whatsappUrl,
  repriced,
  onConfirmRepriced,
  onCancelRepriced,
  submitting,
  canSubmit,
}: Props) {
  return (
    <aside className="flex flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-6 lg:sticky lg:top-24">
      <h2 className="text-xl font-bold">{t('customOrder.summaryTitle')}</h2>
      <dl className="flex flex-col gap-3 text-gray-700">
        <Row label={t('customOrder.subtotal')} value={formatDa(toDa(totals.subtotal))} />
        <Row
          label={
            coupon.state.status === 'valid' && coupon.state.amount !== null
              ? t('customOrder.discountFixed')
              : t('customOrder.discount', { percent: totals.discountPercentage })
          }
          value={formatDa(totals.discount > 0 ? -toDa(totals.discount) : 0)}
          tone={totals.discount > 0 ? 'text-red-600' : ''}
        />
        <Row
          label={t('customOrder.shipping')}
          value={shippingChosen ? formatDa(toDa(totals.shippingFee)) : t('cart.shippingToChoose')}
        />
        <Row
          label={t('customOrder.total')}
          value={formatDa(toDa(totals.total))}
          tone="border-t border-gray-200 pt-3 text-lg text-black"
        />
      </dl>

      <div className="flex flex-col gap-2">
        <label htmlFor="coupon-code" className="text-sm font-medium text-gray-800">
          {t('customOrder.promoLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id="coupon-code"
            value={coupon.code}
            onChange={(event) => coupon.edit(event.target.value)}
            onKeyDown={(event) => {
              // Enter applies the code instead of submitting the whole order.
              if (event.key === 'Enter') {
                event.preventDefault();
                onApplyCoupon();
              }
            }}
            placeholder={t('customOrder.promoPlaceholder')}
            autoComplete="off"
            aria-describedby="coupon-status"
            className="min-w-0 flex-1 rounded-full border border-gray-300 bg-gray-50 px-4 py-2.5 uppercase placeholder:normal-case focus:border-black focus:outline-none"
          />
          <button
            type="button"
            onClick={onApplyCoupon}
            disabled={coupon.applying}
            className="rounded-full bg-black px-5 py-2.5 text-sm font-medium text-white hover:bg-gray-800 disabled:opacity-60"
          >
            {t('customOrder.promoApply')}
          </button>
        </div>
        <p
          id="coupon-status"
          aria-live="polite"
          className={`text-sm ${
            coupon.state.status === 'valid'
              ? 'text-green-700'
              : coupon.state.status === 'invalid'
                ? 'text-red-600'
                : 'text-gray-500'
          }`}
        >
          {coupon.state.status === 'valid'
            ? coupon.state.amount !== null
              ? t('customOrder.promoValidAmount', { amount: formatDa(coupon.state.amount) })
              : t('customOrder.promoValid', { percent: coupon.state.percent })
            : coupon.state.status === 'invalid'
              ? t('customOrder.promoInvalid')
              : t('customOrder.promoPending')}
        </p>
      </div>

      <div className="rounded-2xl bg-gray-50 p-4 text-sm text-gray-700">
        <h3 className="mb-2 font-semibold text-black">{t('customOrder.notesTitle')}</h3>
        <ul className="flex list-disc flex-col gap-1.5 ps-5">
          <li>
            {t('customOrder.noteAdvance')}{' '}
            {whatsappUrl ? (
              <a href={whatsappUrl} target="_blank" rel="noreferrer" className="font-medium text-black underline">
                {t('customOrder.noteMessagingApp')}
              </a>
            ) : (
              t('customOrder.noteMessagingApp')
            )}
            .
          </li>
          <li>{t('customOrder.noteMaking')}</li>
          <li>{t('customOrder.noteCall')}</li>
        </ul>
      </div>
      {repriced ? (
        <div
          role="alertdialog"
          aria-labelledby="repriced-title"
          aria-describedby="repriced-body"
          className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
        >
          <h3 id="repriced-title" className="font-bold">
            {t('customOrder.priceChangedTitle')}
          </h3>
          <p id="repriced-body" className="text-sm text-gray-700">
            {t('customOrder.priceChangedBody', { total: formatDa(repriced.total) })}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={onConfirmRepriced}
              disabled={submitting}
              className="flex-1 rounded-full bg-black px-4 py-2.5 text-sm font-medium text-white hover:bg-gray-800 disabled:opacity-60"
            >
              {t('customOrder.priceChangedConfirm')}
            </button>
            <button
              type="button"
              onClick={onCancelRepriced}
              className="rounded-full border border-gray-300 px-4 py-2.5 text-sm font-medium hover:bg-white"
            >
              {t('customOrder.priceChangedCancel')}
            </button>
          </div>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={submitting || !canSubmit}
        aria-busy={submitting}
        className="w-full rounded-full bg-black px-6 py-4 text-base font-semibold text-white hover:bg-gray-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitting ? t('customOrder.submitting') : t('customOrder.submit')}
      </button>
    </aside>
  );
}
