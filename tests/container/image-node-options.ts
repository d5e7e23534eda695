/**
 * The NODE_OPTIONS the proxy's image sets (packages/proxy/Dockerfile), read from the Dockerfile
 * itself, so that a run outside the container (a benchmark, a test) starts Node as it ships.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '@crypto-pay/test-kit/process';

export const PROXY_DOCKERFILE = join(ROOT, 'packages/proxy/Dockerfile');

/** The value of `NODE_OPTIONS` in the Dockerfile's `ENV`, quotes taken away. */
export function imageNodeOptions(): string {
  const dockerfile = readFileSync(PROXY_DOCKERFILE, 'utf8');
  const value = /^\s*(?:ENV\s+)?NODE_OPTIONS=("[^"]*"|\S+)/m.exec(dockerfile)?.[1];
  if (value === undefined) throw new Error(`${PROXY_DOCKERFILE} sets no NODE_OPTIONS.`);
  return value.replace(/^"|"$/g, '');
}
