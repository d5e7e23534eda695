/**
 * Malformed requests to every server of the stack, each a real process as `pnpm start` runs
 * them: the demo shop (demo/server.mjs, as built, and Vite's dev server of `pnpm start`), the
 * sandbox (processing API, control API, hosted pages) and the proxy. Paths whose
 * percent-encodings do not decode, dot segments, NUL bytes, overlong paths; a bad
 * Content-Length, huge headers, a bad Host, bad cookies; bodies cut short, of the wrong types,
 * deeply nested, huge. Every answer is a 4xx other than a limit's 429 (no 5xx, and no
 * connection dropped where HTTP allows an answer), and every process still runs at the end. The suites per server
 * (fuzz-proxy, fuzz-sandbox) go deep into each one's routes; this one goes wide, once across all.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startDemo } from '@crypto-pay/test-kit/demo';
import { DEEPLY_NESTED, Tally } from '@crypto-pay/test-kit/fuzz';
import { rawConnection, send } from '@crypto-pay/test-kit/http';
import { freePort, type ServerProcess } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';

/** A server under test and routes of it: any request below must be refused with a 4xx. */
interface Target {
  server: ServerProcess;
  /** How failures name it. */
  label: string;
  /** Routes read with GET (pages, lists). */
  reads: string[];
  /** POST routes that refuse every body sent here (unsigned, unauthorised or invalid). */
  writes: string[];
  /** Folders without an index.html: a GET names no file (404), it reads no folder. */
  folders?: string[];
}

/** What goes after a route: paths no server can take. */
const BAD_SUFFIXES = [
  '/%E0%A4%A',
  '%E0%A4%A',
  '/%',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/../../../etc/passwd',
  '/%2e%2e/%2e%2e/package.json',
  '%00',
  '/%00.html',
  `/${'a'.repeat(8000)}`,
  // Past Node's 16 KiB of request head: 431.
  `/${'%E0'.repeat(10_000)}`,
];

/**
 * Extra header lines (each ending in CRLF) on a POST of `[]` (a body every `writes` route
 * refuses: what is checked is that the header does not turn that refusal into worse), and
 * whether the request also gets its own Content-Length.
 */
const BAD_HEADERS: { name: string; lines: string; length?: false }[] = [
  { name: 'Content-Length not a number', lines: 'Content-Length: abc\r\n', length: false },
  { name: 'negative Content-Length', lines: 'Content-Length: -1\r\n', length: false },
  {
    name: 'two Content-Lengths',
    lines: 'Content-Length: 2\r\nContent-Length: 3\r\n',
    length: false,
  },
  {
    name: 'Content-Length and chunked',
    lines: 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n',
    length: false,
  },
  { name: 'a 70 KB header', lines: `X-Padding: ${'a'.repeat(70_000)}\r\n` },
  {
    name: '3000 headers',
    lines: Array.from({ length: 3000 }, (_, i) => `X-H${i}: 1\r\n`).join(''),
  },
  { name: 'a control character in a value', lines: 'X-Odd: a\u0001b\r\n' },
  { name: 'a line without a colon', lines: 'not a header\r\n' },
  { name: 'Host with a port past 65535', lines: 'Host: evil.example:99999\r\n' },
  { name: 'Host with an open bracket', lines: 'Host: [::1\r\n' },
  { name: 'two Hosts', lines: 'Host: 127.0.0.1\r\nHost: evil.example\r\n' },
  { name: 'empty Host', lines: 'Host: \r\n' },
  { name: 'bad cookies', lines: 'Cookie: =;;%%; a=\u00ff; b="; c=%E0%A4%A\r\n' },
];

/** Bodies, sent as JSON, that none of the `writes` routes may take. */
const BAD_BODIES: [string, string | Buffer][] = [
  ['truncated JSON', '{"amount": "1'],
  [
    'wrong types',
    '{"amount": 5, "currency": ["EUR"], "cart": 7, "advance_seconds": "soon", "outcome": 7}',
  ],
  ['an array', '[]'],
  ['null', 'null'],
  ['two documents', '{"a":1}{"b":2}'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d])],
  ['deeply nested', DEEPLY_NESTED[0]!],
  ['3 MB', `{"padding":"${'x'.repeat(3_000_000)}"}`],
];

const demoRoutes = {
  reads: ['/', '/product.html', '/vendor/crypto-pay.bundled.js', '/demo-api/orders'],
  writes: ['/demo-api/webhooks', '/demo-api/checkout-session'],
  folders: ['/vendor/', '/vendor/chunks', '/vendor/chunks/', '/assets/'],
};

let stack: Stack;
let devDemo: ServerProcess;
let targets: Target[];
before(async () => {
  // Its unsigned callbacks and tokenless admin requests all come from one address, as failures:
  // past the guessing limit they would be 429s at the limit, never reaching the body limit or
  // the routes they are meant for (the limit has tests of its own).
  stack = await startStack({ demo: {}, proxyEnv: { AUTH_FAILURES_PER_MINUTE: '100000' } });
  // `pnpm start` serves the shop with Vite's dev server, beside the built one's server.mjs.
  devDemo = await startDemo({
    built: false,
    port: await freePort(),
    proxyUrl: stack.proxy.url,
    webhookSecret: stack.webhookSecret!,
    env: { ...process.env, NODE_ENV: 'development' },
  });
  targets = [
    { server: stack.demo!, label: 'demo (server.mjs)', ...demoRoutes },
    { server: devDemo, label: 'demo (Vite)', ...demoRoutes },
    {
      server: stack.sandbox,
      label: 'sandbox',
      reads: ['/_sandbox/', '/_sandbox/payment-requests', '/pay/nope', '/invoice/nope'],
      writes: [
        '/_sandbox/clock',
        '/_sandbox/payment-requests/nope/simulate',
        '/api/v2/accounts/list',
      ],
    },
    {
      server: stack.proxy,
      label: 'proxy',
      reads: ['/api/config', '/api/checkouts/nope', '/healthz', '/openapi.json'],
      writes: ['/api/checkouts', '/callbacks/processing', '/admin/checkout-sessions'],
    },
  ];
});
after(async () => {
  await devDemo?.stop();
  await stack?.stop();
});

/**
 * Writes `head` (and `body`) on a bare connection, as no client library would send it, and
 * answers the status of the answer; rejects when the connection ends without one.
 */
async function rawStatus(url: string, head: string, body = ''): Promise<number> {
  const connection = rawConnection(url);
  connection.socket.write(Buffer.from(`${head}Connection: close\r\n\r\n${body}`, 'latin1'));
  try {
    const text = await connection.until((received) => received.includes('\r\n\r\n'));
    return Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
  } finally {
    connection.socket.destroy();
  }
}

test('malformed paths, headers and bodies to every server: a 4xx each, and every process keeps running', async (t) => {
  const statuses = new Tally();
  const failures: string[] = [];
  const expect4xx = async (what: string, answer: () => Promise<number>) => {
    let status: number;
    try {
      status = await answer();
    } catch (error) {
      failures.push(`${what}: no answer (${(error as Error).message.slice(0, 120)})`);
      return;
    }
    statuses.add(String(status));
    if (status < 400 || status > 499) failures.push(`${what}: ${status}`);
    // A limit's 429 says the request never got to what it was sent to test.
    if (status === 429) failures.push(`${what}: 429, refused by a limit before its route`);
  };

  for (const { server, label, reads, writes, folders = [] } of targets) {
    const host = `Host: ${new URL(server.url).host}\r\n`;
    for (const folder of folders) {
      await expect4xx(
        `${label} GET ${folder}`,
        async () => (await send(`${server.url}${folder}`)).status,
      );
    }
    for (const [method, routes] of [
      ['GET', reads],
      ['POST', writes],
    ] as const) {
      for (const route of routes) {
        for (const suffix of BAD_SUFFIXES) {
          const path = `${route.replace(/\/$/, '')}${suffix}`;
          const length =
            method === 'POST' ? 'Content-Type: application/json\r\nContent-Length: 2\r\n' : '';
          await expect4xx(`${label} ${method} ${path.slice(0, 80)}`, () =>
            rawStatus(
              server.url,
              `${method} ${path} HTTP/1.1\r\n${host}${length}`,
              method === 'POST' ? '{}' : '',
            ),
          );
        }
      }
    }
    await expect4xx(`${label} GET with a raw NUL in the path`, () =>
      rawStatus(server.url, `GET ${reads[0]}\u0000x HTTP/1.1\r\n${host}`),
    );
    await expect4xx(`${label} GET without Host`, () =>
      rawStatus(server.url, `GET ${reads[0]} HTTP/1.1\r\n`),
    );
    for (const route of writes) {
      for (const bad of BAD_HEADERS) {
        const hostLine = bad.name.includes('Host') ? '' : host;
        const length = bad.length === false ? '' : 'Content-Length: 2\r\n';
        await expect4xx(`${label} POST ${route} with ${bad.name}`, () =>
          rawStatus(
            server.url,
            `POST ${route} HTTP/1.1\r\n${hostLine}Content-Type: application/json\r\n${length}${bad.lines}`,
            '[]',
          ),
        );
      }
      for (const [name, body] of BAD_BODIES) {
        await expect4xx(`${label} POST ${route} with ${name}`, async () => {
          const headers = { 'Content-Type': 'application/json' };
          return (await send(`${server.url}${route}`, { method: 'POST', headers, body })).status;
        });
      }
    }
  }

  t.diagnostic(`statuses: ${statuses}`);
  const sent = [...statuses.counts.values()].reduce((sum, n) => sum + n, 0) + failures.length;
  t.diagnostic(`requests: ${sent}`);
  assert.deepEqual(failures, []);
  for (const { server, label, reads } of targets) {
    assert.equal(server.child.exitCode, null, `${label} is still running`);
    assert.equal(server.child.signalCode, null, `${label} is still running`);
    const page = await send(`${server.url}${reads[0]}`);
    assert.equal(page.status, 200, `${label} still answers`);
  }
});
