/** The Hono environment shared by every route and middleware: what a request carries. */

import type { HttpBindings } from '@hono/node-server';
import type { Log } from '../process/logger.ts';

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
  };
}
