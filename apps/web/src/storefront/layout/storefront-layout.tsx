import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '../texts.ts';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

const Toasts = lazy(() => import('./toasts.tsx'));

/**
 * True once the page has loaded and the browser is idle: the toast container (react-toastify and
 * its stylesheet) is fetched then, not in competition with the first screen's code and pictures.
 */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    const start = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setReady(true), { timeout: 2000 })
        : window.setTimeout(() => setReady(true), 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return ready;
}

export function StorefrontLayout() {
  const toasts = useAfterLoad();
  const { pathname } = useLocation();
  // A new page starts at the top; the home sections scroll themselves afterwards (their effects run later).
  useLayoutEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-white text-neutral-900">
      <a
        href="#main"
        className="sr-only z-50 bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:rounded"
      >
        {t.skipToContent}
      </a>
      <aside aria-label={t.bannerLabel}>
        <p className="bg-black px-4 py-2 text-center text-xs text-white sm:text-sm">{t.banner}</p>
      </aside>
      <NavBar />
      <main id="main" className="flex-1">
        <Outlet />
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
