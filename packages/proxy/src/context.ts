/** The Hono environment shared by every route and middleware: what a request carries. */

import type { Log } from './logger.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Log;
  };
}
