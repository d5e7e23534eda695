/**
 * What a 405 needs: the methods an address takes, read from the app's own routes (its
 * middleware, registered for every method, aside), so a request with the wrong method hears
 * which ones it could use instead of "nothing at this address".
 */

import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

const EVERY_METHOD = 'ALL';

/**
 * Returns a lookup of the methods `app` answers at a path (GET with HEAD, which Hono answers from
 * GET), or none. Built on the first lookup, once every route is registered.
 */
export function allowedMethods(app: Pick<Hono, 'routes'>): (path: string) => string[] {
  let router: TrieRouter<true> | undefined;
  let methods: string[] = [];
  return (path) => {
    if (!router) {
      router = new TrieRouter<true>();
      const routes = app.routes.filter((route) => route.method !== EVERY_METHOD);
      for (const route of routes) router.add(route.method, route.path, true);
      methods = [...new Set(routes.map((route) => route.method))];
    }
    const allowed = methods.filter((method) => router!.match(method, path)[0].length > 0);
    return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  };
}
