import { useState } from 'react';
import { cartSubtotalCentimes, orderTotals } from '@shop/domain/pricing';
import { formatDa, toCentimes, toDa } from '@shop/domain/money';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import { t } from '../../../texts.ts';
import type { PlacedOrder } from '../../order-confirmation/confirmation-store.ts';
import { useShippingPrices } from '../../shipping/api/get-shipping-prices.ts';
import { WilayaPicker } from '../../shipping/components/wilaya-picker.tsx';
import { findWilaya } from '../../shipping/wilayas.ts';
import type { CartLine } from '../cart-store.ts';
import { clearDraft, readDraft, saveDraft } from '../checkout-draft.ts';
import type { PriceChange } from '../checkout.ts';
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
  onCompleted: (order: PlacedOrder) => void;
}) {
  const wilayas = useShippingPrices().data ?? [];
  const [wilaya, setWilayaState] = useState(() => readDraft().wilaya ?? '');
  const [coupon, setCoupon] = useState<CouponState>({ status: 'pending' });
  const [dialogOpen, setDialogOpen] = useState(false);
  const checkout = useCheckout(lines, (order) => {
    clearDraft();
    onCompleted(order);
  });

  function setWilaya(name: string) {
    setWilayaState(name);
    saveDraft({ wilaya: name });
  }

  // The fee is shown once a wilaya is chosen ("à choisir" before, not a made-up figure).
  const chosen = findWilaya(wilayas, wilaya);
  const percent = coupon.status === 'valid' ? coupon.percent : 0;
  const totals = orderTotals(cartSubtotalCentimes(lines), percent, chosen ? toCentimes(chosen.price) : 0);

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
    <section aria-labelledby="summary-title" className="min-w-0 rounded-2xl border border-neutral-200 p-5 md:p-6">
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
        <Row
          label={t.cart.shipping}
          value={chosen ? formatDa(toDa(totals.shippingFee)) : t.cart.shippingToChoose}
          testId="shipping"
        />
        <div className="flex justify-between gap-3 border-t border-neutral-200 pt-4 text-lg font-bold">
          <dt>
            {t.cart.total}
            {!chosen && <span className="block text-sm font-normal text-neutral-600">{t.cart.withoutShipping}</span>}
          </dt>
          <dd data-testid="total" className="whitespace-nowrap">
            {formatDa(toDa(totals.total))}
          </dd>
        </div>
      </dl>
      <WilayaPicker
        id="cart-wilaya"
        label={t.cart.wilaya}
        wilayas={wilayas}
        value={wilaya}
        onChange={setWilaya}
        className="mt-5"
      />
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
          shippingKnown={Boolean(chosen) || checkout.priceChange !== null}
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

function Row({
  label,
  value,
  className = '',
  testId,
}: {
  label: string;
  value: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-neutral-600">{label}</dt>
      <dd className={`font-bold ${className}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
