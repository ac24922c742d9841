import { useId } from 'react';
import { communeDeliveryFeeDa } from '@shop/domain/pricing';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { formatDa, t } from '../../../i18n/i18n.ts';
import type { ShippingPrice } from '../api/get-shipping-prices.ts';

/** A wilaya's fees, with its communes priced apart (none from an older server). */
type WilayaFees = Pick<ShippingPrice, 'price' | 'stop_desk_price'> & { communes?: ShippingPrice['communes'] };

interface DeliveryChoiceProps {
  /** The chosen wilaya's row, null before one is chosen (the fees then say "selon la wilaya"). */
  wilaya: WilayaFees | null;
  /** The chosen commune ('' for none yet): its own fees when it has some. */
  commune?: string;
  value: DeliveryType;
  onChange: (type: DeliveryType) => void;
  className?: string;
}

/** The two ways to be delivered, each with its fee; the stop desk is off where the wilaya has none. */
export function DeliveryChoice({ wilaya, commune = '', value, onChange, className = '' }: DeliveryChoiceProps) {
  const name = useId();
  const deskFee = wilaya ? communeDeliveryFeeDa(wilaya, 'stop_desk', commune) : null;
  const noStopDesk = wilaya !== null && deskFee === null;
  const options: { type: DeliveryType; label: string; hint: string; fee: number | null; disabled: boolean }[] = [
    {
      type: 'home',
      label: t('delivery.home'),
      hint: t('delivery.homeHint'),
      fee: wilaya ? communeDeliveryFeeDa(wilaya, 'home', commune) : null,
      disabled: false,
    },
    {
      type: 'stop_desk',
      label: t('delivery.stopDesk'),
      hint: noStopDesk ? t('delivery.noStopDesk') : t('delivery.stopDeskHint'),
      fee: deskFee,
      disabled: noStopDesk,
    },
  ];
  return (
    // Side by side only where the box itself is wide enough (a container query, not the screen's
    // width): in the cart's 420 px summary column of a laptop the two halves were too narrow, and
    // "Point relais" ran into its fee.
    <fieldset className={`min-w-0 ${className}`}>
      <legend className="mb-1 text-sm font-medium">{t('delivery.legend')}</legend>
      <div className="@container">
        <div className="grid grid-cols-1 gap-2 @lg:grid-cols-2">
          {options.map((option) => {
            const checked = value === option.type && !option.disabled;
            const id = `${name}-${option.type}`;
            return (
              <label
                key={option.type}
                htmlFor={id}
                className={`grid min-h-14 grid-cols-[auto_1fr_auto] items-start gap-x-3 rounded-xl border px-4 py-3 ${
                  option.disabled
                    ? 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-500'
                    : checked
                      ? 'cursor-pointer border-black ring-1 ring-black'
                      : 'cursor-pointer border-neutral-300'
                }`}
              >
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option.type}
                  checked={checked}
                  disabled={option.disabled}
                  onChange={() => onChange(option.type)}
                  className="row-span-2 mt-1 h-4 w-4 shrink-0 accent-black"
                />
                <span className="min-w-0 font-medium">{option.label}</span>
                <span className="font-medium whitespace-nowrap">
                  {option.disabled ? '—' : option.fee === null ? t('delivery.feeToChoose') : formatDa(option.fee)}
                </span>
                <span className="col-start-2 col-end-4 text-sm text-neutral-600">{option.hint}</span>
              </label>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}

/** The delivery type that applies: a stop desk only where the wilaya (or the commune) has one. */
export function effectiveDeliveryType(wanted: DeliveryType, wilaya: WilayaFees | null, commune = ''): DeliveryType {
  return wanted === 'stop_desk' && wilaya && communeDeliveryFeeDa(wilaya, 'stop_desk', commune) === null
    ? 'home'
    : wanted;
}
