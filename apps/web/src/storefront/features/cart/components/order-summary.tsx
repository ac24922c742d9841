import { useId, useState } from 'react';
import { cartSubtotalCentimes, orderTotals, shippingFeeDa } from '@shop/domain/pricing';
import { formatDa, toCentimes, toDa } from '@shop/domain/money';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import { t } from '../../../texts.ts';
import { useShippingPrices } from '../../shipping/api/get-shipping-prices.ts';
import type { CartLine } from '../cart-store.ts';
import type { CompletedOrder, PriceChange } from '../checkout.ts';
import { useCheckout } from '../use-checkout.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { CheckoutProblemBox } from './checkout-problem.tsx';
import { CouponField, type CouponState } from './coupon-field.tsx';

/** Subtotal, coupon, wilaya and total (SPEC §9 formula from the domain), then the checkout. */
export function OrderSummary({
  lines,
  onCompleted,
}: {
  lines: readonly CartLine[];
  onCompleted: (order: CompletedOrder) => void;
}) {
  const wilayas = useShippingPrices().data ?? [];
  const [wilaya, setWilaya] = useState('');
  const [coupon, setCoupon] = useState<CouponState>({ status: 'pending' });
  const [dialogOpen, setDialogOpen] = useState(false);
  const checkout = useCheckout(lines, onCompleted);
  const selectId = useId();

  const percent = coupon.status === 'valid' ? coupon.percent : 0;
  const totals = orderTotals(cartSubtotalCentimes(lines), percent, toCentimes(shippingFeeDa(wilayas, wilaya)));

  async function openCheckout() {
    if (await checkout.start()) setDialogOpen(true);
  }

  function submit(customer: CheckoutCustomer, accepted: PriceChange | null) {
    void checkout.placeOrder(customer, {
      subtotalDa: accepted ? accepted.subtotal : toDa(totals.subtotal),
      shippingFeeDa: accepted ? accepted.shipping_fee : toDa(totals.shippingFee),
      couponCode: coupon.status === 'valid' ? coupon.code : '',
    });
  }

  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-neutral-200 p-5 md:p-6">
      <h2 id="summary-title" className="text-xl font-bold">
        {t.cart.summary}
      </h2>
      <dl className="mt-5 space-y-3" data-testid="totals">
        <Row label={t.cart.subtotal} value={formatDa(toDa(totals.subtotal))} />
        {totals.discount > 0 && (
          <Row
            label={t.cart.discount(totals.discountPercentage)}
            value={`-${formatDa(toDa(totals.discount))}`}
            className="text-red-600"
          />
        )}
        <Row label={t.cart.shipping} value={formatDa(toDa(totals.shippingFee))} />
        <div className="flex justify-between border-t border-neutral-200 pt-4 text-lg font-bold">
          <dt>{t.cart.total}</dt>
          <dd data-testid="total">{formatDa(toDa(totals.total))}</dd>
        </div>
      </dl>
      <div className="mt-5">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          {t.cart.wilaya}
        </label>
        <select
          id={selectId}
          value={wilaya}
          onChange={(e) => setWilaya(e.target.value)}
          className="w-full rounded-full border border-neutral-300 bg-white px-5 py-3 text-sm"
        >
          <option value="">{t.cart.chooseWilaya}</option>
          {wilayas.map((w) => (
            <option key={w.id} value={w.wilaya_name}>
              {w.wilaya_name} — {formatDa(w.price)}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-5">
        <CouponField state={coupon} onChange={setCoupon} />
      </div>
      {checkout.problem && !dialogOpen && (
        <div className="mt-5">
          <CheckoutProblemBox problem={checkout.problem} />
        </div>
      )}
      <button
        type="button"
        onClick={() => void openCheckout()}
        disabled={checkout.checking}
        className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-black py-4 font-medium text-white hover:bg-neutral-800 disabled:opacity-60"
      >
        {checkout.checking ? t.cart.checking : t.cart.checkout} <span aria-hidden="true">→</span>
      </button>
      {dialogOpen && (
        <CheckoutDialog
          wilayas={wilayas}
          wilaya={wilaya}
          onWilayaChange={setWilaya}
          totalDa={checkout.priceChange ? checkout.priceChange.total : toDa(totals.total)}
          sending={checkout.sending}
          problem={checkout.problem}
          orderError={checkout.orderError}
          priceChange={checkout.priceChange}
          onSubmit={submit}
          onClose={() => {
            setDialogOpen(false);
            checkout.reset();
          }}
        />
      )}
    </section>
  );
}

function Row({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-neutral-600">{label}</dt>
      <dd className={`font-bold ${className}`}>{value}</dd>
    </div>
  );
}
