import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLanguage } from './src/storefront/i18n/i18n.ts';

// findBy… and waitFor wait on what the page shows, not on a clock: on a loaded machine a page
// may take more than the library's default second to show it, which is no failure of the page.
// A page that never shows it still fails, at this bound.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The storefront draws in French unless a test switches language; the app loads the catalogue of
// the page's language before its first render (main.tsx), the tests before theirs.
await activateLanguage('fr');
