/**
 * The role table against the app's own routes: every merchant route has an entry, a viewer is
 * refused every change, an operator every owner's route, and each role gets what its entry
 * says, through the session cookie as the dashboard sends it.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { testProxy, useTestSandbox } from '../../testing.test-helpers.ts';
import {
  createAccount,
  json,
  type PASSWORDS,
  sessionOf,
  withSession,
} from '../routes/dashboard.test-helpers.ts';
import { ADMIN_ROUTE_ROLES, neededRole, type RouteRole } from './admin-roles.ts';

const shared = useTestSandbox();

/** The table's routes a role is or is not let through, path parameters filled in. */
function routes(test: (role: RouteRole) => boolean) {
  return Object.entries(ADMIN_ROUTE_ROLES)
    .filter(([, role]) => test(role))
    .map(([key]) => {
      const [method, template] = key.split(' ') as [string, string];
      return { key, method, path: template.replace(/:(\w+)/g, 'x1') };
    });
}

/** A request of `method`: a change with an empty JSON body, a read without one. */
const init = (method: string) => (method === 'GET' ? {} : { method, json: {} });

async function signedIn(role: keyof typeof PASSWORDS) {
  const proxy = testProxy(shared.sandbox);
  await createAccount(proxy, `${role}1`, role);
  return { proxy, cookie: await sessionOf(proxy, `${role}1`, role) };
}

describe('the role a request needs', () => {
  /** An app whose `/admin/*` middleware answers the role `neededRole` gives. */
  function roleApp() {
    const admin = new Hono();
    admin.post('/events/:id/redeliver', (c) => c.text('redeliver'));
    // A later router's route that matches too, as a listed one's neighbour may.
    const later = new Hono();
    later.post('/events/:id/:verb', (c) => c.text('other'));
    const app = new Hono();
    app.use('/admin/*', async (c) => c.text(String(neededRole(c))));
    app.route('/admin', admin).route('/admin', later);
    return app;
  }

  it('is the one of the route that answers: the first registered, not the last', async () => {
    const response = await roleApp().request('/admin/events/e1/redeliver', { method: 'POST' });
    assert.equal(await response.text(), 'operator');
  });

  it('is a viewer’s where no route matches', async () => {
    assert.equal(await (await roleApp().request('/admin/nothing-here')).text(), 'viewer');
  });
});

describe('roles of the merchant API', () => {
  it('has an entry for every /admin route the app registers', () => {
    const proxy = testProxy(shared.sandbox);
    const registered = proxy.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/admin/'))
      .map((route) => `${route.method} ${route.path}`);
    assert.ok(registered.length > 20);
    const missing = registered.filter((key) => !(key in ADMIN_ROUTE_ROLES));
    assert.deepEqual(missing, [], 'routes without a role in ADMIN_ROUTE_ROLES');
  });

  it('refuses a viewer every change, with 403 forbidden_role, and lets it read and change its own password', async () => {
    const { proxy, cookie } = await signedIn('viewer');
    const changes = routes((role) => role === 'operator' || role === 'owner').filter(
      ({ method, key }) => method !== 'GET' || ADMIN_ROUTE_ROLES[key] === 'owner',
    );
    assert.ok(changes.length >= 13);
    for (const { key, method, path } of changes) {
      const response = await withSession(proxy, cookie, path, init(method));
      assert.equal(response.status, 403, key);
      assert.equal((await json(response)).code, 'forbidden_role', key);
    }
    // Every read of a viewer's gets past the role (a 404 of a made-up id is the route's own).
    const registered = new Set(proxy.app.routes.map((route) => `${route.method} ${route.path}`));
    // Only the routes this app registers (the map may list one mounted elsewhere).
    for (const { key, method, path } of routes((role) => role === 'viewer').filter(({ key }) =>
      registered.has(key),
    )) {
      const response = await withSession(proxy, cookie, path, init(method));
      assert.ok(![401, 403].includes(response.status), `${key}: ${response.status}`);
    }
    // No route: the 405 or 404 that says so, not a 403 for a role nothing asks.
    const wrongMethod = await withSession(proxy, cookie, '/admin/checkouts/x1', init('PUT'));
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('Allow'), 'GET, HEAD');
    assert.equal((await withSession(proxy, cookie, '/admin/nothing-here', {})).status, 404);
  });

  it('refuses an operator the owner’s routes and lets it do an operator’s', async () => {
    const { proxy, cookie } = await signedIn('operator');
    // Secrets are an owner's: a rotated one is in the answer.
    const rotate = await withSession(proxy, cookie, '/admin/webhook-endpoints/x1/rotate-secret', {
      method: 'POST',
    });
    assert.equal(rotate.status, 403);
    assert.equal((await json(rotate)).code, 'forbidden_role');
    for (const { key, method, path } of routes((role) => role === 'owner')) {
      const response = await withSession(proxy, cookie, path, init(method));
      assert.equal(response.status, 403, key);
    }
    for (const { key, method, path } of routes((role) => role === 'operator')) {
      const response = await withSession(proxy, cookie, path, init(method));
      assert.ok(![401, 403].includes(response.status), `${key}: ${response.status}`);
    }
  });

  it('lets an owner past every route', async () => {
    const { proxy, cookie } = await signedIn('owner');
    for (const { key, method, path } of routes((role) => role !== 'none')) {
      const response = await withSession(proxy, cookie, path, init(method));
      if (response.status === 404 && (await json(response)).code === 'not_found') continue;
      assert.ok(![401, 403].includes(response.status), `${key}: ${response.status}`);
    }
  });
});
