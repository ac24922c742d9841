import { useState } from 'react';
import { cartSubtotalCentimes, communeDeliveryFeeDa, orderTotals } from '@shop/domain/pricing';
import { toCentimes, toDa } from '@shop/domain/money';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import { formatDa, t } from '../../../i18n/i18n.ts';
import type { PlacedOrder } from '../../order-confirmation/confirmation-store.ts';
import { useShippingPrices } from '../../shipping/api/get-shipping-prices.ts';
import { WilayaPicker } from '../../shipping/components/wilaya-picker.tsx';
import { findWilaya } from '../../shipping/wilayas.ts';
import { DeliveryChoice, effectiveDeliveryType } from '../../shipping/components/delivery-choice.tsx';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { isSoldOut, type CartLine } from '../cart-store.ts';
import { clearDraft, readDraft, saveDraft } from '../checkout-draft.ts';
import { useCoupon } from '../../checkout/use-coupon.ts';
import { orderItems, type OrderFigures } from '../checkout.ts';
import { useCheckout } from '../use-checkout.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { CheckoutProblemBox } from './checkout-problem.tsx';
import { CouponField } from './coupon-field.tsx';

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
  const [wantedType, setWantedType] = useState<DeliveryType>(() => readDraft().deliveryType ?? 'home');
  // The commune chosen in the checkout: a commune priced apart from its wilaya has its own fee.
  const [commune, setCommune] = useState(() => readDraft().commune ?? '');
  const coupon = useCoupon();
  const [dialogOpen, setDialogOpen] = useState(false);
  // A line sold out since it was added is neither counted nor ordered; the page says so.
  const orderable = lines.filter((line) => !isSoldOut(line));
  const soldOut = lines.length - orderable.length;
  const checkout = useCheckout(orderable, (order) => {
    clearDraft();
    onCompleted(order);
  });

  function setWilaya(name: string) {
    // A commune typed for the old wilaya is not one of the new one's.
    if (name !== wilaya) {
      saveDraft({ wilaya: name, commune: '' });
      setCommune('');
    }
    setWilayaState(name);
  }

  function setDeliveryType(type: DeliveryType) {
    setWantedType(type);
    saveDraft({ deliveryType: type });
  }

  // The fee is shown once a wilaya is chosen ("à choisir" before, not a made-up figure), for the
  // delivery type chosen (a stop desk only where the wilaya has one) and the commune's own fee
  // when it has one, as the server prices it.
  const chosen = findWilaya(wilayas, wilaya);
  const deliveryType = effectiveDeliveryType(wantedType, chosen, commune);
  const totalsIn = (place: string) =>
    orderTotals(
      cartSubtotalCentimes(orderable),
      coupon.discount,
      toCentimes(
        (chosen && communeDeliveryFeeDa(chosen, effectiveDeliveryType(wantedType, chosen, place), place)) ?? 0,
      ),
    );
  const totals = totalsIn(commune);

  async function openCheckout() {
    if (await checkout.start()) setDialogOpen(true);
  }

  /** The figures this page shows; after a 409 the checkout sends the server's instead, once accepted. */
  function submit(customer: CheckoutCustomer, acceptNewPrices: boolean) {
    // The fee of the commune sent, whatever the page showed last.
    const sent = totalsIn(customer.commune);
    const figures: OrderFigures = {
      subtotalDa: toDa(sent.subtotal),
      shippingFeeDa: toDa(sent.shippingFee),
      couponCode: coupon.appliedCode ?? '',
    };
    void checkout.placeOrder({ customer, figures }, { acceptNewPrices });
  }

  return (
    <section aria-labelledby="summary-title" className="min-w-0 rounded-2xl border border-neutral-200 p-5 md:p-6">
      <h2 id="summary-title" className="text-xl font-bold">
        {t('cart.summary')}
      </h2>
      <dl className="mt-5 space-y-3" data-testid="totals">
        <Row label={t('cart.subtotal')} value={formatDa(toDa(totals.subtotal))} />
        {totals.discount > 0 && (
          <Row
            label={
              totals.discountPercentage > 0
                ? t('cart.discount', { n: totals.discountPercentage })
                : t('cart.discountFixed')
            }
            value={formatDa(-toDa(totals.discount))}
            className="text-red-600"
          />
        )}
        <Row
          label={t('cart.shipping')}
          value={chosen ? formatDa(toDa(totals.shippingFee)) : t('cart.shippingToChoose')}
          testId="shipping"
        />
        <div className="flex justify-between gap-3 border-t border-neutral-200 pt-4 text-lg font-bold">
          <dt>
            {t('cart.total')}
            {!chosen && <span className="block text-sm font-normal text-neutral-600">{t('cart.withoutShipping')}</span>}
          </dt>
          <dd data-testid="total" className="whitespace-nowrap">
            {formatDa(toDa(totals.total))}
          </dd>
        </div>
      </dl>
      <WilayaPicker
        id="cart-wilaya"
        label={t('cart.wilaya')}
        wilayas={wilayas}
        value={wilaya}
        onChange={setWilaya}
        deliveryType={deliveryType}
        commune={commune}
        className="mt-5"
      />
      <DeliveryChoice
        wilaya={chosen}
        commune={commune}
        value={deliveryType}
        onChange={setDeliveryType}
        className="mt-4"
      />
      <div className="mt-5">
        <CouponField coupon={coupon} />
      </div>
      {soldOut > 0 && (
        <p role="status" className="mt-5 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="sold-out-note">
          {orderable.length > 0 ? t('cart.soldOutLeftOut', { n: soldOut }) : t('cart.allSoldOut')}
        </p>
      )}
      {checkout.problem && !dialogOpen && (
        <div className="mt-5">
          <CheckoutProblemBox problem={checkout.problem} />
        </div>
      )}
      <button
        type="button"
        onClick={() => void openCheckout()}
        disabled={checkout.checking || orderable.length === 0}
        className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-black py-4 font-medium text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {checkout.checking ? t('cart.checking') : t('cart.checkout')} <span aria-hidden="true">→</span>
      </button>
      {dialogOpen && (
        <CheckoutDialog
          wilayas={wilayas}
          wilaya={wilaya}
          onWilayaChange={setWilaya}
          onCommuneChange={setCommune}
          deliveryType={deliveryType}
          onDeliveryTypeChange={setDeliveryType}
          totalDa={checkout.priceChange ? checkout.priceChange.total : toDa(totals.total)}
          shippingKnown={Boolean(chosen) || checkout.priceChange !== null}
          sending={checkout.sending}
          problem={checkout.problem}
          orderError={checkout.orderError}
          priceChange={checkout.priceChange}
          onSubmit={(customer) => submit(customer, false)}
          onConfirmNewTotal={(customer) => submit(customer, true)}
          draftLines={orderItems(orderable)}
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
