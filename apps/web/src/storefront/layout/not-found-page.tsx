import { Link } from 'react-router';
import { t } from '../i18n/i18n.ts';

/** SPEC §2: the page for any unknown route, a missing product or a failed product fetch. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-black text-neutral-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-neutral-600">{t('notFound.body')}</p>
      <Link to="/" className="rounded-full bg-black px-6 py-3 text-white hover:bg-neutral-800">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
