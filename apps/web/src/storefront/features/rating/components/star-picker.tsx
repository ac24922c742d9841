import { useRef, type KeyboardEvent } from 'react';
import { RATING_MAX, RATING_MIN } from '@shop/domain/constants';
import { t } from '../../../i18n/i18n.ts';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

interface Props {
  value: number;
  onChange: (value: number) => void;
  labelId: string;
}

/** A radio group of stars (WAI-ARIA radio pattern): arrows move and select, one tab stop. */
export function StarPicker({ value, onChange, labelId }: Props) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function select(next: number) {
    const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, next));
    onChange(clamped);
    buttons.current[clamped - RATING_MIN]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Right to left (Arabic), the stars run from the right: the left arrow goes up.
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const moves: Record<string, number> = {
      [forward]: value + 1,
      ArrowUp: value + 1,
      [backward]: value - 1,
      ArrowDown: value - 1,
      Home: RATING_MIN,
      End: RATING_MAX,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="radiogroup" aria-labelledby={labelId} className="flex gap-1">
        {STARS.map((star) => {
          const filled = star <= value;
          return (
            <button
              key={star}
              ref={(element) => {
                buttons.current[star - RATING_MIN] = element;
              }}
              type="button"
              role="radio"
              aria-checked={star === value}
              aria-label={t('rating.star', { n: star })}
              tabIndex={star === value ? 0 : -1}
              onClick={() => select(star)}
              onKeyDown={onKeyDown}
              className="rounded-md p-1 text-3xl leading-none transition-transform hover:scale-110"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className={`h-9 w-9 ${filled ? 'text-amber-400' : 'text-gray-300'}`}
              >
                <path
                  fill="currentColor"
                  d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5z"
                />
              </svg>
            </button>
          );
        })}
      </div>
      <span className="text-sm font-medium text-gray-700" aria-live="polite">
        {t('rating.ratingValue', { n: value })}
      </span>
    </div>
  );
}
