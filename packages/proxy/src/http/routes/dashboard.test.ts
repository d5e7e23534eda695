import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { testProxy } from '../../testing.test-helpers.ts';
import { DASHBOARD_CSP, dashboardRoutes, installedDashboard } from './dashboard.ts';

const folder = mkdtempSync(join(tmpdir(), 'crypto-pay-dashboard-'));
after(() => rmSync(folder, { recursive: true, force: true }));
mkdirSync(join(folder, 'assets'), { recursive: true });
const INDEX =
  '<!doctype html><script type="module" src="/dashboard/assets/index-Ab1_x.js"></script>';
const SCRIPT = 'export const dashboard = 1;\n';
writeFileSync(join(folder, 'index.html'), INDEX);
writeFileSync(join(folder, 'assets', 'index-Ab1_x.js'), SCRIPT);
writeFileSync(join(folder, 'assets', 'notes.txt'), 'not an asset type');
writeFileSync(join(folder, 'secret.json'), '{"not":"served"}');
const app = dashboardRoutes({ folder });
const routes = { request: (path: string) => app.request(`/dashboard${path}`) };

describe('the dashboard’s files', () => {
  it('answers every client route with the page, under its own strict CSP', async () => {
    for (const path of [
      '/',
      '/payments/Ab-_cdEFgh12345678901x',
      '/webhooks',
      '/money',
      '/callbacks',
      '/audit',
      '/accounts',
      '/sign-in',
      // A trailing slash typed or pasted: the same page, whose router reads past it.
      '/webhooks/',
      '/payments/Ab-_cdEFgh12345678901x/',
    ]) {
      const response = await routes.request(path);
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), INDEX);
      assert.equal(response.headers.get('Content-Type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('Cache-Control'), 'no-cache');
      assert.equal(response.headers.get('Content-Security-Policy'), DASHBOARD_CSP);
    }
  });

  it('allows no inline script, no other origin, no framing', () => {
    const directives = new Map(
      DASHBOARD_CSP.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values.join(' ')] as const;
      }),
    );
    assert.equal(directives.get('default-src'), "'none'");
    assert.equal(directives.get('script-src'), "'self'");
    assert.equal(directives.get('style-src'), "'self'");
    assert.equal(directives.get('connect-src'), "'self'");
    assert.equal(directives.get('frame-ancestors'), "'none'");
    assert.equal(directives.get('object-src'), "'none'");
    assert.equal(directives.get('base-uri'), "'none'");
    assert.doesNotMatch(DASHBOARD_CSP, /unsafe|\*/);
  });

  it('serves a hashed asset with its type, cached for good', async () => {
    const response = await routes.request('/assets/index-Ab1_x.js');
    assert.equal(response.status, 200);
    assert.equal(await response.text(), SCRIPT);
    assert.equal(response.headers.get('Content-Type'), 'text/javascript; charset=utf-8');
    assert.equal(response.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
  });

  it('serves nothing else of the folder, and no file above it', async () => {
    for (const path of [
      '/assets/missing-Zz.js',
      '/assets/notes.txt',
      '/assets/..%2Fsecret.json',
      '/assets/..%2F..%2Fpackage.json',
      '/secret.json/x',
      '/payments/a/b',
    ]) {
      const response = await routes.request(path);
      assert.equal(response.status, 404, path);
      assert.notEqual(await response.text(), '{"not":"served"}');
    }
    const missing = await routes.request('/assets/missing-Zz.js');
    assert.equal(missing.headers.get('Cache-Control'), null);
  });

  it('says the dashboard is missing when it is not installed or not built', async () => {
    for (const files of [undefined, { folder: join(folder, 'nothing-here') }]) {
      const response = await dashboardRoutes(files).request('/dashboard/');
      assert.equal(response.status, 404);
      const body = await response.json();
      assert.equal(body.code, 'dashboard_not_built');
      assert.match(body.error, /pnpm build/);
    }
  });

  it('finds the dashboard installed beside the proxy', () => {
    const files = installedDashboard();
    assert.match(files?.folder ?? '', /dashboard[/\\]dist$/);
    assert.ok(existsSync(join(files!.folder, '..', 'package.json')));
  });
});

describe('the dashboard in the proxy', () => {
  // No call reaches the service here: an address nothing listens on is enough.
  const nowhere = {
    baseUrl: 'http://127.0.0.1:9/api/v2',
    paymentsBaseUrl: 'http://127.0.0.1:9/api/payments/v1',
  };
  const proxy = testProxy(nowhere, {}, { dashboard: { folder } });

  it('serves it at /dashboard/ with its CSP in place of the API’s', async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/payments/abc',
      '/dashboard/sign-in',
    ]) {
      const response = await proxy.request(path);
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), INDEX);
      assert.deepEqual(response.headers.getSetCookie(), []);
      assert.equal(response.headers.get('Content-Security-Policy'), DASHBOARD_CSP, path);
      assert.equal(response.headers.get('X-Frame-Options'), 'DENY');
      assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff');
    }
    const asset = await proxy.request('/dashboard/assets/index-Ab1_x.js');
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
  });

  it('serves it at no other path', async () => {
    for (const path of ['/', '/dashboardx', '/index.html', '/assets/index-Ab1_x.js']) {
      const response = await proxy.request(path);
      assert.equal(response.status, 404, path);
      assert.equal((await response.json()).code, 'not_found');
    }
  });

  it('takes no other method', async () => {
    const response = await proxy.request('/dashboard/', { method: 'POST' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('Allow'), 'GET, HEAD');
  });
});
