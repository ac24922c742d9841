import { useId, useState } from 'react';
import { t } from '../../../texts.ts';
import { validateCoupon } from '../api/validate-coupon.ts';

export type CouponState =
  { status: 'pending' } | { status: 'valid'; code: string; percent: number } | { status: 'invalid' };

/** Pending prompt, green success or red error (SPEC §4); an empty code is invalid without a call (SPEC §5). */
export function CouponField({ state, onChange }: { state: CouponState; onChange: (state: CouponState) => void }) {
  const [code, setCode] = useState(state.status === 'valid' ? state.code : '');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const messageId = useId();

  async function apply() {
    const trimmed = code.trim();
    if (trimmed === '') return onChange({ status: 'invalid' });
    setBusy(true);
    try {
      const percent = await validateCoupon(trimmed);
      onChange({ status: 'valid', code: trimmed.toUpperCase(), percent });
    } catch {
      onChange({ status: 'invalid' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t.cart.promoLabel}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t.cart.promoPlaceholder}
          aria-describedby={messageId}
          aria-invalid={state.status === 'invalid'}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full bg-[#f0f0f0] px-5 py-3 text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-black px-5 text-sm font-medium text-white hover:bg-neutral-800 disabled:opacity-60"
        >
          {t.cart.promoApply}
        </button>
      </div>
      <p
        id={messageId}
        role="status"
        className={`mt-2 text-sm ${state.status === 'valid' ? 'text-green-700' : state.status === 'invalid' ? 'text-red-600' : 'text-neutral-500'}`}
      >
        {state.status === 'valid'
          ? t.cart.promoValid
          : state.status === 'invalid'
            ? t.cart.promoInvalid
            : t.cart.promoPending}
      </p>
    </form>
  );
}
