import { t } from '../../../i18n/i18n.ts';

/** «, numbered buttons, »: only when there is more than one page (SPEC §2). */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const base = 'flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium';
  return (
    <nav aria-label={t('shop.pagination')} className="mt-10 border-t border-neutral-200 pt-6">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={`${base} border border-neutral-200 hover:bg-neutral-100 disabled:opacity-40`}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('shop.previous')}
          >
            <span className="inline-block rtl:-scale-x-100">«</span>
          </button>
        </li>
        {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`${base} ${n === page ? 'bg-black text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('shop.page', { n })}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${base} border border-neutral-200 hover:bg-neutral-100 disabled:opacity-40`}
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
            aria-label={t('shop.next')}
          >
            <span className="inline-block rtl:-scale-x-100">»</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
