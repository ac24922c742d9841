import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The production build runs the React code on Preact's compatibility layer: the same components,
// hooks and libraries (React Router, TanStack Query, react-hook-form) for a runtime of ~10 KB
// instead of react-dom's ~66 KB gzip, which alone would take most of the storefront's 100 KB
// first-load budget. Development and the component tests keep React; the browser journeys run
// the production build. See docs/decisions/005-preact-in-production.md.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** zod without eval in the browser (src/lib/zod-jitless.ts). */
const zodAlias = { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') };

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: [zodAlias, ...(command === 'build' && mode !== 'react' ? preactAliases : [])] },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/public': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    sourcemap: false,
  },
}));
