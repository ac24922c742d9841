import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLanguage } from './src/storefront/i18n/i18n.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The storefront draws in French unless a test switches language; the app loads the catalogue of
// the page's language before its first render (main.tsx), the tests before theirs.
await activateLanguage('fr');
