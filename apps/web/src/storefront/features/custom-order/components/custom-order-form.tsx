import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../../../layout/notify.ts';
import type { z } from 'zod';
import { customOrderFormSchema } from '@shop/domain/form-schemas';
import { isCupName } from '@shop/domain/custom-item-schemas';
import { CUP_ITEM_NAME } from '@shop/domain/constants';
import { formatDa, toCentimes, toDa } from '@shop/domain/money';
import { orderTotals, shippingFeeCentimes } from '@shop/domain/pricing';
import { ApiError } from '../../../../lib/api.ts';
import { useCoupon } from '../../checkout/use-coupon.ts';
import { usePlaceOrder, type ServerPrices } from '../../checkout/use-place-order.ts';
import type { CustomItem } from '../api/get-custom-items.ts';
import type { ShippingPrice } from '../../shipping/api/get-shipping-prices.ts';
import { WilayaPicker } from '../../shipping/components/wilaya-picker.tsx';
import { createCustomOrder } from '../api/create-custom-order.ts';
import { colorSwatch } from '../colors.ts';
import { prepareImage } from '../image-files.ts';
import { texts } from '../texts.ts';
import { Field, errorProps, inputClass } from './field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { EMPTY_SLOT, ReferenceImageField, type ImageSlot } from './reference-image-field.tsx';
import type { PlacedOrder } from '../../order-confirmation/confirmation-store.ts';

type FormValues = z.input<typeof customOrderFormSchema>;
type Position = 'front' | 'back' | 'side';
const POSITIONS: readonly Position[] = ['front', 'back', 'side'];
const POSITION_LABEL: Record<Position, string> = {
  front: texts.imageFront,
  back: texts.imageBack,
  side: texts.imageSide,
};

export function isCupItem(item: CustomItem | undefined): boolean {
  return item ? isCupName(item.name) || item.available_sizes === null : false;
}

/** The cup item is shown in French; other catalogue names capitalised ("hoodie" → "Hoodie"). */
function displayName(name: string): string {
  if (isCupName(name)) return texts.cupName;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function itemDefaults(item: CustomItem | undefined) {
  const cup = isCupItem(item);
  return {
    clothingType: item ? String(item.id) : '',
    isCup: cup,
    size: cup ? '' : (item?.available_sizes?.[0] ?? ''),
    color: item?.available_colors[0] ?? '',
  };
}

interface Props {
  items: CustomItem[];
  wilayas: ShippingPrice[];
  preferCup: boolean;
  whatsappUrl: string | undefined;
  onPlaced: (order: PlacedOrder) => void;
}

export function CustomOrderForm({ items, wilayas, preferCup, whatsappUrl, onPlaced }: Props) {
  const initialItem = (preferCup ? items.find((item) => isCupItem(item)) : undefined) ?? items[0];
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(customOrderFormSchema),
    mode: 'onSubmit',
    // A field's error clears when it is edited (SPEC §5), and comes back only on the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: {
      fullName: '',
      phoneNumber: '',
      address: '',
      zipCode: '',
      wilaya: wilayas[0]?.wilaya_name ?? '',
      ...itemDefaults(initialItem),
    },
  });

  const [clothingType, wilaya, color, isCup] = useWatch({
    control,
    name: ['clothingType', 'wilaya', 'color', 'isCup'],
  });
  const item = items.find((candidate) => String(candidate.id) === clothingType);

  const [images, setImages] = useState<Record<Position, ImageSlot>>({
    front: EMPTY_SLOT,
    back: EMPTY_SLOT,
    side: EMPTY_SLOT,
  });
  const [imageError, setImageError] = useState<string | null>(null);
  // SPEC §4: on the custom order a refused code is cleared.
  const coupon = useCoupon({ clearOnFailure: true });
  const order = usePlaceOrder({ send: sendOrder });

  // Revoke the preview URLs when the page goes away.
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(
    () => () => {
      for (const slot of Object.values(imagesRef.current)) if (slot.preview) URL.revokeObjectURL(slot.preview);
    },
    [],
  );

  // No fee until a listed wilaya is chosen (the summary says "à choisir"), never a made-up one.
  const shippingFee = shippingFeeCentimes(wilayas, wilaya ?? '');
  const totals = orderTotals(toCentimes(item?.base_price ?? 0), coupon.percent, shippingFee ?? 0);
  const visiblePositions = isCup ? (['front'] as const) : POSITIONS;
  const chosenImages = visiblePositions.filter((position) => images[position].file);
  const processingImages = POSITIONS.some((position) => images[position].processing);

  function fieldProps(name: 'fullName' | 'phoneNumber' | 'address' | 'zipCode' | 'size' | 'color' | 'wilaya') {
    return register(name, {
      onChange: () => {
        clearErrors(name);
        order.dismiss();
      },
    });
  }

  const clothingTypeField = register('clothingType', {
    onChange: (event: { target: { value: string } }) => {
      const next = items.find((candidate) => String(candidate.id) === event.target.value);
      const defaults = itemDefaults(next);
      setValue('isCup', defaults.isCup);
      setValue('size', defaults.size);
      setValue('color', defaults.color);
      clearErrors(['clothingType', 'size', 'color']);
      order.dismiss();
    },
  });

  async function selectImage(position: Position, file: File) {
    setImageError(null);
    setImages((current) => ({ ...current, [position]: { ...current[position], processing: true, error: null } }));
    const prepared = await prepareImage(file);
    setImages((current) => {
      const previous = current[position];
      if (!prepared.ok) return { ...current, [position]: { ...previous, processing: false, error: prepared.error } };
      if (previous.preview) URL.revokeObjectURL(previous.preview);
      return {
        ...current,
        [position]: {
          file: prepared.file,
          preview: URL.createObjectURL(prepared.file),
          error: null,
          processing: false,
        },
      };
    });
  }

  function removeImage(position: Position) {
    setImages((current) => {
      const previous = current[position];
      if (previous.preview) URL.revokeObjectURL(previous.preview);
      return { ...current, [position]: EMPTY_SLOT };
    });
  }

  async function applyCoupon() {
    const outcome = await coupon.apply();
    order.dismiss();
    if (outcome.status === 'valid') notify.success(texts.toastCouponValid);
    else if (outcome.status === 'invalid' && outcome.reason !== 'empty') {
      notify.error(outcome.reason === 'refused' ? texts.toastCouponInvalid : texts.toastCouponError);
    }
  }

  /** POST /Order with the page's figures, or the server's once the customer accepted them. */
  async function sendOrder(values: FormValues, prices: ServerPrices | null): Promise<PlacedOrder> {
    const chosenItem = items.find((candidate) => String(candidate.id) === values.clothingType);
    const cup = isCupItem(chosenItem);
    const response = await createCustomOrder({
      fullName: values.fullName,
      phoneNumber: values.phoneNumber,
      wilayaName: values.wilaya,
      address: values.address,
      zipCode: values.zipCode,
      subtotal: prices?.subtotal ?? toDa(totals.subtotal),
      shippingFee: prices?.shipping_fee ?? toDa(totals.shippingFee),
      clothingType: cup ? CUP_ITEM_NAME : values.clothingType,
      color: values.color,
      size: cup ? null : values.size,
      couponCode: coupon.appliedCode,
      images: {
        front: images.front.file,
        back: cup ? null : images.back.file,
        side: cup ? null : images.side.file,
      },
    });
    // SPEC §4: the confirmation follows a 200 or 201 only.
    if (response.status !== 200 && response.status !== 201) throw new ApiError(response.status, response.message, null);
    return {
      orderNumber: Number(response.data.order_id),
      total: typeof response.data.total === 'number' ? response.data.total : (prices?.total ?? toDa(totals.total)),
      wilaya: values.wilaya,
      address: values.address.trim(),
      zipCode: values.zipCode.trim(),
    };
  }

  async function placeOrder(values: FormValues, { acceptNewPrices = false } = {}) {
    const outcome = await (acceptNewPrices ? order.confirm(values) : order.place(values));
    if (outcome.status === 'placed') {
      notify.success(texts.toastOrderSuccess);
      onPlaced(outcome.result);
    } else if (outcome.status === 'failed') {
      const { failure } = outcome;
      notify.error(failure.kind === 'refused' ? failure.message || texts.toastOrderFailed : texts.toastOrderError);
    }
  }

  function hasRequiredImage(): boolean {
    return chosenImages.length > 0;
  }

  const onSubmit = handleSubmit(
    async (values) => {
      if (!hasRequiredImage()) {
        setImageError(texts.imageRequired);
        notify.error(texts.toastFormInvalid);
        return;
      }
      await placeOrder(values);
    },
    () => {
      if (!hasRequiredImage()) setImageError(texts.imageRequired);
      notify.error(texts.toastFormInvalid);
    },
  );

  const confirmRepriced = handleSubmit((values) => placeOrder(values, { acceptNewPrices: true }));

  const sizes = item?.available_sizes ?? [];
  const colors = item?.available_colors ?? [];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start"
    >
      <div className="flex min-w-0 flex-col gap-8">
        <fieldset className="flex min-w-0 flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-6">
          <legend className="px-2 text-lg font-bold">{texts.personalSection}</legend>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field id="fullName" label={texts.fullName} error={errors.fullName?.message}>
              <input
                id="fullName"
                autoComplete="name"
                className={inputClass}
                {...errorProps('fullName', errors.fullName?.message)}
                {...fieldProps('fullName')}
              />
            </Field>
            <Field id="phoneNumber" label={texts.phone} error={errors.phoneNumber?.message}>
              <input
                id="phoneNumber"
                type="tel"
                autoComplete="tel"
                placeholder={texts.phonePlaceholder}
                className={inputClass}
                {...errorProps('phoneNumber', errors.phoneNumber?.message)}
                {...fieldProps('phoneNumber')}
              />
            </Field>
            <Controller
              control={control}
              name="wilaya"
              render={({ field, fieldState }) => (
                <WilayaPicker
                  id="wilaya"
                  label={texts.wilaya}
                  wilayas={wilayas}
                  value={field.value}
                  onChange={(name) => {
                    field.onChange(name);
                    clearErrors('wilaya');
                    order.dismiss();
                  }}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Field id="zipCode" label={texts.zipCode} error={errors.zipCode?.message}>
              <input
                id="zipCode"
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder={texts.zipPlaceholder}
                className={inputClass}
                {...errorProps('zipCode', errors.zipCode?.message)}
                {...fieldProps('zipCode')}
              />
            </Field>
            <Field id="address" label={texts.address} error={errors.address?.message} className="sm:col-span-2">
              <input
                id="address"
                autoComplete="street-address"
                placeholder={texts.addressPlaceholder}
                className={inputClass}
                {...errorProps('address', errors.address?.message)}
                {...fieldProps('address')}
              />
            </Field>
          </div>
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-6">
          <legend className="px-2 text-lg font-bold">{texts.productSection}</legend>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field id="clothingType" label={texts.clothingType} error={errors.clothingType?.message}>
              <select
                id="clothingType"
                className={inputClass}
                {...errorProps('clothingType', errors.clothingType?.message)}
                {...clothingTypeField}
              >
                {items.length === 0 ? <option value="">{texts.noItems}</option> : null}
                {items.map((candidate) => (
                  <option key={candidate.id} value={String(candidate.id)}>
                    {displayName(candidate.name)} ({formatDa(candidate.base_price)})
                  </option>
                ))}
              </select>
            </Field>
            {isCup ? null : (
              <Field id="size" label={texts.size} error={errors.size?.message}>
                <select
                  id="size"
                  className={inputClass}
                  {...errorProps('size', errors.size?.message)}
                  {...fieldProps('size')}
                >
                  {sizes.length === 0 ? <option value="">—</option> : null}
                  {sizes.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field
              id="color"
              label={texts.color}
              error={errors.color?.message}
              className={isCup ? '' : 'sm:col-span-2'}
            >
              <div className="flex items-center gap-3">
                <select
                  id="color"
                  className={inputClass}
                  {...errorProps('color', errors.color?.message)}
                  {...fieldProps('color')}
                >
                  {colors.length === 0 ? <option value="">—</option> : null}
                  {colors.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
                <span
                  role="img"
                  aria-label={texts.colorPreview(color ?? '')}
                  data-testid="color-swatch"
                  className="h-11 w-11 shrink-0 rounded-full border border-gray-300 shadow-inner"
                  style={{ backgroundColor: colorSwatch(color ?? '') }}
                />
              </div>
            </Field>
          </div>
          {item?.description ? <p className="text-sm text-gray-600">{item.description}</p> : null}
        </fieldset>

        <fieldset
          className="flex min-w-0 flex-col gap-4 rounded-3xl border border-gray-200 p-5 sm:p-6"
          aria-describedby="images-help"
        >
          <legend className="px-2 text-lg font-bold">{texts.imagesSection}</legend>
          <p id="images-help" className="text-sm text-gray-600">
            {isCup ? texts.imagesHelpCup : texts.imagesHelpGarment}
          </p>
          <div className={`grid gap-4 ${isCup ? 'max-w-56 grid-cols-1' : 'grid-cols-2 sm:grid-cols-3'}`}>
            {visiblePositions.map((position) => (
              <ReferenceImageField
                key={position}
                id={`reference-image-${position}`}
                label={POSITION_LABEL[position]}
                slot={images[position]}
                onSelect={(file) => void selectImage(position, file)}
                onRemove={() => removeImage(position)}
              />
            ))}
          </div>
          {imageError ? (
            <p role="alert" className="text-sm font-medium text-red-600">
              {imageError}
            </p>
          ) : null}
        </fieldset>
      </div>

      <aside className="flex flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-6 lg:sticky lg:top-24">
        <OrderSummary
          totals={totals}
          shippingChosen={shippingFee !== null}
          coupon={coupon}
          onApplyCoupon={() => void applyCoupon()}
          whatsappUrl={whatsappUrl}
        />
        {order.repriced ? (
          <div
            role="alertdialog"
            aria-labelledby="repriced-title"
            aria-describedby="repriced-body"
            className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
          >
            <h3 id="repriced-title" className="font-bold">
              {texts.priceChangedTitle}
            </h3>
            <p id="repriced-body" className="text-sm text-gray-700">
              {texts.priceChangedBody(formatDa(order.repriced.total))}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => void confirmRepriced()}
                disabled={isSubmitting || order.sending}
                className="flex-1 rounded-full bg-black px-4 py-2.5 text-sm font-medium text-white hover:bg-gray-800 disabled:opacity-60"
              >
                {texts.priceChangedConfirm}
              </button>
              <button
                type="button"
                onClick={order.dismiss}
                className="rounded-full border border-gray-300 px-4 py-2.5 text-sm font-medium hover:bg-white"
              >
                {texts.priceChangedCancel}
              </button>
            </div>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={isSubmitting || processingImages || items.length === 0}
          aria-busy={isSubmitting}
          className="w-full rounded-full bg-black px-6 py-4 text-base font-semibold text-white hover:bg-gray-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isSubmitting ? texts.submitting : texts.submit}
        </button>
      </aside>
    </form>
  );
}
