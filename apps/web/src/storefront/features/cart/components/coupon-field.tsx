import { useId } from 'react';
import { t } from '../../../i18n/i18n.ts';
import type { Coupon } from '../../checkout/use-coupon.ts';

/** Pending prompt, green success or red error (SPEC §4); the states are the checkout's useCoupon. */
export function CouponField({ coupon }: { coupon: Coupon }) {
  const inputId = useId();
  const messageId = useId();
  const { status } = coupon.state;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void coupon.apply();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('cart.promoLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={coupon.code}
          onChange={(e) => coupon.edit(e.target.value)}
          placeholder={t('cart.promoPlaceholder')}
          aria-describedby={messageId}
          aria-invalid={status === 'invalid'}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full bg-[#f0f0f0] px-5 py-3 text-sm"
        />
        <button
          type="submit"
          disabled={coupon.applying}
          className="rounded-full bg-black px-5 text-sm font-medium text-white hover:bg-neutral-800 disabled:opacity-60"
        >
          {t('cart.promoApply')}
        </button>
      </div>
      <p
        id={messageId}
        role="status"
        className={`mt-2 text-sm ${status === 'valid' ? 'text-green-700' : status === 'invalid' ? 'text-red-600' : 'text-neutral-500'}`}
      >
        {status === 'valid'
          ? t('cart.promoValid')
          : status === 'invalid'
            ? t('cart.promoInvalid')
            : t('cart.promoPending')}
      </p>
    </form>
  );
}
