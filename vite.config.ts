/**
 * The demo shop (demo/): Vite's dev server for `pnpm start`, and its production build for the
 * built stack. Pages get the proxy's URL at serve time (`%PROXY_URL%`), the widget's bundled
 * module under /vendor/, and the demo's back end under /demo-api/.
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
// @ts-expect-error: plain ES module without types, shared with demo/server.mjs
import { demoBackend } from './demo/merchant-backend.mjs';
// @ts-expect-error: plain ES module without types
import { withShopParts } from './demo/shop-header.mjs';
// @ts-expect-error: plain ES module without types, shared with demo/server.mjs
import { answerBadPath, fileUnder, refuseDotSegments } from './demo/static-files.mjs';

const demo = resolve(import.meta.dirname, 'demo');
const widgetDist = resolve(import.meta.dirname, 'packages/widget/dist');
const customerWording = resolve(import.meta.dirname, 'packages/widget/src/customer-wording.ts');
const proxyUrl = process.env.PROXY_URL ?? 'http://127.0.0.1:8787';
const adminToken = process.env.ADMIN_TOKEN ?? '';
const webhookSecret = process.env.WEBHOOK_SECRET;

const pages = [
  'index',
  'product',
  'checkout',
  'donate',
  'spa',
  'theme',
  'orders',
  'success',
  'failed',
];

/** Every page's shared head lines and header, served and built alike. */
function sharedHeader(): Plugin {
  return {
    name: 'crypto-pay-demo-header',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) => withShopParts(html, context.path),
    },
  };
}

function demoServer(): Plugin {
  return {
    name: 'crypto-pay-demo',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll('%PROXY_URL%', proxyUrl),
    configureServer(server) {
      // Before Vite's own middlewares, which would resolve them to another file of the folder.
      server.middlewares.use((request, response, next) => {
        try {
          refuseDotSegments(request.url ?? '/');
        } catch (error) {
          if (answerBadPath(response, error)) return;
          throw error;
        }
        next();
      });
      server.middlewares.use(demoBackend({ proxyUrl, adminToken, webhookSecret }));
      server.middlewares.use('/vendor', (request, response, next) => {
        let file: string | undefined;
        try {
          file = fileUnder(widgetDist, (request.url ?? '/').split('?')[0]!.slice(1));
        } catch (error) {
          if (answerBadPath(response, error)) return;
          throw error;
        }
        if (!file) return next();
        response.setHeader('content-type', 'text/javascript');
        // A client that leaves mid-file ends the stream with an error: nothing to answer then.
        pipeline(createReadStream(file), response, () => {});
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: demo,
  // Pages by their own paths: an unknown path is a 404, not the index page (an SPA's fallback).
  appType: 'mpa',
  plugins: [sharedHeader(), demoServer()],
  esbuild: { jsx: 'automatic' },
  // `pnpm start` serves the workspace's packages from their TypeScript source, as it runs the
  // proxy and sandbox (@crypto-pay/test-kit/source): their dist/ may not exist yet, and Vite's dependency
  // scan would otherwise say "could not be resolved". The build takes their dist, as from npm.
  // The widget's customer wording (demo/pages/result-words.js) exists as source only.
  ...(command === 'serve'
    ? { resolve: { conditions: ['@crypto-pay/source', ...defaultClientConditions] } }
    : { resolve: { alias: { '@crypto-pay/widget/customer-wording': customerWording } } }),
  // Pre-bundled at start-up, not found on the way: a dependency first met while a customer
  // pays (the widget's lazily loaded parts) would make Vite re-bundle and reload the page
  // mid-journey. The widget's own dependencies are named through it (pnpm keeps them there).
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-dev-runtime',
      'react-dom/client',
      ...[
        'lit',
        'lit/directives/if-defined.js',
        'lit/directives/live.js',
        '@lit/task',
        'lean-qr/nano',
      ].map((dependency) => `@crypto-pay/widget > ${dependency}`),
    ],
  },
  // A test's fresh dependency cache (tests/demo/spa-first-load.test.ts), as on a fresh clone.
  ...(process.env.DEMO_VITE_CACHE_DIR ? { cacheDir: process.env.DEMO_VITE_CACHE_DIR } : {}),
  server: {
    host: '127.0.0.1',
    // Vite would pre-transform each page's /vendor/ script, which the middleware above serves
    // as is and Vite cannot load itself: a false "Pre-transform error" on every page load.
    preTransformRequests: false,
  },
  build: {
    outDir: resolve(demo, 'dist'),
    emptyOutDir: true,
    rollupOptions: {
      input: Object.fromEntries(pages.map((page) => [page, resolve(demo, `${page}.html`)])),
      // The bundled widget is loaded as the merchant would: a separate file, not bundled in.
      external: [/^\/vendor\//],
    },
  },
}));
