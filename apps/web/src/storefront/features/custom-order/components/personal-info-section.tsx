import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ShippingPrice } from '../../shipping/api/get-shipping-prices.ts';
import { WilayaPicker } from '../../shipping/components/wilaya-picker.tsx';
import { CommunePicker } from '../../shipping/components/commune-picker.tsx';
import type { Commune } from '../../../../lib/communes.ts';
import { DeliveryChoice, effectiveDeliveryType } from '../../shipping/components/delivery-choice.tsx';
import { findWilaya } from '../../shipping/wilayas.ts';
import { useEditableField, type CustomOrderValues } from '../form-values.ts';
import { t } from '../../../i18n/i18n.ts';
import { CallNotice } from '../../checkout/call-notice.tsx';
import { Field, errorProps, inputClass } from './field.tsx';

/** Full name, phone, wilaya (with its fee), postal code and address (SPEC §2). */
export function PersonalInfoSection({ wilayas, onEdit }: { wilayas: readonly ShippingPrice[]; onEdit: () => void }) {
  const {
    control,
    clearErrors,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<CustomOrderValues>();
  const [wilayaName, deliveryType, communeName] = useWatch({ control, name: ['wilaya', 'deliveryType', 'commune'] });
  const chosen = findWilaya(wilayas, wilayaName ?? '');
  const field = useEditableField(onEdit);

  /** A wilaya chosen: a commune of the old wilaya is not one of the new one's; nor its stop desk. */
  function chooseWilaya(name: string) {
    if (name !== getValues('wilaya')) setValue('commune', '');
    setValue('deliveryType', effectiveDeliveryType(getValues('deliveryType'), findWilaya(wilayas, name)));
    clearErrors('wilaya');
    onEdit();
  }

  function chooseCommune(name: string, found: Commune | null, wilaya: ShippingPrice | null) {
    setValue('commune', name);
    clearErrors('commune');
    // A stop desk only some communes have (priced apart) is not one of this commune's.
    setValue('deliveryType', effectiveDeliveryType(getValues('deliveryType'), wilaya, name));
    // The postal code follows the commune when the data knows it; it stays editable.
    if (found?.postal_code) {
      setValue('zipCode', found.postal_code);
      clearErrors('zipCode');
    }
    onEdit();
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-6">
      <legend className="px-2 text-lg font-bold">{t('customOrder.personalSection')}</legend>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id="fullName" label={t('customOrder.fullName')} error={errors.fullName?.message}>
          <input
            id="fullName"
            autoComplete="name"
            className={inputClass}
            {...errorProps('fullName', errors.fullName?.message)}
            {...field('fullName')}
          />
        </Field>
        <Field id="phoneNumber" label={t('customOrder.phone')} error={errors.phoneNumber?.message}>
          <input
            id="phoneNumber"
            type="tel"
            autoComplete="tel"
            placeholder={t('customOrder.phonePlaceholder')}
            className={inputClass}
            {...errorProps('phoneNumber', errors.phoneNumber?.message)}
            {...field('phoneNumber')}
          />
          <CallNotice />
        </Field>
        <Controller
          control={control}
          name="wilaya"
          render={({ field: wilaya, fieldState }) => (
            <WilayaPicker
              id="wilaya"
              label={t('customOrder.wilaya')}
              wilayas={wilayas}
              value={wilaya.value}
              deliveryType={deliveryType ?? 'home'}
              commune={communeName ?? ''}
              onChange={(name) => {
                chooseWilaya(name);
                wilaya.onChange(name);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="commune"
          render={({ field: commune, fieldState }) => (
            <CommunePicker
              id="commune"
              wilaya={wilayaName ?? ''}
              value={commune.value}
              onChange={(name, found) => chooseCommune(name, found, chosen)}
              onMoved={(code, found) => {
                // The commune is in a newer wilaya now: the order goes there, with it.
                const moved = wilayas.find((w) => w.wilaya_code === code);
                if (!moved) return;
                chooseWilaya(moved.wilaya_name);
                setValue('wilaya', moved.wilaya_name);
                chooseCommune(found.name, found, moved);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <DeliveryChoice
          wilaya={chosen}
          commune={communeName ?? ''}
          value={deliveryType ?? 'home'}
          onChange={(type) => {
            setValue('deliveryType', type);
            onEdit();
          }}
          className="sm:col-span-2"
        />
        <Field id="zipCode" label={t('customOrder.zipCode')} error={errors.zipCode?.message}>
          <input
            id="zipCode"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder={t('customOrder.zipPlaceholder')}
            className={inputClass}
            {...errorProps('zipCode', errors.zipCode?.message)}
            {...field('zipCode')}
          />
        </Field>
        <Field id="address" label={t('customOrder.address')} error={errors.address?.message} className="sm:col-span-2">
          <input
            id="address"
            autoComplete="street-address"
            placeholder={t('customOrder.addressPlaceholder')}
            className={inputClass}
            {...errorProps('address', errors.address?.message)}
            {...field('address')}
          />
        </Field>
      </div>
    </fieldset>
  );
}
