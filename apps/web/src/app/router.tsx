// The storefront is part of the first download (no extra round trip before a customer's first
// page renders); the admin under /admin stays a lazy area, so a customer never downloads it.
// A declarative router (BrowserRouter + Routes): the app loads no data through the router, and
// the data router's code would be ~10 KB gzip more on every customer's first load.
// The Arabic storefront is the same app under the basename /ar: every link the pages
// draw ("/Cart") lands on its Arabic address ("/ar/Cart") without knowing the language.
import { lazy, Suspense, use, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { StorefrontApp } from '../storefront/storefront-app.tsx';
import { activateLanguage, ARABIC_PREFIX, currentLanguage, i18n, languageOfPath } from '../storefront/i18n/i18n.ts';
import { useLanguage } from '../storefront/i18n/use-language.ts';
import { ErrorBoundary } from '../lib/ui/error-boundary.tsx';
import { LoadError } from '../lib/ui/load-error.tsx';

const AdminApp = lazy(async () => ({ default: (await import('../admin/admin-app.tsx')).AdminApp }));

let storefrontCatalogue: Promise<void> | null = null;

/**
 * The storefront, in its language. Its catalogue is loaded before the first render (main.tsx); the
 * back office, English, loads none, so a storefront page reached from it without a reload waits
 * for its catalogue here.
 */
function Storefront() {
  if (!i18n.locale) use((storefrontCatalogue ??= activateLanguage(languageOfPath(window.location.pathname))));
  return (
    <I18nProvider i18n={i18n}>
      <StorefrontApp />
    </I18nProvider>
  );
}

export function AppRouter() {
  const lang = useLanguage();
  // Back or forward across languages (/ar/Cart ← /Cart): the app follows the address's language.
  useEffect(() => {
    function onPopState() {
      const wanted = languageOfPath(window.location.pathname);
      if (wanted !== currentLanguage()) void activateLanguage(wanted);
    }
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return (
    // A new router per language: it reads the address again with the right basename.
    <BrowserRouter key={lang} basename={lang === 'ar' ? ARABIC_PREFIX : undefined}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            // A chunk that fails to load shows the area's retry screen, not a blank page.
            <ErrorBoundary fallback={(retry) => <LoadError lang="en" onRetry={retry} />}>
              {/* Nothing while the admin chunk loads on the first visit: the page follows at once. */}
              <Suspense fallback={null}>
                <AdminApp />
              </Suspense>
            </ErrorBoundary>
          }
        />
        <Route
          path="/*"
          element={
            <ErrorBoundary fallback={(retry) => <LoadError lang={lang} onRetry={retry} />}>
              <Suspense fallback={null}>
                <Storefront />
              </Suspense>
            </ErrorBoundary>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
