/** The Hono environment shared by every route and middleware: what a request carries. */

import type { HttpBindings } from '@hono/node-server';
import type { Log } from '../process/logger.ts';
import type { Role } from '../store/accounts.ts';

/** Who makes a merchant API request: the bearer token, or a dashboard session's account. */
export interface Actor {
  /** The account's name; `admin-token` for the bearer token and the setup session. */
  name: string;
  role: Role;
  via: 'bearer' | 'session';
  /** The setup session of a fresh install (ADMIN_TOKEN, no owner account yet). */
  setup?: boolean;
}

export interface AppEnv {
  /** Node's request and response under @hono/node-server; absent in `app.request()`. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    log: Log;
    /** A routine answer (a status read), logged at debug: set by its route. */
    routine?: boolean;
    /** The headers every answer carries, set by the edge middleware (`edge-headers.ts`). */
    edgeHeaders?: Record<string, string>;
    /** No route matched the request: set by the not-found handler (metrics' `route`). */
    unmatched?: boolean;
    /** The largest body `readBody` takes: set by the body limit. */
    maxBodyBytes?: number;
    /** Who is asking, set by the merchant API's guard (`admin-auth.ts`). */
    actor?: Actor;
  };
}
