import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { HomePage } from './features/home/components/home-page.tsx';
import { StorefrontLayout } from './layout/storefront-layout.tsx';
import { t } from './i18n/i18n.ts';

interface PageChunk {
  /** Loads the page's code (once); the page then draws without suspending. */
  load: () => Promise<unknown>;
  Page: ComponentType;
}

/**
 * A page in its own chunk. Once its code is in (main.tsx loads the first page's before the first
 * render), the page draws at once: a React.lazy page always suspends on its first render, even
 * with its module loaded, and React then holds the page back behind its fallback for ~300 ms
 * (the throttle of Suspense reveals), which was most of the gap between the first paint and the
 * largest one on the shop and product pages (Lighthouse).
 */
function pageChunk(load: () => Promise<{ default: ComponentType }>): PageChunk {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function Page() {
    // Chosen once per visit of the page: switching from Lazy to the module later would remount it.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { load: loadOnce, Page };
}

// Home is eager (first screen); every other page is its own chunk.
const shop = pageChunk(() => import('./routes/shop.tsx'));
const product = pageChunk(() => import('./routes/product.tsx'));
const cart = pageChunk(() => import('./routes/cart.tsx'));
const customOrder = pageChunk(async () => ({
  default: (await import('./features/custom-order/custom-order-page.tsx')).CustomOrderPage,
}));
const rating = pageChunk(async () => ({ default: (await import('./features/rating/rating-page.tsx')).RatingPage }));
const tracking = pageChunk(async () => ({
  default: (await import('./features/tracking/components/tracking-page.tsx')).TrackingPage,
}));

const PAGE_CHUNKS: [RegExp, PageChunk][] = [
  [/^\/Shop(\/[^/]+)?$/, shop],
  [/^\/product\/[^/]+$/, product],
  [/^\/Cart$/, cart],
  [/^\/CustomOrder$/, customOrder],
  [/^\/Rating$/, rating],
  [/^\/suivi\/?$/i, tracking],
];

/**
 * Loads the chunk of the page at this address. Awaited before the first render (main.tsx), the
 * page draws in the same paint as the layout instead of one paint later (Lighthouse: LCP).
 */
export function loadPageChunk(pathname: string): Promise<unknown> {
  const chunk = PAGE_CHUNKS.find(([pattern]) => pattern.test(pathname))?.[1];
  return chunk ? chunk.load() : Promise.resolve();
}

/**
 * While a page's code loads (a slow network), the layout stays and the page's place shows a
 * skeleton, a screen tall so the footer stays below the fold (no layout shift).
 */
function PageFallback() {
  return (
    <div className="mx-auto min-h-screen max-w-7xl px-4 py-4" aria-busy="true" data-testid="page-skeleton">
      <span className="sr-only" role="status">
        {t('loadingPage')}
      </span>
      <div className="h-4 w-40 animate-pulse rounded bg-neutral-200" />
      <div className="mt-6 h-9 w-2/3 max-w-md animate-pulse rounded bg-neutral-200" />
      <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="aspect-square animate-pulse rounded-2xl bg-neutral-200" />
        ))}
      </div>
    </div>
  );
}

export function StorefrontApp() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route element={<StorefrontLayout />}>
          <Route index element={<HomePage />} />
          <Route path="NewArrival" element={<HomePage section="newArrival" />} />
          <Route path="TopSelling" element={<HomePage section="topSelling" />} />
          <Route path="OnSale" element={<HomePage section="onSale" />} />
          <Route path="Shop" element={<Lazy page={<shop.Page />} />} />
          <Route path="Shop/:search" element={<Lazy page={<shop.Page />} />} />
          <Route path="product/:id" element={<Lazy page={<product.Page />} />} />
          <Route path="Cart" element={<Lazy page={<cart.Page />} />} />
          <Route path="CustomOrder" element={<Lazy page={<customOrder.Page />} />} />
          <Route path="Rating" element={<Lazy page={<rating.Page />} />} />
          <Route path="suivi" element={<Lazy page={<tracking.Page />} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** Keeps the layout on screen while a page chunk loads. */
function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{page}</Suspense>;
}
