import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { t } from '../i18n/i18n.ts';

/** Accueil > … > current page; the last item is the current page. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const all = [{ label: t('nav.home'), to: paths.home }, ...items];
  return (
    <nav aria-label={t('nav.breadcrumb')} className="py-4 text-sm text-neutral-600">
      <ol className="flex flex-wrap items-center gap-2">
        {all.map((item, i) => (
          <Fragment key={`${item.label}-${i}`}>
            {i > 0 && (
              // The arrow points to the next step: leftwards right to left.
              <li aria-hidden="true" className="inline-block text-neutral-400 rtl:-scale-x-100">
                ›
              </li>
            )}
            <li>
              {item.to && i < all.length - 1 ? (
                <Link to={item.to} className="rounded hover:text-black hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="text-black">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
