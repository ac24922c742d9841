import { clampRating, formatRating } from '../format.ts';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Full stars and a half star for a 0-5 rating (SPEC §9); the label carries the value for screen readers. */
export function Stars({ rating, size = 16, label }: { rating: unknown; size?: number; label?: string }) {
  const value = clampRating(rating);
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `${formatRating(value)} sur 5`}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = i < full ? 'full' : i === full && half ? 'half' : 'empty';
        return (
          <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="rtl:-scale-x-100">
            {fill === 'half' && (
              <defs>
                <clipPath id={`half-${i}`}>
                  <rect x="0" y="0" width="12" height="24" />
                </clipPath>
              </defs>
            )}
            <path d={STAR_PATH} fill="#e5e7eb" />
            {fill !== 'empty' && (
              <path d={STAR_PATH} fill="#f5b301" clipPath={fill === 'half' ? `url(#half-${i})` : undefined} />
            )}
          </svg>
        );
      })}
    </span>
  );
}
