/**
 * The merchant console (admin/): built into DIST_DIR/admin (default dist/admin) and served by the
 * API server at /admin/. No inline scripts (the server's CSP allows only its own), no CDN.
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.resolve(__dirname, '..');

export default defineConfig({
  root: __dirname,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: path.resolve(root, process.env.DIST_DIR ?? 'dist', 'admin'),
    emptyOutDir: true,
    // No modulepreload polyfill: it is an inline-free module, but every target browser has it.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/admin/api': 'http://127.0.0.1:8080' } },
});
