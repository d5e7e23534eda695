/**
 * The merchant's back office, `@crypto-pay/dashboard`, served at `/dashboard/` from the package
 * installed beside the proxy (as `widget-parts.ts` finds the widget's): its index.html for each
 * client route, its content-hashed assets cached for ever, and a strict CSP of its own. The app
 * reads and changes everything through the merchant API on this same origin.
 */

import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ok, ref } from '../../openapi/operations.ts';
import type { AppEnv } from '../context.ts';

/** The built app's folder (`dist` of the dashboard's package: index.html and assets/). */
export interface DashboardFiles {
  folder: string;
}

/** The dashboard installed beside the proxy, if it is. */
export function installedDashboard(): DashboardFiles | undefined {
  try {
    const manifest = fileURLToPath(import.meta.resolve('@crypto-pay/dashboard/package.json'));
    return { folder: join(dirname(manifest), 'dist') };
  } catch {
    return undefined;
  }
}

/**
 * The page's own policy: its scripts, styles and API calls from this origin only, no inline
 * script or style, nothing framing it. Lit's styles are constructed sheets and Chart.js sizes its
 * canvas through the CSSOM, neither of which `style-src 'self'` refuses.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

const DOCUMENT_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The page names the current hashed assets: asked again each time, answered from cache if same.
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': DASHBOARD_CSP,
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface Loaded {
  index: Uint8Array<ArrayBuffer> | undefined;
  assets: Map<string, Uint8Array<ArrayBuffer>>;
}

async function load(folder: string): Promise<Loaded> {
  const index = await readFile(join(folder, 'index.html')).catch(() => undefined);
  const names = (await readdir(join(folder, 'assets')).catch(() => [])).filter(
    (name) => /^[\w.-]+$/.test(name) && extname(name) in ASSET_TYPES,
  );
  const assets = new Map(
    await Promise.all(
      names.map(
        async (name) =>
          [name, new Uint8Array(await readFile(join(folder, 'assets', name)))] as const,
      ),
    ),
  );
  return { index: index && new Uint8Array(index), assets };
}

const notBuilt = (c: Context<AppEnv>) =>
  c.json(
    {
      error:
        'This proxy has no dashboard: @crypto-pay/dashboard is not installed beside it, or not built (pnpm build).',
      code: 'dashboard_not_built',
    },
    404,
  );

const page = (summary: string, operationId: string) =>
  describeRoute({
    summary,
    operationId,
    responses: {
      200: {
        description: 'The dashboard’s page (the app renders the route)',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      404: ok('dashboard_not_built', ref('Error')),
    },
  });

export function dashboardRoutes(
  files: DashboardFiles | undefined,
  demoAccount?: { name: string; password: string },
) {
  // Read once, on the first request: a few hundred KB, and a proxy without it still starts.
  let loaded: Promise<Loaded> | undefined;
  const index = async (c: Context<AppEnv>) => {
    if (!files) return notBuilt(c);
    loaded ??= load(files.folder);
    const body = (await loaded).index;
    if (!body) return notBuilt(c);
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) c.header(name, value);
    return c.body(body, 200);
  };
  // Whole paths, mounted at the root: `/dashboard` and `/dashboard/` are both the list.
  const routes = new Hono<AppEnv>();
  if (demoAccount) {
    // Only `pnpm start`'s demo (DASHBOARD_DEMO_ACCOUNT): the account it made, for the sign-in
    // page's one click. Absent (the dashboard's page, which says nothing of it) everywhere else.
    routes.get(
      '/dashboard/demo-account.json',
      describeRoute({
        summary:
          'The demo owner account `pnpm start` made (only when DASHBOARD_DEMO_ACCOUNT is set)',
        operationId: 'getDashboardDemoAccount',
        responses: {
          200: {
            description: 'Its name and password',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      }),
      (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ name: demoAccount.name, password: demoAccount.password }, 200);
      },
    );
  }
  return (
    routes
      .get('/dashboard', page('The dashboard: the payments list', 'getDashboard'), index)
      .get('/dashboard/', page('The dashboard: the payments list', 'getDashboardSlash'), index)
      .get(
        '/dashboard/payments/:id',
        page('The dashboard: one payment', 'getDashboardPayment'),
        index,
      )
      // A trailing slash typed or pasted is the same page: the app's router reads past it.
      .get(
        '/dashboard/payments/:id/',
        page('The dashboard: one payment', 'getDashboardPaymentSlash'),
        index,
      )
      .get(
        '/dashboard/assets/:file',
        describeRoute({
          summary: 'A file of the dashboard, named by its content’s hash and cached for a year',
          responses: {
            200: {
              description: 'The file',
              content: { 'text/javascript': { schema: { type: 'string' } } },
            },
            404: ok('not_found: no such file', ref('Error')),
          },
        }),
        async (c) => {
          const file = c.req.param('file');
          loaded ??= files && load(files.folder);
          const body = (await loaded)?.assets.get(file);
          if (!body) {
            return c.json(
              { error: 'The dashboard has no file of this name.', code: 'not_found' },
              404,
            );
          }
          c.header('Content-Type', ASSET_TYPES[extname(file)]!);
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
          return c.body(body, 200);
        },
      )
      .get(
        '/dashboard/:page',
        page(
          'The dashboard: a section (webhooks, money, callbacks, audit, accounts, account, sign-in)',
          'getDashboardSection',
        ),
        index,
      )
      .get(
        '/dashboard/:page/',
        page(
          'The dashboard: a section, its address with a trailing slash',
          'getDashboardSectionSlash',
        ),
        index,
      )
  );
}
