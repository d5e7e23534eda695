#!/usr/bin/env node
// The built demo shop, served as a merchant would in production: static files from dist/,
// the widget's bundled module under /vendor/, the shop's back end under /demo-api/, and a
// strict Content-Security-Policy on every page (no inline script or style anywhere).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoBackend } from './merchant-backend.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const roots = { '/vendor/': join(here, '../packages/widget/dist'), '/': join(here, 'dist') };
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

/** The file a URL path names inside one of the roots, or undefined (no escaping the roots). */
function resolveFile(pathname) {
  const prefix = pathname.startsWith('/vendor/') ? '/vendor/' : '/';
  const root = roots[prefix];
  const relative = normalize(decodeURIComponent(pathname.slice(prefix.length)) || 'index.html');
  const file = join(root, relative);
  if (!file.startsWith(root)) return undefined;
  if (existsSync(file) && statSync(file).isDirectory()) return join(file, 'index.html');
  return existsSync(file) ? file : undefined;
}

const backend = demoBackend({
  proxyUrl,
  adminToken: process.env.ADMIN_TOKEN ?? '',
  webhookSecret: process.env.WEBHOOK_SECRET,
});

const server = createServer((request, response) => {
  backend(request, response, () => {
    const { pathname } = new URL(request.url ?? '/', 'http://demo');
    const file = resolveFile(pathname);
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
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
    createReadStream(file).pipe(response);
  });
});

server.listen(port, host, () => console.log(`demo shop on http://${host}:${port}/`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
