import { useEffect, useRef, useState, type FormEvent } from 'react';
import { normalizeAlgerianPhone, phoneError } from '@shop/domain/phone-number';
import { orderNumberError, readOrderNumber } from '@shop/domain/order-number';
import type { TrackingRequest } from '../api/track-order.ts';
import { t } from '../../../i18n/i18n.ts';

export interface TrackingFormValues {
  orderNumber: string;
  phone: string;
}

type Field = keyof TrackingFormValues;
type Errors = Partial<Record<Field, string>>;

const inputClass =
  'w-full rounded-xl border border-neutral-300 bg-white px-4 py-3 text-base text-black placeholder:text-neutral-500 focus:border-black focus:ring-2 focus:ring-black/10 focus:outline-none aria-[invalid=true]:border-red-600';

/** The request a form's values make, or null while one of them is wrong. */
export function requestOf(values: TrackingFormValues): TrackingRequest | null {
  const orderId = readOrderNumber(values.orderNumber);
  const phone = phoneError(values.phone) ? null : normalizeAlgerianPhone(values.phone.trim());
  return orderId !== null && phone !== null ? { orderId, phone } : null;
}

/** The domain's French messages for what is wrong in the values. */
function errorsOf(values: TrackingFormValues): Errors {
  const errors: Errors = {};
  const orderNumber = orderNumberError(values.orderNumber);
  const phone = phoneError(values.phone);
  if (orderNumber) errors.orderNumber = orderNumber;
  if (phone) errors.phone = phone;
  return errors;
}

/** A number without its phone (the thank-you screen may not know it) waits in the phone field. */
function waitsForPhone(values: TrackingFormValues): boolean {
  return values.orderNumber !== '' && values.phone === '';
}

/**
 * "Numéro de commande" and "Téléphone", checked on "Suivre" with the domain's rules (French
 * messages; a field's message goes as it is edited). Two fields need no form library: see
 * docs/decisions/011. Values that came in the page's address are checked at once.
 */
export function TrackingForm({
  initial,
  busy,
  onSearch,
}: {
  initial: TrackingFormValues;
  busy: boolean;
  onSearch: (request: TrackingRequest) => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>(() =>
    (initial.orderNumber || initial.phone) && !waitsForPhone(initial) ? errorsOf(initial) : {},
  );
  const orderInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (waitsForPhone(initial)) phoneInput.current?.focus();
  }, [initial, phoneInput]);

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = errorsOf(values);
    setErrors(found);
    if (found.orderNumber || found.phone) {
      (found.orderNumber ? orderInput : phoneInput).current?.focus();
      return;
    }
    const request = requestOf(values);
    if (request) onSearch(request);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-3xl border border-neutral-200 p-5 sm:p-8">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="tracking-order" className="text-sm font-medium text-neutral-800">
            {t('tracking.orderNumber')}
          </label>
          <input
            ref={orderInput}
            id="tracking-order"
            name="commande"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="next"
            placeholder={t('tracking.orderNumberPlaceholder')}
            className={inputClass}
            value={values.orderNumber}
            onChange={(e) => change('orderNumber', e.target.value)}
            aria-invalid={Boolean(errors.orderNumber)}
            aria-describedby={errors.orderNumber ? 'tracking-order-error' : undefined}
          />
          {errors.orderNumber && (
            <p id="tracking-order-error" role="alert" className="text-sm text-red-700">
              {errors.orderNumber}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="tracking-phone" className="text-sm font-medium text-neutral-800">
            {t('tracking.phone')}
          </label>
          <input
            ref={phoneInput}
            id="tracking-phone"
            name="tel"
            type="tel"
            autoComplete="tel"
            enterKeyHint="search"
            placeholder={t('tracking.phonePlaceholder')}
            className={inputClass}
            value={values.phone}
            onChange={(e) => change('phone', e.target.value)}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={errors.phone ? 'tracking-phone-help tracking-phone-error' : 'tracking-phone-help'}
          />
          <p id="tracking-phone-help" className="text-sm text-neutral-600">
            {t('tracking.phoneHelp')}
          </p>
          {errors.phone && (
            <p id="tracking-phone-error" role="alert" className="text-sm text-red-700">
              {errors.phone}
            </p>
          )}
        </div>
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="w-full rounded-full bg-black px-6 py-4 text-base font-semibold text-white hover:bg-neutral-800 disabled:opacity-60 sm:w-auto sm:self-end sm:px-12"
      >
        {busy ? t('tracking.searching') : t('tracking.submit')}
      </button>
    </form>
  );
}
