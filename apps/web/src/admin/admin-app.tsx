// The back office (English), mounted by the app router at /admin/*. Each page is its own chunk.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { can } from '@shop/domain/staff';
import { AdminLayout } from './layout/admin-layout.tsx';
import { PageGuard } from './layout/page-guard.tsx';
import { ADMIN_PAGE_ACCESS, homeOf, useIdentity, type AdminPage } from './lib/access.tsx';
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
const UsersRoute = lazy(() => import('./routes/users.tsx').then((m) => ({ default: m.UsersRoute })));
const TeamRoute = lazy(() => import('./routes/team.tsx').then((m) => ({ default: m.TeamRoute })));

/** The back office's home: the dashboard for those who see the figures, else the role's own page. */
function HomeRoute() {
  const identity = useIdentity();
  if (!can(identity.role, ADMIN_PAGE_ACCESS.dashboard)) return <Navigate to={homeOf(identity)} replace />;
  return <DashboardRoute />;
}

/** A page, behind its role (layout/page-guard.tsx). */
function page(name: AdminPage, element: ReactNode) {
  return <PageGuard page={name}>{element}</PageGuard>;
}
const ReconciliationRoute = lazy(() =>
  import('./routes/reconciliation.tsx').then((m) => ({ default: m.ReconciliationRoute })),
);

export function AdminApp() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="login" element={<LoginRoute />} />
        <Route element={<AdminLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="confirm" element={page('confirm', <ConfirmRoute />)} />
          <Route path="products" element={page('products', <ProductsRoute />)} />
          <Route path="orders" element={page('orders', <OrdersRoute />)} />
          <Route path="ratings" element={page('ratings', <RatingsRoute />)} />
          <Route path="product-types" element={page('productTypes', <ProductTypesRoute />)} />
          <Route path="custom-order-types" element={page('customOrderTypes', <CustomOrderTypesRoute />)} />
          <Route path="coupons" element={page('coupons', <CouponsRoute />)} />
          <Route path="shipping-prices" element={page('shippingPrices', <ShippingPricesRoute />)} />
          <Route path="team" element={page('team', <TeamRoute />)} />
          <Route path="settings" element={page('settings', <SettingsRoute />)} />
          <Route path="settings/users" element={page('users', <UsersRoute />)} />
          <Route path="slips" element={page('slips', <SlipsRoute />)} />
          <Route path="reconciliation" element={page('reconciliation', <ReconciliationRoute />)} />
          <Route path="*" element={<AdminNotFoundRoute />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
