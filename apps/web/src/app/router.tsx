// Two lazy areas: the storefront under / and the admin under /admin. A customer never downloads
// the admin chunk, and the admin never downloads storefront pages.
import { createBrowserRouter } from 'react-router';

/** Shown while an area's chunk loads on the first visit: nothing, the page follows at once. */
function Blank() {
  return null;
}

export const router = createBrowserRouter([
  {
    path: '/admin/*',
    HydrateFallback: Blank,
    lazy: async () => ({ Component: (await import('../admin/admin-app.tsx')).AdminApp }),
  },
  {
    path: '/*',
    HydrateFallback: Blank,
    lazy: async () => ({ Component: (await import('../storefront/storefront-app.tsx')).StorefrontApp }),
  },
]);
