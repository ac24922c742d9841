import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Breadcrumb } from '../../layout/breadcrumb.tsx';
import { notify } from '../../layout/notify.ts';
import type { z } from 'zod';
import { brandRatingCreateSchema } from '@shop/domain/rating-schemas';
import { DEFAULT_RATING } from '@shop/domain/constants';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { createBrandRating } from './api/create-brand-rating.ts';
import { StarPicker } from './components/star-picker.tsx';
import { customerMessage, t } from '../../i18n/i18n.ts';
import { useCustomerMessages } from '../../i18n/use-language.ts';

type FormInput = z.input<typeof brandRatingCreateSchema>;
type FormOutput = z.output<typeof brandRatingCreateSchema>;

const inputClass =
  'w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-black placeholder:text-gray-500 focus:border-black focus:outline-none focus:ring-2 focus:ring-black/10 aria-[invalid=true]:border-red-500';

function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false };
}

function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
      {customerMessage(message)}
    </p>
  );
}

/** /Rating (SPEC §2): a brand review with 1-5 stars, shown on the home page's review cards. */
export function RatingPage() {
  useCustomerMessages();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(brandRatingCreateSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { customer_name: '', customer_phone: '', order_id: '', rating: DEFAULT_RATING, review: '' },
  });

  const field = (name: 'customer_name' | 'customer_phone' | 'order_id' | 'review') =>
    register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await createBrandRating(values);
      if (response.status !== 200 && response.status !== 201) {
        notify.error(response.message || t('rating.toastFailed'));
        return;
      }
      notify.success(t('rating.toastSuccess'));
      setDone(true);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message || t('rating.toastFailed') : t('rating.toastError'));
    }
  });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: t('rating.breadcrumb') }]} />
      {done ? (
        <ThankYou />
      ) : (
        <>
          <header className="mb-8 flex flex-col gap-2">
            <h1 className="text-3xl font-black tracking-tight uppercase sm:text-4xl">{t('rating.title')}</h1>
            <p className="text-gray-600">{t('rating.intro')}</p>
          </header>
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-5 rounded-3xl border border-gray-200 p-5 sm:p-8"
          >
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor="customer_name" className="text-sm font-medium text-gray-800">
                  {t('rating.fullName')}
                </label>
                <input
                  id="customer_name"
                  autoComplete="name"
                  className={inputClass}
                  {...errorProps('customer_name', errors.customer_name?.message)}
                  {...field('customer_name')}
                />
                <ErrorLine id="customer_name" message={errors.customer_name?.message} />
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor="customer_phone" className="text-sm font-medium text-gray-800">
                  {t('rating.phone')}
                </label>
                <input
                  id="customer_phone"
                  type="tel"
                  autoComplete="tel"
                  placeholder={t('rating.phonePlaceholder')}
                  className={inputClass}
                  {...errorProps('customer_phone', errors.customer_phone?.message)}
                  {...field('customer_phone')}
                />
                <ErrorLine id="customer_phone" message={errors.customer_phone?.message} />
              </div>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="order_id" className="text-sm font-medium text-gray-800">
                {t('rating.orderNumber')}
              </label>
              <input
                id="order_id"
                inputMode="numeric"
                placeholder={t('rating.orderNumberPlaceholder')}
                className={inputClass}
                aria-describedby="order_id-help"
                {...errorProps('order_id', errors.order_id?.message)}
                {...field('order_id')}
              />
              <p id="order_id-help" className="text-sm text-gray-600">
                {t('rating.orderNumberHelp')}
              </p>
              <ErrorLine id="order_id" message={errors.order_id?.message} />
            </div>
            <div className="flex flex-col gap-2">
              <span id="rating-label" className="text-sm font-medium text-gray-800">
                {t('rating.rating')}
              </span>
              <Controller
                control={control}
                name="rating"
                render={({ field: { value, onChange } }) => (
                  <StarPicker value={Number(value ?? DEFAULT_RATING)} onChange={onChange} labelId="rating-label" />
                )}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="review" className="text-sm font-medium text-gray-800">
                {t('rating.review')}
              </label>
              <textarea
                id="review"
                rows={5}
                placeholder={t('rating.reviewPlaceholder')}
                className={`${inputClass} resize-y`}
                {...errorProps('review', errors.review?.message)}
                {...field('review')}
              />
              <ErrorLine id="review" message={errors.review?.message} />
            </div>
            <button
              type="submit"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
              className="w-full rounded-full bg-black px-6 py-4 text-base font-semibold text-white hover:bg-gray-800 disabled:opacity-60 sm:w-auto sm:self-end sm:px-10"
            >
              {isSubmitting ? t('rating.submitting') : t('rating.submit')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}

function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="flex flex-col items-center gap-5 py-10 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-black text-white" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="m5 13 4 4L19 7" />
        </svg>
      </div>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-black tracking-tight focus:outline-none">
        {t('rating.thankYouTitle')}
      </h1>
      <p className="max-w-md text-gray-600">{t('rating.thankYouBody')}</p>
      <Link to={paths.shop} className="rounded-full bg-black px-8 py-3 font-medium text-white hover:bg-gray-800">
        {t('rating.continueShopping')}
      </Link>
    </section>
  );
}
