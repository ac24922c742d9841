import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { linguiCatalogs } from './build/lingui-catalogs.ts';

/** zod without eval in the browser (src/lib/zod-jitless.ts). */
const zodAlias = { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') };

export default defineConfig({
  plugins: [react(), tailwindcss(), linguiCatalogs(path.resolve(import.meta.dirname, 'src/storefront/i18n/locales'))],
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
  },
});
