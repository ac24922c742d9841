import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/public': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    sourcemap: false,
  },
});
