import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from './layout/not-found-page.tsx';
import { HomePage } from './features/home/components/home-page.tsx';
import { StorefrontLayout } from './layout/storefront-layout.tsx';
import { t } from './i18n/i18n.ts';

// Home is eager (first screen); every other page is its own chunk.
const loadShop = () => import('./routes/shop.tsx');
const loadProduct = () => import('./routes/product.tsx');
const loadCart = () => import('./routes/cart.tsx');
const loadCustomOrder = async () => ({
  default: (await import('./features/custom-order/custom-order-page.tsx')).CustomOrderPage,
});
const loadRating = async () => ({ default: (await import('./features/rating/rating-page.tsx')).RatingPage });
const loadTracking = async () => ({
  default: (await import('./features/tracking/components/tracking-page.tsx')).TrackingPage,
});

const ShopRoute = lazy(loadShop);
const ProductRoute = lazy(loadProduct);
const CartRoute = lazy(loadCart);
const CustomOrderRoute = lazy(loadCustomOrder);
const RatingRoute = lazy(loadRating);
const TrackingRoute = lazy(loadTracking);

const PAGE_CHUNKS: [RegExp, () => Promise<unknown>][] = [
  [/^\/Shop(\/[^/]+)?$/, loadShop],
  [/^\/product\/[^/]+$/, loadProduct],
  [/^\/Cart$/, loadCart],
  [/^\/CustomOrder$/, loadCustomOrder],
  [/^\/Rating$/, loadRating],
  [/^\/suivi\/?$/i, loadTracking],
];

/**
 * Loads the chunk of the page at this address. Awaited before the first render (main.tsx), the
 * page draws in the same paint as the layout instead of one paint later (Lighthouse: LCP).
 */
export function loadPageChunk(pathname: string): Promise<unknown> {
  const load = PAGE_CHUNKS.find(([pattern]) => pattern.test(pathname))?.[1];
  return load ? load() : Promise.resolve();
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
          <Route path="Shop" element={<Lazy page={<ShopRoute />} />} />
          <Route path="Shop/:search" element={<Lazy page={<ShopRoute />} />} />
          <Route path="product/:id" element={<Lazy page={<ProductRoute />} />} />
          <Route path="Cart" element={<Lazy page={<CartRoute />} />} />
          <Route path="CustomOrder" element={<Lazy page={<CustomOrderRoute />} />} />
          <Route path="Rating" element={<Lazy page={<RatingRoute />} />} />
          <Route path="suivi" element={<Lazy page={<TrackingRoute />} />} />
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
