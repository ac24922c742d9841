import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { customOrderFormSchema } from '@shop/domain/form-schemas';
import { CUP_ITEM_NAME } from '@shop/domain/constants';
import { toCentimes, toDa } from '@shop/domain/money';
import { orderTotals, shippingFeeCentimes } from '@shop/domain/pricing';
import { ApiError } from '../../../../lib/api.ts';
import { notify } from '../../../layout/notify.ts';
import { useCoupon } from '../../checkout/use-coupon.ts';
import { serverFigures, usePlaceOrder, type ServerPrices } from '../../checkout/use-place-order.ts';
import type { PlacedOrder } from '../../order-confirmation/confirmation-store.ts';
import { normalizeAlgerianPhone } from '@shop/domain/phone-number';
import type { ShippingPrice } from '../../shipping/api/get-shipping-prices.ts';
import { createCustomOrder } from '../api/create-custom-order.ts';
import type { CustomItem } from '../api/get-custom-items.ts';
import { displayName, isCupItem, itemDefaults, positionsFor, type CustomOrderValues } from '../form-values.ts';
import { t } from '../../../i18n/i18n.ts';
import { useReferenceImages } from '../use-reference-images.ts';
import { useDraftSave } from '../../checkout/draft-save.ts';
import { OrderSummary } from './order-summary.tsx';
import { PersonalInfoSection } from './personal-info-section.tsx';
import { ProductSpecsSection } from './product-specs-section.tsx';
import { ReferenceImagesSection } from './reference-images-section.tsx';

interface Props {
  items: CustomItem[];
  wilayas: ShippingPrice[];
  preferCup: boolean;
  whatsappUrl: string | undefined;
  onPlaced: (order: PlacedOrder) => void;
}

/** The custom order's state (fields, images, promo code, totals) and its submit; sections show it. */
export function CustomOrderForm({ items, wilayas, preferCup, whatsappUrl, onPlaced }: Props) {
  const initialItem = (preferCup ? items.find((item) => isCupItem(item)) : undefined) ?? items[0];
  const form = useForm<CustomOrderValues>({
    resolver: zodResolver(customOrderFormSchema),
    mode: 'onSubmit',
    // A field's error clears when it is edited (SPEC §5), and comes back only on the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: {
      fullName: '',
      phoneNumber: '',
      address: '',
      zipCode: '',
      // None until the customer chooses: no fee in the total for a wilaya nobody picked (the
      // summary says "à choisir", as the cart's does).
      wilaya: '',
      deliveryType: 'home',
      commune: '',
      ...itemDefaults(initialItem),
    },
  });
  const { handleSubmit, control } = form;
  const [clothingType, wilaya, isCup, deliveryType, commune] = useWatch({
    control,
    name: ['clothingType', 'wilaya', 'isCup', 'deliveryType', 'commune'],
  });
  const item = items.find((candidate) => String(candidate.id) === clothingType);
  const [fullName, phoneNumber, address, zipCode, color, size] = useWatch({
    control,
    name: ['fullName', 'phoneNumber', 'address', 'zipCode', 'color', 'size'],
  });
  // A custom order has no catalogue lines: the draft keeps the item, colour and size chosen, and
  // the desk makes the order with the pictures the customer sends them (docs/leads.md).
  useDraftSave({
    checkout: 'custom',
    customer_name: fullName ?? '',
    customer_phone: phoneNumber ?? '',
    wilaya: wilaya ?? '',
    commune: commune ?? '',
    address: address ?? '',
    postal_code: /^\d{5}$/.test(zipCode ?? '') ? (zipCode ?? '') : '',
    delivery_type: deliveryType ?? 'home',
    custom: {
      // As the order sends it: the item's id, or the word cup (SPEC §3).
      clothing_type: isCup ? CUP_ITEM_NAME : (clothingType ?? ''),
      color: color ?? '',
      size: isCup ? '' : (size ?? ''),
    },
  });

  const images = useReferenceImages();
  // SPEC §4: on the custom order a refused code is cleared.
  const coupon = useCoupon({ clearOnFailure: true });
  const order = usePlaceOrder({ send: sendOrder });

  // No fee until a listed wilaya is chosen (the summary says "à choisir"), never a made-up one.
  // The stop desk fee where the wilaya has one (the form falls back to home where it has none),
  // the commune's own fee when it is priced apart, as the server prices it.
  const shippingFee = shippingFeeCentimes(wilayas, wilaya ?? '', deliveryType ?? 'home', commune ?? '');
  const totals = orderTotals(toCentimes(item?.base_price ?? 0), coupon.discount, shippingFee ?? 0);

  async function applyCoupon() {
    const outcome = await coupon.apply();
    order.dismiss();
    if (outcome.status === 'valid') notify.success(t('customOrder.toastCouponValid'));
    else if (outcome.status === 'invalid' && outcome.reason !== 'empty') {
      notify.error(
        outcome.reason === 'refused' ? t('customOrder.toastCouponInvalid') : t('customOrder.toastCouponError'),
      );
    }
  }

  /** POST /Order with the page's figures, or the server's once the customer accepted them. */
  async function sendOrder(values: CustomOrderValues, prices: ServerPrices | null): Promise<PlacedOrder> {
    const ordered = items.find((candidate) => String(candidate.id) === values.clothingType);
    const cup = isCupItem(ordered);
    const response = await createCustomOrder({
      fullName: values.fullName,
      phoneNumber: values.phoneNumber,
      wilayaName: values.wilaya,
      deliveryType: values.deliveryType,
      commune: values.commune,
      address: values.address,
      zipCode: values.zipCode,
      subtotal: prices?.subtotal ?? toDa(totals.subtotal),
      shippingFee: prices?.shipping_fee ?? toDa(totals.shippingFee),
      clothingType: cup ? CUP_ITEM_NAME : values.clothingType,
      color: values.color,
      size: cup ? null : values.size,
      couponCode: coupon.appliedCode,
      images: {
        front: images.file('front'),
        back: cup ? null : images.file('back'),
        side: cup ? null : images.file('side'),
      },
    });
    // SPEC §4: the confirmation follows a 200 or 201 only.
    if (response.status !== 200 && response.status !== 201) throw new ApiError(response.status, response.message, null);
    return {
      orderNumber: Number(response.data.order_id),
      total: typeof response.data.total === 'number' ? response.data.total : (prices?.total ?? toDa(totals.total)),
      wilaya: values.wilaya,
      deliveryType: values.deliveryType,
      commune: values.commune.trim(),
      address: values.address.trim(),
      zipCode: values.zipCode.trim(),
      // For the tracking link of the thank-you screen (the number and the phone together).
      phone: normalizeAlgerianPhone(values.phoneNumber) ?? undefined,
      placedAt: Date.now(),
      lines: [
        {
          // In the page's language (a cup is "Tasse"), as the form named it.
          name: ordered ? displayName(ordered.name, ordered.name_ar) : '',
          size: cup ? '' : values.size,
          color: values.color,
          quantity: 1,
          unitPrice: prices?.subtotal ?? toDa(totals.subtotal),
        },
      ],
      ...serverFigures(response.data),
    };
  }

  async function placeOrder(values: CustomOrderValues, { acceptNewPrices = false } = {}) {
    const outcome = await (acceptNewPrices ? order.confirm(values) : order.place(values));
    if (outcome.status === 'placed') {
      notify.success(t('customOrder.toastOrderSuccess'));
      onPlaced(outcome.result);
    } else if (outcome.status === 'failed') {
      const { failure } = outcome;
      notify.error(
        failure.kind === 'refused'
          ? failure.message || t('customOrder.toastOrderFailed')
          : t('customOrder.toastOrderError'),
      );
    }
  }

  /** SPEC §5: at least one of the images the item takes. */
  function hasRequiredImage(): boolean {
    return positionsFor(isCup).some((position) => images.file(position) !== null);
  }

  const onSubmit = handleSubmit(
    async (values) => {
      if (!hasRequiredImage()) {
        images.setError(t('customOrder.imageRequired'));
        notify.error(t('customOrder.toastFormInvalid'));
        return;
      }
      await placeOrder(values);
    },
    () => {
      if (!hasRequiredImage()) images.setError(t('customOrder.imageRequired'));
      notify.error(t('customOrder.toastFormInvalid'));
    },
  );

  const confirmRepriced = handleSubmit((values) => placeOrder(values, { acceptNewPrices: true }));
  const submitting = form.formState.isSubmitting || order.sending;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start"
      >
        <div className="flex min-w-0 flex-col gap-8">
          <PersonalInfoSection wilayas={wilayas} onEdit={order.dismiss} />
          <ProductSpecsSection items={items} onEdit={order.dismiss} />
          <ReferenceImagesSection isCup={Boolean(isCup)} images={images} />
        </div>
        <OrderSummary
          totals={totals}
          shippingChosen={shippingFee !== null}
          coupon={coupon}
          onApplyCoupon={() => void applyCoupon()}
          whatsappUrl={whatsappUrl}
          repriced={order.repriced}
          onConfirmRepriced={() => void confirmRepriced()}
          onCancelRepriced={order.dismiss}
          submitting={submitting}
          canSubmit={!images.processing && items.length > 0}
        />
      </form>
    </FormProvider>
  );
}
