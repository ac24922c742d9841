import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RATING_MAX, RATING_MIN } from '@shop/domain/constants';
import { checkoutCustomerSchema, type CheckoutCustomer } from '@shop/domain/form-schemas';
import { customerMessage, formatDa, t } from '../../../i18n/i18n.ts';
import type { ShippingPrice } from '../../shipping/api/get-shipping-prices.ts';
import { WilayaPicker } from '../../shipping/components/wilaya-picker.tsx';
import { CommunePicker } from '../../shipping/components/commune-picker.tsx';
import type { Commune } from '../../../../lib/communes.ts';
import { DeliveryChoice } from '../../shipping/components/delivery-choice.tsx';
import { findWilaya } from '../../shipping/wilayas.ts';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { readDraft, saveDraft } from '../checkout-draft.ts';
import type { ServerPrices } from '../../checkout/use-place-order.ts';
import type { CheckoutProblem } from '../checkout.ts';
import { CheckoutProblemBox } from './checkout-problem.tsx';
import { useDraftSave } from '../../checkout/draft-save.ts';
import { CallNotice } from '../../checkout/call-notice.tsx';

interface CheckoutDialogProps {
  wilayas: readonly ShippingPrice[];
  wilaya: string;
  onWilayaChange: (wilaya: string) => void;
  /** The commune chosen here: the page's total follows its fee (a commune priced apart). */
  onCommuneChange: (commune: string) => void;
  /** Chosen in the summary or here; kept in step with the page's total. */
  deliveryType: DeliveryType;
  onDeliveryTypeChange: (type: DeliveryType) => void;
  totalDa: number;
  /** False until a wilaya is chosen: the total is then without the delivery fee. */
  shippingKnown: boolean;
  sending: boolean;
  problem: CheckoutProblem | null;
  orderError: string | null;
  /** The server's figures after a 409, until the customer confirms the new total. */
  priceChange: ServerPrices | null;
  onSubmit: (customer: CheckoutCustomer) => void;
  onConfirmNewTotal: (customer: CheckoutCustomer) => void;
  onClose: () => void;
  /** The cart's lines, saved with what is typed as the checkout's draft. */
  draftLines: readonly { product_id: number; size: string; quantity: number; color?: string }[];
}

const STAR_VALUES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** Customer information (SPEC §5), validated on change and on submit; an accessible modal. */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const {
    wilayas,
    wilaya,
    onWilayaChange,
    onCommuneChange,
    deliveryType,
    onDeliveryTypeChange,
    totalDa,
    shippingKnown,
    sending,
    problem,
    orderError,
    priceChange,
    onClose,
  } = props;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<CheckoutCustomer>({
    resolver: zodResolver(checkoutCustomerSchema),
    mode: 'onChange',
    // What was typed before (the dialog closed by a tap beside it, a reload) comes back.
    defaultValues: {
      fullName: '',
      phoneNumber: '',
      address: '',
      commune: '',
      zipCode: '',
      rating: undefined,
      comment: '',
      ...readDraft(),
      wilaya,
      deliveryType,
    },
  });
  // The summary may change the delivery type (a wilaya without stop desk): the form follows.
  useEffect(() => setValue('deliveryType', deliveryType), [deliveryType, setValue]);
  const rating = useWatch({ control, name: 'rating' });
  const chosenWilaya = useWatch({ control, name: 'wilaya' });
  const typed = useWatch({ control });
  useEffect(() => saveDraft(typed), [typed]);
  useDraftSave({
    checkout: 'cart',
    customer_name: typed.fullName ?? '',
    customer_phone: typed.phoneNumber ?? '',
    wilaya: typed.wilaya ?? '',
    commune: typed.commune ?? '',
    address: typed.address ?? '',
    postal_code: /^\d{5}$/.test(typed.zipCode ?? '') ? (typed.zipCode ?? '') : '',
    delivery_type: deliveryType,
    lines: [...props.draftLines],
  });
  const backdropRef = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog and comes back to what opened it; the page behind does not scroll.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialogRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  // Escape or a click outside closes the dialog unless the order is being sent (SPEC §4); Tab stays inside.
  const closable = useRef({ sending, onClose });
  useEffect(() => {
    closable.current = { sending, onClose };
  });
  useEffect(() => {
    const backdrop = backdropRef.current;
    function onMouseDown(event: MouseEvent) {
      if (event.target === backdrop && !closable.current.sending) closable.current.onClose();
    }
    function onKeyDown(event: KeyboardEvent) {
      const dialog = dialogRef.current;
      if (event.key === 'Escape' && !closable.current.sending) {
        closable.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>('input, select, textarea, button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
    backdrop?.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      backdrop?.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const submit = handleSubmit((values) => props.onSubmit(values));

  /** A wilaya chosen (its field already set): a commune of the old wilaya is not one of the new one's. */
  function chooseWilaya(name: string) {
    if (name !== wilaya) setValue('commune', '');
    onWilayaChange(name);
  }

  function chooseCommune(name: string, commune: Commune | null) {
    setValue('commune', name, { shouldValidate: true });
    onCommuneChange(name);
    // The postal code follows the commune when the data knows it; it stays editable.
    if (commune?.postal_code) setValue('zipCode', commune.postal_code, { shouldValidate: true });
  }

  return (
    <div
      ref={backdropRef}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-0 sm:items-center sm:p-4"
      data-testid="dialog-backdrop"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-t-3xl bg-white p-6 shadow-2xl sm:rounded-3xl"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-2xl font-bold">
              {t('checkout.title')}
            </h2>
            <p className="mt-1 text-sm text-neutral-600">{t('checkout.intro')}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            disabled={sending}
            aria-label={t('checkout.close')}
            className="rounded-full p-2 hover:bg-neutral-100 disabled:opacity-40"
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-4">
          <Field label={t('checkout.fullName')} error={errors.fullName?.message}>
            {(p) => <input {...p} {...register('fullName')} autoComplete="name" />}
          </Field>
          <Controller
            control={control}
            name="wilaya"
            render={({ field, fieldState }) => (
              <WilayaPicker
                id={`${titleId}-wilaya`}
                label={t('checkout.wilaya')}
                wilayas={wilayas}
                value={field.value}
                deliveryType={deliveryType}
                commune={typed.commune ?? ''}
                onChange={(name) => {
                  field.onChange(name);
                  chooseWilaya(name);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <DeliveryChoice
            wilaya={findWilaya(wilayas, chosenWilaya ?? '')}
            commune={typed.commune ?? ''}
            value={deliveryType}
            onChange={onDeliveryTypeChange}
          />
          <Controller
            control={control}
            name="commune"
            render={({ field, fieldState }) => (
              <CommunePicker
                id={`${titleId}-commune`}
                wilaya={chosenWilaya ?? ''}
                value={field.value}
                onChange={(name, commune) => chooseCommune(name, commune)}
                onMoved={(code, commune) => {
                  // The commune is in a newer wilaya now: the order goes there, with it.
                  const moved = wilayas.find((w) => w.wilaya_code === code);
                  if (!moved) return;
                  setValue('wilaya', moved.wilaya_name, { shouldValidate: true });
                  chooseWilaya(moved.wilaya_name);
                  chooseCommune(commune.name, commune);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <Field label={t('checkout.address')} error={errors.address?.message}>
            {(p) => <input {...p} {...register('address')} autoComplete="street-address" />}
          </Field>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label={t('checkout.phone')} error={errors.phoneNumber?.message}>
              {(p) => (
                <input {...p} {...register('phoneNumber')} type="tel" autoComplete="tel" placeholder="0555 12 34 56" />
              )}
            </Field>
            <CallNotice className="-mt-2 sm:order-last sm:col-span-2" />
            <Field label={t('checkout.zipCode')} error={errors.zipCode?.message}>
              {(p) => <input {...p} {...register('zipCode')} inputMode="numeric" autoComplete="postal-code" />}
            </Field>
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{t('checkout.rating')}</legend>
            <div className="flex gap-1">
              {STAR_VALUES.map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-label={t('checkout.ratingStar', { n })}
                  aria-pressed={rating === n}
                  onClick={() => setValue('rating', rating === n ? undefined : n)}
                  className={`rounded text-3xl leading-none ${rating && n <= rating ? 'text-[#f5b301]' : 'text-neutral-400'}`}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
          <Field label={t('checkout.comment')}>{(p) => <textarea {...p} {...register('comment')} rows={2} />}</Field>
          <p className="flex justify-between border-t border-neutral-200 pt-4 text-lg font-bold">
            <span>
              {t('checkout.total')}
              {!shippingKnown && (
                <span className="block text-sm font-normal text-neutral-600">{t('cart.withoutShipping')}</span>
              )}
            </span>
            <span className="whitespace-nowrap">{formatDa(totalDa)}</span>
          </p>
          {problem && <CheckoutProblemBox problem={problem} />}
          {orderError && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
              {orderError}
            </p>
          )}
          {priceChange ? (
            <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
              <p>
                {t('checkout.pricesChanged')} <strong>{formatDa(priceChange.total)}</strong>
              </p>
              <button
                type="button"
                disabled={sending}
                onClick={() => props.onConfirmNewTotal(getValues())}
                className="mt-3 w-full rounded-full bg-black py-3 font-medium text-white hover:bg-neutral-800 disabled:opacity-60"
              >
                {sending ? t('checkout.sending') : t('checkout.confirmNewTotal')}
              </button>
            </div>
          ) : (
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <button
                type="button"
                onClick={onClose}
                disabled={sending}
                className="rounded-full border border-neutral-300 px-6 py-3 font-medium hover:bg-neutral-50 disabled:opacity-40"
              >
                {t('checkout.cancel')}
              </button>
              <button
                type="submit"
                disabled={sending}
                className="flex-1 rounded-full bg-black px-6 py-3 font-medium text-white hover:bg-neutral-800 disabled:opacity-60"
              >
                {sending ? t('checkout.sending') : t('checkout.confirm')}
              </button>
            </div>
          )}
        </form>
      </div>
    </div>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  className: string;
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
        className: `w-full rounded-xl border bg-white px-4 py-2.5 ${error ? 'border-red-500' : 'border-neutral-300'}`,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {customerMessage(error)}
        </p>
      )}
    </div>
  );
}
