import { useId, useState, type FormEvent } from 'react';
import type { Lead } from '@shop/domain/checkout-drafts';
import type { CreatedOrder } from '@shop/domain/order-responses';
import { DeliveryFields } from '../../../components/delivery-fields.tsx';
import { Banner, buttonClass, Field, inputClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Product, ShippingPrice } from '../../../lib/types.ts';
import { useProductsById } from '../../../lib/order-products.ts';
import { useWilayas } from '../../../lib/wilayas.ts';
import { useCreateLeadOrder } from '../api/leads.ts';
import { leadTexts } from '../texts.ts';
import { cartItemsDa, OrderTotal, useLeadDelivery } from './lead-delivery.tsx';

interface Props {
  lead: Lead;
  disabled: boolean;
  onPlaced: (order: CreatedOrder) => void;
  onCancel: () => void;
}

/**
 * "Create order" of a cart's lead: where the parcel goes (the draft's wilaya, commune and
 * delivery, or what the customer says now), the street address, and the order's total at today's
 * prices before "Place the order"; the server places the cart as a customer's order.
 */
export function CartLeadOrderForm(props: Props) {
  const wilayas = useWilayas();
  const products = useProductsById(props.lead.lines.map((line) => line.product_id));
  if (wilayas.isPending || products.isPending) {
    return <p className="mt-3 text-sm text-slate-600">{leadTexts.loadingPlaces}</p>;
  }
  if (wilayas.isError || products.error) {
    return (
      <div className="mt-3">
        <Banner tone="error">{errorMessage(wilayas.error ?? products.error, leadTexts.failedPlaces)}</Banner>
      </div>
    );
  }
  return <LoadedForm {...props} wilayas={wilayas.data} products={products.data} />;
}

function LoadedForm({
  lead,
  disabled,
  onPlaced,
  onCancel,
  wilayas,
  products,
}: Props & { wilayas: ShippingPrice[]; products: Product[] }) {
  const id = useId();
  const create = useCreateLeadOrder();
  const delivery = useLeadDelivery(lead, wilayas);
  const [address, setAddress] = useState(lead.address);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!delivery.check()) return;
    try {
      const { order } = await create.mutateAsync({
        id: lead.id,
        body: { ...delivery.fields(), ...(address.trim() ? { address: address.trim() } : {}) },
      });
      onPlaced(order);
    } catch (e) {
      if (!sessionEnded(e)) setError(errorMessage(e, leadTexts.failedOrder));
    }
  }

  return (
    <form
      className="mt-3 flex flex-col gap-3"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={leadTexts.orderFormLabel(lead.customer_name)}
    >
      <p className="text-xs text-slate-600">{leadTexts.placeIntro}</p>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <DeliveryFields id={id} {...delivery.props} />
      <Field id={`${id}-address`} label={leadTexts.addressLabel}>
        <input
          id={`${id}-address`}
          className={`${inputClass} min-h-11`}
          value={address}
          autoComplete="off"
          onChange={(e) => setAddress(e.target.value)}
        />
      </Field>
      <OrderTotal items={cartItemsDa(lead.lines, products)} fee={delivery.fee} />
      <p className="text-xs text-slate-500">{leadTexts.orderHint}</p>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={`${buttonClass('secondary')} min-h-11`} onClick={onCancel}>
          {leadTexts.cancel}
        </button>
        <button type="submit" className={`${buttonClass('primary')} min-h-11`} disabled={disabled || create.isPending}>
          {create.isPending ? leadTexts.placing : leadTexts.placeOrder}
        </button>
      </div>
    </form>
  );
}
