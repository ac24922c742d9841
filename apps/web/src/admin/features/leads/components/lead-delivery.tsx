// Where a lead's parcel goes, as the customer says it on the phone (issue 31): the wilaya, home or
// stop desk and the commune, from the draft's and changed by the agent, with the order's total
// (the items and the fee there) before "Place the order". The fields and the fee are the order
// correction's (admin/components/delivery-fields.tsx, the orders' wilaya list); the server checks
// and prices them again as any order's.
import { useState } from 'react';
import type { Lead } from '@shop/domain/checkout-drafts';
import { formatDa } from '@shop/domain/money';
import { lineVariant } from '@shop/domain/variants';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { wilayaKey } from '@shop/domain/wilaya';
import {
  deliveryFeeOf,
  wilayaRowOf,
  type DeliveryChoice,
  type DeliveryFieldsProps,
} from '../../../components/delivery-fields.tsx';
import type { Product, ShippingPrice } from '../../../lib/types.ts';
import { leadTexts } from '../texts.ts';

/** The draft's place, its wilaya as the shipping table names it (the draft's own text when the table has none). */
function draftChoice(lead: Lead, wilayas: readonly ShippingPrice[]): DeliveryChoice {
  return {
    wilaya: wilayaRowOf(wilayas, lead.wilaya)?.wilaya_name ?? lead.wilaya,
    delivery_type: lead.delivery_type === 'stop_desk' ? 'stop_desk' : 'home',
    commune: lead.commune,
  };
}

export interface LeadDelivery {
  choice: DeliveryChoice;
  /** The fee of the chosen place in Da; null until a wilaya (or where the type has none). */
  fee: number | null;
  /** The fields' errors, set by check(). */
  errors: Partial<Record<keyof DeliveryChoice, string>>;
  /** True when the place can be sent; otherwise the fields say what is missing. */
  check: () => boolean;
  /** What the order sends: the wilaya, and the commune and delivery type when there is a commune. */
  fields: () => { wilaya: string; commune?: string; delivery_type?: DeliveryType };
  /** The fields' props but their id: `<DeliveryFields id={…} {...delivery.props} />`. */
  props: Omit<DeliveryFieldsProps, 'id'>;
}

/**
 * The lead's place, started from the draft. A commune belongs to its wilaya: choosing another
 * wilaya empties it (back to the draft's in the draft's wilaya).
 */
export function useLeadDelivery(lead: Lead, wilayas: readonly ShippingPrice[]): LeadDelivery {
  const [choice, setChoice] = useState<DeliveryChoice>(() => draftChoice(lead, wilayas));
  const [errors, setErrors] = useState<LeadDelivery['errors']>({});
  const fee = choice.wilaya ? deliveryFeeOf(wilayas, choice) : null;
  return {
    choice,
    fee,
    errors,
    check() {
      const next: LeadDelivery['errors'] = {};
      if (!choice.wilaya) next.wilaya = leadTexts.wilayaRequired;
      // A stop desk is named by its commune; a home delivery without one pays the wilaya's fee.
      else if (choice.delivery_type === 'stop_desk' && !choice.commune.trim()) next.commune = leadTexts.communeRequired;
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    fields: () => {
      const commune = choice.commune.trim();
      // As the order's rule has it: a delivery type goes with its commune; without one, home at the wilaya's fee.
      return commune
        ? { wilaya: choice.wilaya, commune, delivery_type: choice.delivery_type }
        : { wilaya: choice.wilaya };
    },
    props: {
      large: true,
      wilayas,
      value: choice,
      errors,
      onWilaya: (wilaya) => {
        setErrors({});
        const draftWilaya = wilayaKey(wilaya) === wilayaKey(lead.wilaya);
        setChoice((c) => ({ ...c, wilaya, commune: draftWilaya ? lead.commune : '' }));
      },
      onDeliveryType: (delivery_type) => setChoice((c) => ({ ...c, delivery_type })),
      onCommune: (commune) => {
        setErrors(({ commune: _done, ...rest }) => rest);
        setChoice((c) => ({ ...c, commune }));
      },
    },
  };
}

/**
 * A cart's items at today's prices, in Da, as the server will charge them: each line's variant
 * (its colour and size, ADR 036) at its final price; null when a product is gone or a line names
 * no variant it has (the server then refuses the order and says why).
 */
export function cartItemsDa(lines: Lead['lines'], products: readonly Product[]): number | null {
  let total = 0;
  for (const line of lines) {
    const product = products.find((p) => p.id === line.product_id);
    if (!product) return null;
    const variants = product.variants ?? [];
    let unit = product.final_price;
    if (variants.length > 0) {
      const color = 'color' in line && typeof line.color === 'string' ? line.color : '';
      const chosen = lineVariant(
        {
          has_sizes: product.has_sizes,
          size_scale: product.size_scale ?? 'letters',
          colors: product.colors ?? [],
          variants,
        },
        { size: line.size, color },
      );
      if ('problem' in chosen) return null;
      const variant = variants.find((v) => v.color_id === chosen.color_id && v.size === chosen.size);
      if (!variant) return null;
      unit = variant.final_price;
    }
    total += unit * line.quantity;
  }
  return total;
}

/**
 * The order's total before it is placed: the items, the fee of the chosen place, and their sum
 * ("—" for what is not known yet: no wilaya, or no stop desk there).
 */
export function OrderTotal({ items, fee }: { items: number | null; fee: number | null }) {
  const total = items !== null && fee !== null ? items + fee : null;
  const da = (value: number | null) => (value === null ? '—' : formatDa(value));
  return (
    <dl className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-label={leadTexts.totalLabel}>
      <div className="flex justify-between gap-2">
        <dt>{leadTexts.itemsTotal}</dt>
        <dd className="tabular-nums">{da(items)}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt>{leadTexts.deliveryFee}</dt>
        <dd className="tabular-nums">{da(fee)}</dd>
      </div>
      <div className="flex justify-between gap-2 border-t border-slate-200 pt-1 font-semibold text-slate-900">
        <dt>{leadTexts.orderTotal}</dt>
        <dd className="tabular-nums" data-testid="lead-order-total">
          {da(total)}
        </dd>
      </div>
    </dl>
  );
}
