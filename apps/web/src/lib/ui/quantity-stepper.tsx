import { useState } from 'react';
import { toAsciiDigits } from '@shop/domain/digits';

/**
 * − n + with bounds; the minus button is disabled at the minimum, the plus at the maximum. The
 * number can be typed too (in Western or Arabic-Indic digits); it is kept within the bounds when the field is left or Enter pressed.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  label,
  decreaseLabel,
  increaseLabel,
  size = 'md',
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  size?: 'sm' | 'md';
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (n: number) => Math.min(max, Math.max(min, n));

  function commit() {
    if (draft === null) return;
    const typed = Number.parseInt(draft, 10);
    setDraft(null);
    if (Number.isFinite(typed) && clamp(typed) !== value) onChange(clamp(typed));
  }

  const pad = size === 'sm' ? 'h-10 px-2' : 'h-12 px-4';
  return (
    <div role="group" aria-label={label} className={`flex items-center rounded-full bg-[#f0f0f0] ${pad}`}>
      <button
        type="button"
        aria-label={decreaseLabel}
        disabled={value <= min}
        onClick={() => onChange(clamp(value - 1))}
        className="flex h-9 w-9 items-center justify-center rounded-full text-xl disabled:opacity-30"
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={label}
        value={draft ?? String(value)}
        // An Arabic keyboard types ٣: read as 3, not dropped as a non-digit.
        onChange={(e) => setDraft(toAsciiDigits(e.target.value).replace(/\D/g, '').slice(0, 4))}
        onFocus={(e) => e.currentTarget.select()}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className="w-10 bg-transparent text-center text-base font-medium"
      />
      <button
        type="button"
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(clamp(value + 1))}
        className="flex h-9 w-9 items-center justify-center rounded-full text-xl disabled:opacity-30"
      >
        +
      </button>
    </div>
  );
}
