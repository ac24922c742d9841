// The storefront is part of the first download (no extra round trip before a customer's first
// page renders); the admin under /admin stays a lazy area, so a customer never downloads it.
import { createBrowserRouter } from 'react-router';
import { StorefrontApp } from '../storefront/storefront-app.tsx';

/** Shown while the admin chunk loads on the first visit: nothing, the page follows at once. */
function Blank() {
  return null;
}

export const router = createBrowserRouter([
  {
    path: '/admin/*',
    HydrateFallback: Blank,
    lazy: async () => ({ Component: (await import('../admin/admin-app.tsx')).AdminApp }),
  },
  { path: '/*', Component: StorefrontApp },
]);
