import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from './lib/query-defaults.ts';
import { AppRouter } from './app/router.tsx';
import { loadPageChunk } from './storefront/storefront-app.tsx';
import './index.css';

const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

const root = document.getElementById('root');
// The storefront page's own chunk first (preloaded by the HTML), so the first render is the page.
const pageChunk = window.location.pathname.startsWith('/admin')
  ? Promise.resolve()
  : loadPageChunk(window.location.pathname).catch(() => undefined);
void pageChunk.then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>,
  );
});
