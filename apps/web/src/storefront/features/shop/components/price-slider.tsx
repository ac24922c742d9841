import { useState } from 'react';
import { PRICE_SLIDER_GAP, PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';
import { formatDa } from '@shop/domain/money';
import { t } from '../../../texts.ts';

const STEP = 50;

/**
 * Puts a handle dragged past the gap back where its value is: when the clamped value equals the
 * state, nothing re-renders, and the handle would stay where the finger left it.
 */
function keep(input: HTMLInputElement, value: number): number {
  if (input.value !== String(value)) input.value = String(value);
  return value;
}

/** Dual range 0-5000 with a minimum gap of 500; applied with the Appliquer button (SPEC §2). */
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
        <div className="absolute top-1/2 right-0 left-0 h-1.5 -translate-y-1/2 rounded-full bg-neutral-200" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-black"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          aria-label={t.shop.priceMin}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={STEP}
          value={low}
          onChange={(e) =>
            setLow(keep(e.currentTarget, Math.min(Number(e.currentTarget.value), high - PRICE_SLIDER_GAP)))
          }
          className="range-thumb absolute inset-0 w-full"
        />
        <input
          type="range"
          aria-label={t.shop.priceMax}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={STEP}
          value={high}
          onChange={(e) =>
            setHigh(keep(e.currentTarget, Math.max(Number(e.currentTarget.value), low + PRICE_SLIDER_GAP)))
          }
          className="range-thumb absolute inset-0 w-full"
        />
      </div>
      <div className="mt-2 flex justify-between text-sm text-neutral-700">
        <span>{formatDa(low)}</span>
        <span>{formatDa(high)}</span>
      </div>
      <button
        type="button"
        onClick={() => onApply(low, high)}
        className="mt-4 w-full rounded-full bg-black py-3 text-sm font-medium text-white hover:bg-neutral-800"
      >
        {t.shop.apply}
      </button>
    </div>
  );
}
