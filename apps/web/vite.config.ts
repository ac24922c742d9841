import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { linguiCatalogs } from './build/lingui-catalogs.ts';
import { firstScreenShell } from './build/first-screen.ts';

/** zod without eval in the browser (src/lib/zod-jitless.ts). */
const zodAlias = { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') };

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    linguiCatalogs(path.resolve(import.meta.dirname, 'src/storefront/i18n/locales')),
    firstScreenShell(path.resolve(import.meta.dirname, 'src/storefront/i18n/locales')),
  ],
  resolve: { alias: [zodAlias] },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/public': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads a route's chunks from it (page-hints.ts).
    manifest: true,
    // The minified bundles lose the libraries' licence comments; their notices (MIT, ISC, BSD ask
    // for them with every copy) are served beside them at /third-party-licenses.md.
    license: { fileName: 'third-party-licenses.md' },
    rolldownOptions: {
      output: {
        // Everything the entry loads statically is one file. Left to itself, Rolldown splits the
        // modules the entry shares with lazy chunks (react, the JSX runtime, query classes, the
        // domain's constants) into five small files: on HTTP/1.1's six connections each was a
        // round trip before the first render (Lighthouse's simulated mobile network).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
