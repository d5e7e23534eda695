/**
 * Bearer-token guard of the merchant API. The token is compared in constant time; a bad or
 * missing one gets 401 with `WWW-Authenticate`, never a hint of how close it was.
 */

import { secretsEqualSync } from '@crypto-pay/protocol/node';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';

export function adminAuth(token: string) {
  if (token.length < 16) throw new TypeError('The admin token must be at least 16 characters.');
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !secretsEqualSync(match[1]!, token)) {
      throw new ApiError(401, 'unauthorized', 'A valid bearer token is required.', {
        headers: {
          'WWW-Authenticate': 'Bearer realm="crypto-pay admin"',
        },
      });
    }
    await next();
  });
}
