#!/usr/bin/env node
// The built demo shop, served as a merchant would in production: static files from dist/,
// the widget's bundled module under /vendor/, the shop's back end under /demo-api/, and a
// strict Content-Security-Policy on every page (no inline script or style anywhere).
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { demoBackend } from './merchant-backend.mjs';
import {
  answerBadPath,
  answerError,
  BadPath,
  fileUnder,
  refuseDotSegments,
} from './static-files.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
// The widget package as installed beside the shop (by name), its built files.
const widget = dirname(fileURLToPath(import.meta.resolve('@crypto-pay/widget/package.json')));
const roots = { '/vendor/': join(widget, 'dist'), '/': join(here, 'dist') };
const proxyUrl = process.env.PROXY_URL ?? 'http://127.0.0.1:8787';
const port = Number(process.env.DEMO_PORT ?? 5173);
const host = process.env.DEMO_HOST ?? '127.0.0.1';

for (const root of Object.values(roots)) {
  if (!existsSync(root)) {
    console.error(`${root} is missing: run \`pnpm build\` first.`);
    process.exit(1);
  }
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

const contentSecurityPolicy = [
  "default-src 'self'",
  // The widget's script-tag build fetches its chunks from the proxy.
  `script-src 'self' ${new URL(proxyUrl).origin}`,
  "style-src 'self'",
  `connect-src 'self' ${new URL(proxyUrl).origin}`,
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The file a URL path names inside one of the roots, or undefined. */
function resolveFile(pathname) {
  const prefix = pathname.startsWith('/vendor/') ? '/vendor/' : '/';
  return fileUnder(roots[prefix], pathname.slice(prefix.length));
}

const backend = demoBackend({
  proxyUrl,
  adminToken: process.env.ADMIN_TOKEN ?? '',
  webhookSecret: process.env.WEBHOOK_SECRET,
});

/** Serves a file of the roots: pages with the proxy's URL filled in, the rest as they are. */
function serveStatic(request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    answerError(response, 405, 'method_not_allowed', 'Only GET and HEAD are served here.', {
      allow: 'GET, HEAD',
    });
    return;
  }
  let pathname;
  try {
    // A target is a path (`//x` too: not another host) or, from a forward proxy, a whole URL.
    const target = request.url ?? '/';
    ({ pathname } = new URL(target.startsWith('/') ? `http://demo${target}` : target));
  } catch {
    throw new BadPath('The request target is not a URL path.');
  }
  const file = resolveFile(pathname);
  if (!file) {
    answerError(response, 404, 'not_found', 'No page or file at this address.');
    return;
  }
  const type = types[extname(file)] ?? 'application/octet-stream';
  const headers = {
    'content-type': type,
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  if (type.startsWith('text/html')) {
    response
      .writeHead(200, headers)
      .end(readFileSync(file, 'utf8').replaceAll('%PROXY_URL%', proxyUrl));
    return;
  }
  response.writeHead(200, headers);
  // A client that leaves mid-file ends the stream with an error: nothing to answer then.
  pipeline(createReadStream(file), response, () => {});
}

const server = createServer(async (request, response) => {
  // Whatever a request holds, it gets an answer and the shop keeps running.
  try {
    refuseDotSegments(request.url ?? '/');
    await backend(request, response, () => serveStatic(request, response));
  } catch (error) {
    if (response.headersSent) {
      response.destroy();
    } else if (!answerBadPath(response, error)) {
      console.error('demo shop: unexpected error', error);
      answerError(response, 500, 'internal', 'The demo shop failed unexpectedly.');
    }
  }
});

server.listen(port, host, () => console.log(`demo shop on http://${host}:${port}/`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
