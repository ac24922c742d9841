/** − n + with bounds; the minus button is disabled at the minimum. */
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
  const pad = size === 'sm' ? 'h-9 px-3' : 'h-12 px-5';
  return (
    <div role="group" aria-label={label} className={`flex items-center rounded-full bg-[#f0f0f0] ${pad}`}>
      <button
        type="button"
        aria-label={decreaseLabel}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
        className="flex h-8 w-8 items-center justify-center rounded-full text-xl disabled:opacity-30"
      >
        −
      </button>
      <output aria-live="polite" className="w-8 text-center font-medium">
        {value}
      </output>
      <button
        type="button"
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
        className="flex h-8 w-8 items-center justify-center rounded-full text-xl disabled:opacity-30"
      >
        +
      </button>
    </div>
  );
}
