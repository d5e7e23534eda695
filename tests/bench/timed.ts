/** One request over a keep-alive connection, timed from send to the last byte of the answer. */

import { Agent, request } from 'node:http';

/**
 * Creates sent one at a time before the counted ones. V8 compiles a create's path in the proxy
 * and in the sandbox only after many calls (BENCHMARKS.md, issue 32, "creates counted once V8
 * has compiled them"). A proxy creates for days, so what it adds is counted once compiled.
 */
export const WARM_UP_CREATES = 1000;

export const keepAlive = () => new Agent({ keepAlive: true, maxSockets: 1 });

export function timedRequest(
  url: string,
  agent: Agent,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; ms: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const started = performance.now();
    const outgoing = request(
      url,
      {
        method: init.method ?? 'POST',
        agent,
        headers: { ...init.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            ms: performance.now() - started,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
