import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from './lib/query-defaults.ts';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload.ts';
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

// A lazy chunk whose files are gone (a deploy since this tab loaded) or did not come (the network):
// one reload brings the new ones. Left alone a second time, the import fails into the area's
// error screen (ErrorBoundary) instead of reloading in a loop.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

// A visitor who chose Arabic and comes back to the shop's address lands on the Arabic home; any
// other address keeps its language (a shared French link stays French).
if (window.location.pathname === '/' && rememberedLanguage() === 'ar') {
  window.history.replaceState(null, '', `${ARABIC_PREFIX}${window.location.search}`);
}

/**
 * The page's language, ready for the first render. Its catalogue not coming (a dropped connection)
 * is tried once more by a reload; then the page is drawn in French at its French address (the
 * Arabic address under a French app would be a page not found).
 */
async function pageLanguage(pathname: string): Promise<void> {
  const lang = languageOfPath(pathname);
  try {
    await activateLanguage(lang);
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnce()) return new Promise<void>(() => undefined);
    if (lang === 'ar') {
      window.history.replaceState(null, '', `${withoutLanguage(pathname)}${window.location.search}`);
    }
    await activateLanguage('fr').catch(() => undefined);
  }
}

const root = document.getElementById('root');
const { pathname } = window.location;
// The storefront page's own chunk and the catalogue of its language first (both preloaded by the
// HTML), so the first render is the page, in its language.
const pageChunk = pathname.startsWith('/admin')
  ? Promise.resolve()
  : Promise.all([loadPageChunk(withoutLanguage(pathname)).catch(() => undefined), pageLanguage(pathname)]);
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
