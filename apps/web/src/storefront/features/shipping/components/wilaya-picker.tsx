import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { formatDa, t } from '../../../i18n/i18n.ts';
import type { ShippingPrice } from '../api/get-shipping-prices.ts';
import { communeDeliveryFeeDa } from '@shop/domain/pricing';
import { effectiveDeliveryType } from './delivery-choice.tsx';
import { filterWilayas, findWilaya, wilayaLabel } from '../wilayas.ts';
import { Combobox } from './combobox.tsx';

interface WilayaPickerProps {
  /** The input's id, for an outside <label htmlFor> or tests. */
  id: string;
  label: string;
  wilayas: readonly ShippingPrice[];
  /** The chosen wilaya's name, '' for none. */
  value: string;
  onChange: (wilayaName: string) => void;
  error?: string | undefined;
  className?: string;
  /**
   * The delivery chosen: each wilaya shows the fee of that delivery (a stop desk's where it has one,
   * the home fee where it has none, as the order would be priced). Home when not given.
   */
  deliveryType?: DeliveryType;
  /** The commune chosen in the chosen wilaya: its own fee when it has one. */
  commune?: string;
}

/** The wilaya list with each fee, filtered as one types its number or name ("16", "alg", "béj"). */
export function WilayaPicker({
  id,
  label,
  wilayas,
  value,
  onChange,
  error,
  className = '',
  deliveryType = 'home',
  commune = '',
}: WilayaPickerProps) {
  const selected = findWilaya(wilayas, value);
  const fee = (w: ShippingPrice) =>
    formatDa(communeDeliveryFeeDa(w, effectiveDeliveryType(deliveryType, w), w === selected ? commune : '') ?? w.price);
  return (
    <Combobox<ShippingPrice>
      id={id}
      label={label}
      items={wilayas}
      filter={filterWilayas}
      selected={selected}
      itemToString={wilayaLabel}
      itemKey={(w) => w.id}
      renderItem={(w) => ({
        main: wilayaLabel(w),
        aside: <span className="whitespace-nowrap text-neutral-600">{fee(w)}</span>,
      })}
      onSelect={(w) => onChange(w?.wilaya_name ?? '')}
      placeholder={t('wilaya.placeholder')}
      toggleLabel={t('wilaya.showAll')}
      noneText={t('wilaya.none')}
      selectedAside={selected ? fee(selected) : undefined}
      error={error}
      className={className}
    />
  );
}
