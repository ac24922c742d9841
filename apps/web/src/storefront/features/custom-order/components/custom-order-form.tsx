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
import type { CustomItem } from '../api/get-custom-items.ts';
import type { ShippingPrice } from '../../shipping/api/get-shipping-prices.ts';
import { WilayaPicker } from '../../shipping/components/wilaya-picker.tsx';
import { validateCoupon } from '../api/validate-coupon.ts';
import { createCustomOrder, isRepricedOrder, type RepricedOrder } from '../api/create-custom-order.ts';
import { colorSwatch } from '../colors.ts';
import { prepareImage } from '../image-files.ts';
import { texts } from '../texts.ts';
import { Field, errorProps, inputClass } from './field.tsx';
import { OrderSummary, type CouponState } from './order-summary.tsx';
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
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<CouponState>({ status: 'pending' });
  const [applyingCoupon, setApplyingCoupon] = useState(false);
  const [repriced, setRepriced] = useState<RepricedOrder | null>(null);

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
  const totals = orderTotals(
    toCentimes(item?.base_price ?? 0),
    coupon.status === 'valid' ? coupon.percent : 0,
    shippingFee ?? 0,
  );
  const visiblePositions = isCup ? (['front'] as const) : POSITIONS;
  const chosenImages = visiblePositions.filter((position) => images[position].file);
  const processingImages = POSITIONS.some((position) => images[position].processing);

  function fieldProps(name: 'fullName' | 'phoneNumber' | 'address' | 'zipCode' | 'size' | 'color' | 'wilaya') {
    return register(name, {
      onChange: () => {
        clearErrors(name);
        setRepriced(null);
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
      setRepriced(null);
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
    const code = couponInput.trim().toUpperCase();
    if (!code) {
      // SPEC §5: an empty code is invalid without a call.
      setCoupon({ status: 'invalid' });
      return;
    }
    setApplyingCoupon(true);
    try {
      const valid = await validateCoupon(code);
      setCoupon({ status: 'valid', code: valid.code.toUpperCase(), percent: valid.discount_percentage });
      setCouponInput(valid.code.toUpperCase());
      notify.success(texts.toastCouponValid);
    } catch (error) {
      setCoupon({ status: 'invalid' });
      setCouponInput('');
      notify.error(error instanceof ApiError ? texts.toastCouponInvalid : texts.toastCouponError);
    } finally {
      setApplyingCoupon(false);
      setRepriced(null);
    }
  }

  async function placeOrder(values: FormValues, prices: RepricedOrder | null) {
    const chosenItem = items.find((candidate) => String(candidate.id) === values.clothingType);
    const cup = isCupItem(chosenItem);
    const subtotal = prices?.subtotal ?? toDa(totals.subtotal);
    const shippingFee = prices?.shipping_fee ?? toDa(totals.shippingFee);
    try {
      const response = await createCustomOrder({
        fullName: values.fullName,
        phoneNumber: values.phoneNumber,
        wilayaName: values.wilaya,
        address: values.address,
        zipCode: values.zipCode,
        subtotal,
        shippingFee,
        clothingType: cup ? CUP_ITEM_NAME : values.clothingType,
        color: values.color,
        size: cup ? null : values.size,
        couponCode: coupon.status === 'valid' ? coupon.code : null,
        images: {
          front: images.front.file,
          back: cup ? null : images.back.file,
          side: cup ? null : images.side.file,
        },
      });
      if (response.status !== 200 && response.status !== 201) {
        notify.error(response.message || texts.toastOrderFailed);
        return;
      }
      setRepriced(null);
      notify.success(texts.toastOrderSuccess);
      onPlaced({
        orderNumber: Number(response.data.order_id),
        total: typeof response.data.total === 'number' ? response.data.total : (prices?.total ?? toDa(totals.total)),
        wilaya: values.wilaya,
        address: values.address.trim(),
        zipCode: values.zipCode.trim(),
      });
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 409 && isRepricedOrder(error.data)) {
          setRepriced(error.data);
          return;
        }
        notify.error(error.message || texts.toastOrderFailed);
        return;
      }
      notify.error(texts.toastOrderError);
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
      await placeOrder(values, null);
    },
    () => {
      if (!hasRequiredImage()) setImageError(texts.imageRequired);
      notify.error(texts.toastFormInvalid);
    },
  );

  const confirmRepriced = handleSubmit(async (values) => {
    if (repriced) await placeOrder(values, repriced);
  });

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
                    setRepriced(null);
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
          couponInput={couponInput}
          coupon={coupon}
          applyingCoupon={applyingCoupon}
          onCouponInput={(value) => {
            setCouponInput(value);
            if (coupon.status !== 'pending') setCoupon({ status: 'pending' });
          }}
          onApplyCoupon={() => void applyCoupon()}
          whatsappUrl={whatsappUrl}
        />
        {repriced ? (
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
              {texts.priceChangedBody(formatDa(repriced.total))}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => void confirmRepriced()}
                disabled={isSubmitting}
                className="flex-1 rounded-full bg-black px-4 py-2.5 text-sm font-medium text-white hover:bg-gray-800 disabled:opacity-60"
              >
                {texts.priceChangedConfirm}
              </button>
              <button
                type="button"
                onClick={() => setRepriced(null)}
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
