import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { buttonClass } from '../components/ui.tsx';
import { texts } from '../texts.ts';

/** Any /admin/… address the back office has no page for: in English, with the way back. */
export function AdminNotFoundRoute() {
  useEffect(() => {
    document.title = `${texts.notFound.title} · Admin`;
  }, []);
  return (
    <section className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white px-5 py-10 text-center shadow-sm">
      <p className="text-5xl font-black text-slate-500" aria-hidden="true">
        404
      </p>
      <h1 className="mt-3 text-xl font-semibold text-slate-900">{texts.notFound.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{texts.notFound.message}</p>
      <Link to={paths.admin.dashboard} className={`${buttonClass('primary')} mt-6`}>
        {texts.notFound.back}
      </Link>
    </section>
  );
}
