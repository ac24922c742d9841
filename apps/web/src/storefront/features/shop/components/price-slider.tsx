import { useState } from 'react';
import { PRICE_SLIDER_GAP, PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';
import { formatDa, t } from '../../../i18n/i18n.ts';

const STEP = 50;

/**
 * A handle's value kept at least PRICE_SLIDER_GAP from the other handle (`other`) and on the
 * slider. Pushed past it, the handle stays at the gap: when that leaves the state as it was, React
 * puts the input back to the controlled value (e2e/pages.test.ts checks it in Chromium).
 */
export function clampPriceHandle(handle: 'min' | 'max', value: number, other: number): number {
  if (handle === 'min') return Math.max(PRICE_SLIDER_MIN, Math.min(value, other - PRICE_SLIDER_GAP));
  return Math.min(PRICE_SLIDER_MAX, Math.max(value, other + PRICE_SLIDER_GAP));
}

/**
 * Dual range 0-5000 with a minimum gap of 500; applied with the Appliquer button (SPEC §2). Its top
 * end is "5 000+": no upper bound.
 */
export function PriceSlider({
  min,
  max,
  onApply,
}: {
  min: number;
  max: number;
  onApply: (min: number, max: number) => void;
}) {
  const [low, setLow] = useState(min);
  const [high, setHigh] = useState(max);
  const span = PRICE_SLIDER_MAX - PRICE_SLIDER_MIN;
  const left = ((low - PRICE_SLIDER_MIN) / span) * 100;
  const right = ((high - PRICE_SLIDER_MIN) / span) * 100;

  return (
    <div>
      <div className="relative h-8">
        <div className="absolute top-1/2 end-0 start-0 h-1.5 -translate-y-1/2 rounded-full bg-neutral-200" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-black"
          style={{ insetInlineStart: `${left}%`, insetInlineEnd: `${100 - right}%` }}
        />
        <input
          type="range"
          aria-label={t('shop.priceMin')}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={STEP}
          value={low}
          onChange={(e) => setLow(clampPriceHandle('min', Number(e.currentTarget.value), high))}
          className="range-thumb absolute inset-0 w-full"
        />
        <input
          type="range"
          aria-label={t('shop.priceMax')}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={STEP}
          value={high}
          onChange={(e) => setHigh(clampPriceHandle('max', Number(e.currentTarget.value), low))}
          className="range-thumb absolute inset-0 w-full"
        />
      </div>
      <div className="mt-2 flex justify-between text-sm text-neutral-700">
        <span>{formatDa(low)}</span>
        {/* The top end means "and more": no upper bound (DESIGN §7.9). */}
        <span data-testid="price-max">
          {high >= PRICE_SLIDER_MAX ? t('shop.priceAndMore', { price: formatDa(high) }) : formatDa(high)}
        </span>
      </div>
      <button
        type="button"
        onClick={() => onApply(low, high)}
        className="mt-4 w-full rounded-full bg-black py-3 text-sm font-medium text-white hover:bg-neutral-800"
      >
        {t('shop.apply')}
      </button>
    </div>
  );
}
