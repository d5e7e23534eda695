/**
 * The dashboard's production build: index.html and content-hashed assets under dist/, for the
 * proxy to serve at /dashboard/ (index.html for every client route, the assets cached for ever).
 */
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  base: '/dashboard/',
  // The workspace's packages from their TypeScript source (the widget's tokens and wording).
  resolve: { conditions: ['@crypto-pay/source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The polyfill would be one more script; every browser the dashboard supports has modulepreload.
    modulePreload: { polyfill: false },
    // Chart.js is loaded with the payments page only; the shell stays small.
    chunkSizeWarningLimit: 300,
  },
  server: {
    host: '127.0.0.1',
    // `pnpm --filter @crypto-pay/dashboard dev`: the merchant API of a proxy running beside it.
    proxy: { '/admin': process.env.PROXY_URL ?? 'http://127.0.0.1:8787' },
  },
});
