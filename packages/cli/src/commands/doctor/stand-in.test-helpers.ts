/** The doctor's tests' proxy stand-in and how they read its checklist. */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * A proxy stand-in on loopback: each path (without its query) answered by `routes`, which may
 * leave the answer open (a check that hangs); everything else 404.
 */
export async function standIn(
  routes: Record<string, (url: URL, response: ServerResponse, request: IncomingMessage) => void>,
  host = '127.0.0.1',
) {
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = routes[url.pathname];
    if (route) return route(url, response, request);
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: 'Not found.', code: 'not_found' }));
  });
  await new Promise<void>((resolve) => http.listen(0, host, resolve));
  const url = `http://${host}:${(http.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(resolve));
    },
  };
}

export const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  (_: URL, response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

export const line = (stdout: string, title: string) =>
  stdout.split('\n').find((text) => text.slice(8).startsWith(`${title} `)) ?? '';

export const ESC = '\u001b[';

/** The checks after `after`, in order: what a failure there leaves unchecked. */
export const linesAfter = (stdout: string, after: string) => {
  const lines = stdout
    .split('\n\n')[0]!
    .split('\n')
    .filter((text) => !text.startsWith(' '));
  return lines.slice(lines.findIndex((text) => text.slice(8).startsWith(`${after} `)) + 1);
};

/** An address of this machine that is not loopback (a remote proxy, as far as rules go), if any. */
export const outside = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

export const endpoint = (id: string, fields: object) => ({
  id,
  url: `https://hooks.example/${id}`,
  source: 'merchant_api',
  created_at: 1_780_000_000,
  disabled: false,
  status: 'ok',
  ...fields,
});
export const healthy = json({ status: 'ok', version: '0.1.0' });
