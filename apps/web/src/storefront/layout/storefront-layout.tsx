import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { ErrorBoundary } from '../../lib/ui/error-boundary.tsx';
import { LoadError } from '../../lib/ui/load-error.tsx';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';
import { useToastsWanted } from './notify.ts';
import { usePageTitle } from './page-title.ts';
import { useSettings } from '../features/settings/api/get-settings.ts';
import { captureLanding } from '../features/marketing/attribution.ts';
import { startPixels, trackAdEvent } from '../features/marketing/pixels.ts';

/** A product page names its product in the title itself (ProductPage). */
const PRODUCT_ADDRESS = /^\/product\/[^/]+\/?$/i;

const Toasts = lazy(() => import('./toasts.tsx'));

export function StorefrontLayout() {
  const toasts = useToastsWanted();
  const { pathname } = useLocation();
  usePageTitle(PRODUCT_ADDRESS.test(pathname) ? undefined : pathname);
  // A new page starts at the top; the home sections scroll themselves afterwards (their effects run later).
  useLayoutEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  // The ad pixels, when the owner set them: set up now, their scripts after the first interaction.
  const pixels = useSettings().data?.pixels;
  useEffect(() => captureLanding(), []);
  // Before the page's own effects (a product page's ViewContent comes after its PageView).
  useLayoutEffect(() => {
    startPixels(pixels);
    trackAdEvent('PageView');
  }, [pixels, pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-white text-neutral-900">
      <a
        href="#main"
        className="sr-only z-50 bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:rounded"
      >
        {t('skipToContent')}
      </a>
      <aside aria-label={t('bannerLabel')}>
        <p className="bg-black px-4 py-2 text-center text-xs text-white sm:text-sm">{t('banner')}</p>
      </aside>
      <NavBar />
      <main id="main" className="flex-1">
        {/* A page that fails (its code did not load) leaves the header and the footer in place. */}
        <ErrorBoundary key={pathname} fallback={(retry) => <LoadError lang={currentLanguage()} onRetry={retry} />}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </div>
  );
}
