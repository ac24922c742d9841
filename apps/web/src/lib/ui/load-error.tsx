// The screen shown where a page could not draw (ErrorBoundary). Its texts are here, not in the
// storefront's catalogues or the admin's texts module: what failed to load may be those.

export type LoadErrorLanguage = 'fr' | 'ar' | 'en';

const TEXTS: Record<LoadErrorLanguage, { title: string; body: string; retry: string }> = {
  fr: {
    title: 'La page n’a pas pu s’afficher',
    body: 'Votre connexion a peut-être été coupée, ou la boutique vient d’être mise à jour.',
    retry: 'Réessayer',
  },
  ar: {
    title: 'تعذّر عرض الصفحة',
    body: 'ربما انقطع اتصالك، أو تم تحديث المتجر للتو.',
    retry: 'أعد المحاولة',
  },
  en: {
    title: 'This page could not be shown',
    body: 'The connection may have dropped, or the shop was just updated.',
    retry: 'Retry',
  },
};

export function LoadError({ lang, onRetry }: { lang: LoadErrorLanguage; onRetry: () => void }) {
  const text = TEXTS[lang];
  return (
    <div
      role="alert"
      lang={lang}
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="load-error"
    >
      <h1 className="text-2xl font-bold">{text.title}</h1>
      <p className="text-neutral-600">{text.body}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-black px-8 py-3 font-medium text-white hover:bg-neutral-800"
      >
        {text.retry}
      </button>
    </div>
  );
}
