/** The Hono environment of the sandbox app: Node's request objects and the parsed body. */

import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SandboxEnv {
  /** Present when served by `@hono/node-server`; absent under `app.request()`. */
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse };
  Variables: {
    /** The request body parsed with `parseJson` (amounts keep their digits). */
    body: Record<string, unknown>;
  };
}
