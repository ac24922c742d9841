// Two lazy areas: the storefront under / and the admin under /admin. A customer never downloads
// the admin chunk, and the admin never downloads storefront pages.
import { createBrowserRouter } from 'react-router';

export const router = createBrowserRouter([
  {
    path: '/admin/*',
    lazy: async () => ({ Component: (await import('../admin/admin-app.tsx')).AdminApp }),
  },
  {
    path: '/*',
    lazy: async () => ({ Component: (await import('../storefront/storefront-app.tsx')).StorefrontApp }),
  },
]);
