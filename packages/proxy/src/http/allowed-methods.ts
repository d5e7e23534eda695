/**
 * What a 405 needs: the methods an address takes, read from the app's own routes, so a request
 * with the wrong method hears which ones it could use instead of "nothing at this address".
 * Middleware for every method (`use`, method ALL) is set aside; one for a single method is
 * registered with its route's handler, on the same method and path.
 */

import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

/** The order an `Allow` header and a sentence name them in; HEAD is answered from GET. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Returns a lookup of the methods `app` answers at a path, built once every route is there. */
export function allowedMethods(app: Pick<Hono, 'routes'>): (path: string) => string[] {
  let router: TrieRouter<true> | undefined;
  return (path) => {
    if (!router) {
      router = new TrieRouter<true>();
      for (const route of app.routes) {
        if (route.method !== 'ALL') router.add(route.method, route.path, true);
      }
    }
    const answers = (method: string) => router!.match(method, path)[0].length > 0;
    return METHODS.filter((method) => answers(method === 'HEAD' ? 'GET' : method));
  };
}
