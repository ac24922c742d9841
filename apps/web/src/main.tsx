import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from './lib/query-defaults.ts';
import { AppRouter } from './app/router.tsx';
import { loadPageChunk } from './storefront/storefront-app.tsx';
import {
  activateLanguage,
  ARABIC_PREFIX,
  languageOfPath,
  rememberedLanguage,
  withoutLanguage,
} from './storefront/i18n/i18n.ts';
import './index.css';

const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

// A visitor who chose Arabic and comes back to the shop's address lands on the Arabic home; any
// other address keeps its language (a shared French link stays French).
if (window.location.pathname === '/' && rememberedLanguage() === 'ar') {
  window.history.replaceState(null, '', `${ARABIC_PREFIX}${window.location.search}`);
}

const root = document.getElementById('root');
const { pathname } = window.location;
// The storefront page's own chunk and the catalogue of its language first (both preloaded by the
// HTML), so the first render is the page, in its language.
const pageChunk = pathname.startsWith('/admin')
  ? Promise.resolve()
  : Promise.all([
      loadPageChunk(withoutLanguage(pathname)).catch(() => undefined),
      // Without the Arabic catalogue (offline), the page still draws, in French if it can.
      activateLanguage(languageOfPath(pathname))
        .catch(() => activateLanguage('fr'))
        .catch(() => undefined),
    ]);
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
