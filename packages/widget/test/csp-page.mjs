import { readFile } from 'node:fs/promises';
import { extname, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * A page served under a strict Content-Security-Policy (no inline script or style, no eval),
 * which loads the built `crypto-pay.bundled.js`: the test of "works under a strict CSP".
 */

export const STRICT_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
  "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Koa middleware: `/built/...` serves `dist/` byte for byte (the dev server would transform
 * it), `/csp/page.html?proxy=...` the strict page, and its one external helper script.
 */
export function cspPageMiddleware() {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/built/')) {
      const file = normalize(ctx.path.slice('/built/'.length));
      if (file.startsWith('..')) return next();
      try {
        ctx.body = await readFile(dist + file);
      } catch {
        ctx.status = 404;
        return;
      }
      ctx.type = extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream';
      return;
    }
    if (ctx.path === '/csp/violations.js') {
      ctx.type = 'text/javascript';
      ctx.body =
        'window.violations = [];\n' +
        "document.addEventListener('securitypolicyviolation', (e) => {\n" +
        "  window.violations.push([e.violatedDirective, e.blockedURI, e.sample].join(' '));\n" +
        '});\n';
      return;
    }
    if (ctx.path !== '/csp/page.html') return next();
    const proxy = escapeHtml(String(ctx.query.proxy ?? ''));
    // `mode=redirect`: the element sends the customer on to the payment page.
    const mode = ctx.query.mode ? ` mode="${escapeHtml(String(ctx.query.mode))}"` : '';
    ctx.set('Content-Security-Policy', STRICT_CSP);
    ctx.type = 'text/html';
    ctx.body = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>crypto-pay under a strict CSP</title>
    <script src="/csp/violations.js"></script>
    <script type="module" src="/built/crypto-pay.bundled.js"></script>
  </head>
  <body>
    <crypto-pay proxy="${proxy}" product="tea-crate"${mode}></crypto-pay>
  </body>
</html>`;
  };
}
