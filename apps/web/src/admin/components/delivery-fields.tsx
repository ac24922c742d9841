// Where a parcel goes, as the back office picks it: the wilaya (the shop's shipping table), home or
// stop desk with each one's fee there, and the commune (a list of the wilaya's communes that
// filters as one types). The order's correction and a lead's Create order use it; the fee shown is
// the rule the server charges (deliveryFee in packages/domain).
import { DELIVERY_TYPES, type DeliveryType } from '@shop/domain/shipping-schemas';
import { formatDa } from '@shop/domain/money';
import { communeDeliveryFeeDa } from '@shop/domain/pricing';
import { wilayaKey } from '@shop/domain/wilaya';
import { useCommunes } from '../../lib/communes.ts';
import type { ShippingPrice } from '../lib/types.ts';
import { texts } from '../texts.ts';
import { Field, inputClass } from './ui.tsx';

export interface DeliveryChoice {
  /** The wilaya's name as the shipping table has it; '' none chosen yet. */
  wilaya: string;
  delivery_type: DeliveryType;
  /** As typed; '' none. */
  commune: string;
}

/** The table's row of a wilaya however its name is spelled (wilayaKey, as the server finds it). */
export function wilayaRowOf(wilayas: readonly ShippingPrice[], name: string): ShippingPrice | undefined {
  const key = wilayaKey(name);
  return key ? wilayas.find((w) => wilayaKey(w.wilaya_name) === key) : undefined;
}

/** What a delivery type costs in the chosen wilaya and commune, in Da, as the server will price it; null: none there. */
export function deliveryFeeOf(
  wilayas: readonly ShippingPrice[],
  choice: DeliveryChoice,
  type: DeliveryType = choice.delivery_type,
): number | null {
  const row = wilayaRowOf(wilayas, choice.wilaya);
  return row ? communeDeliveryFeeDa(row, type, choice.commune.trim()) : null;
}

export interface DeliveryFieldsProps {
  /** The form's id prefix (useId). */
  id: string;
  wilayas: readonly ShippingPrice[];
  value: DeliveryChoice;
  onWilaya: (wilaya: string) => void;
  onDeliveryType: (type: DeliveryType) => void;
  /** The commune typed or picked, with its postal code when the list knows it. */
  onCommune: (commune: string, postalCode: string | null) => void;
  errors?: Partial<Record<keyof DeliveryChoice, string | undefined>>;
  /** Taller controls for a thumb (the desk's phone forms). */
  large?: boolean;
}

/** The three fields, for the caller's grid: Wilaya, Delivery (each type with its fee), Commune. */
export function DeliveryFields({
  id,
  wilayas,
  value,
  onWilaya,
  onDeliveryType,
  onCommune,
  errors = {},
  large,
}: DeliveryFieldsProps) {
  const communes = useCommunes(value.wilaya);
  const control = large ? `${inputClass} min-h-11` : inputClass;
  const listed = wilayas.some((w) => w.wilaya_name === value.wilaya);
  return (
    <>
      <Field id={`${id}-wilaya`} label={texts.orders.wilaya} error={errors.wilaya}>
        <select
          id={`${id}-wilaya`}
          className={control}
          value={value.wilaya}
          aria-invalid={errors.wilaya ? true : undefined}
          onChange={(e) => onWilaya(e.target.value)}
        >
          {value.wilaya === '' ? (
            <option value="">{texts.orders.chooseWilaya}</option>
          ) : listed ? null : (
            <option value={value.wilaya}>{value.wilaya}</option>
          )}
          {wilayas.map((w) => (
            <option key={w.id} value={w.wilaya_name}>
              {w.wilaya_code ? `${w.wilaya_code} - ` : ''}
              {w.wilaya_name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-delivery`} label={texts.orders.delivery} error={errors.delivery_type}>
        <select
          id={`${id}-delivery`}
          className={control}
          value={value.delivery_type}
          onChange={(e) => onDeliveryType(e.target.value as DeliveryType)}
        >
          {DELIVERY_TYPES.map((type) => {
            const fee = deliveryFeeOf(wilayas, value, type);
            return (
              <option
                key={type}
                value={type}
                disabled={value.wilaya !== '' && fee === null && type !== value.delivery_type}
              >
                {value.wilaya === ''
                  ? texts.orders.deliveryTypes[type]
                  : texts.orders.deliveryWithFee(texts.orders.deliveryTypes[type], fee === null ? null : formatDa(fee))}
              </option>
            );
          })}
        </select>
      </Field>
      <Field id={`${id}-commune`} label={texts.orders.commune} hint={texts.orders.communeHint} error={errors.commune}>
        <input
          id={`${id}-commune`}
          className={control}
          autoComplete="off"
          list={`${id}-communes`}
          value={value.commune}
          aria-invalid={errors.commune ? true : undefined}
          onChange={(e) => {
            const commune = e.target.value;
            onCommune(commune, communes.data?.find((c) => c.name === commune)?.postal_code ?? null);
          }}
        />
        <datalist id={`${id}-communes`}>
          {(communes.data ?? []).map((c) => (
            <option key={c.name} value={c.name}>
              {c.name_ar}
            </option>
          ))}
        </datalist>
      </Field>
    </>
  );
}
