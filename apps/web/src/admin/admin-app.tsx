// The back office (English), mounted by the app router at /admin/*. Each page is its own chunk.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from './layout/admin-layout.tsx';
import { Loading } from './components/ui.tsx';
import { AdminNotFoundRoute } from './routes/not-found.tsx';

const LoginRoute = lazy(() => import('./routes/login.tsx').then((m) => ({ default: m.LoginRoute })));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx').then((m) => ({ default: m.DashboardRoute })));
const ConfirmRoute = lazy(() => import('./routes/confirm.tsx').then((m) => ({ default: m.ConfirmRoute })));
const ProductsRoute = lazy(() => import('./routes/products.tsx').then((m) => ({ default: m.ProductsRoute })));
const OrdersRoute = lazy(() => import('./routes/orders.tsx').then((m) => ({ default: m.OrdersRoute })));
const RatingsRoute = lazy(() => import('./routes/ratings.tsx').then((m) => ({ default: m.RatingsRoute })));
const ProductTypesRoute = lazy(() =>
  import('./routes/product-types.tsx').then((m) => ({ default: m.ProductTypesRoute })),
);
const CustomOrderTypesRoute = lazy(() =>
  import('./routes/custom-order-types.tsx').then((m) => ({ default: m.CustomOrderTypesRoute })),
);
const CouponsRoute = lazy(() => import('./routes/coupons.tsx').then((m) => ({ default: m.CouponsRoute })));
const ShippingPricesRoute = lazy(() =>
  import('./routes/shipping-prices.tsx').then((m) => ({ default: m.ShippingPricesRoute })),
);

const SlipsRoute = lazy(() => import('./routes/slips.tsx').then((m) => ({ default: m.SlipsRoute })));
const SettingsRoute = lazy(() => import('./routes/settings.tsx').then((m) => ({ default: m.SettingsRoute })));

export function AdminApp() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="login" element={<LoginRoute />} />
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardRoute />} />
          <Route path="confirm" element={<ConfirmRoute />} />
          <Route path="products" element={<ProductsRoute />} />
          <Route path="orders" element={<OrdersRoute />} />
          <Route path="ratings" element={<RatingsRoute />} />
          <Route path="product-types" element={<ProductTypesRoute />} />
          <Route path="custom-order-types" element={<CustomOrderTypesRoute />} />
          <Route path="coupons" element={<CouponsRoute />} />
          <Route path="shipping-prices" element={<ShippingPricesRoute />} />
          <Route path="settings" element={<SettingsRoute />} />
          <Route path="slips" element={<SlipsRoute />} />
          <Route path="*" element={<AdminNotFoundRoute />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
