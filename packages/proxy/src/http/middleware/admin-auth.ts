/**
 * Bearer-token guard of the merchant API. The token is compared in constant time; a bad or
 * missing one gets 401 with `WWW-Authenticate`, never a hint of how close it was; either is
 * told to the failure limit first, which answers 429 instead while the address's tries are used
 * up, to a right token too.
 */

import { secretsEqualSync } from '@crypto-pay/protocol/node';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';
import type { FailureLimit } from './rate-limit.ts';

export function adminAuth(token: string, failures: FailureLimit) {
  if (token.length < 16) throw new TypeError('The admin token must be at least 16 characters.');
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const passed = match !== null && secretsEqualSync(match[1]!, token);
    await failures(c, passed ? 'passed' : 'failed');
    if (!passed) {
      throw new ApiError(401, 'unauthorized', 'A valid bearer token is required.', {
        headers: {
          'WWW-Authenticate': 'Bearer realm="crypto-pay admin"',
        },
      });
    }
    await next();
  });
}
