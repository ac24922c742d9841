// The storefront is part of the first download (no extra round trip before a customer's first
// page renders); the admin under /admin stays a lazy area, so a customer never downloads it.
// A declarative router (BrowserRouter + Routes): the app loads no data through the router, and
// the data router's code would be ~10 KB gzip more on every customer's first load.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { StorefrontApp } from '../storefront/storefront-app.tsx';

const AdminApp = lazy(async () => ({ default: (await import('../admin/admin-app.tsx')).AdminApp }));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            // Nothing while the admin chunk loads on the first visit: the page follows at once.
            <Suspense fallback={null}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route path="/*" element={<StorefrontApp />} />
      </Routes>
    </BrowserRouter>
  );
}
