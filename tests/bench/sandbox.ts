/**
 * The sandbox under load: signed `currencies/list` and a signed create that fails validation
 * (422), with autocannon, against a bare node:http server answering the same bytes from memory.
 */

import autocannon, { type Result } from 'autocannon';
import { SENDER } from '../support/checkouts.ts';
import { hmacHex, send } from '../support/http.ts';
import { startServerProcess } from '../support/process.ts';
import { startBareServer } from './bare.ts';
import type { BenchmarkResult, Figure } from './report.ts';

const CONNECTIONS = 50;
const KEY = 'sandbox-key';
const SECRET = 'sandbox-secret';

interface Case {
  name: string;
  path: string;
  body: string;
  expected: number;
}

const CASES: Case[] = [
  { name: 'currencies/list', path: '/api/v2/currencies/list', body: '{}', expected: 200 },
  {
    name: 'failing validation',
    path: '/api/payments/v1/requests',
    // No amount: refused with the spec's 422 after authentication and parsing.
    body: JSON.stringify({
      currency: { iso: 'EUR' },
      life_time_duration: 3600,
      end_user_reference: 'c-1',
      ...SENDER,
    }),
    expected: 422,
  },
];

function run(url: string, body: string, seconds: number): Promise<Result> {
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Processing-Key': KEY,
      'X-Processing-Signature': hmacHex(SECRET, body),
    },
  });
}

export async function sandboxThroughput(seconds: number): Promise<BenchmarkResult> {
  const sandbox = await startServerProcess({
    name: 'sandbox',
    bin: 'packages/sandbox/bin/crypto-pay-sandbox.mjs',
    args: ['--port', '0'],
    env: {},
    ready: /crypto-pay-sandbox listening on (\S+)/,
  });
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    for (const entry of CASES) {
      const sample = await send(`${sandbox.url}${entry.path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Processing-Key': KEY,
          'X-Processing-Signature': hmacHex(SECRET, entry.body),
        },
        body: entry.body,
      });
      if (sample.status !== entry.expected)
        throw new Error(`${entry.name} answered ${sample.status}: ${sample.text}`);
      const bare = await startBareServer({
        MODE: 'json',
        BODY: sample.text,
        STATUS: String(sample.status),
      });
      try {
        await run(`${sandbox.url}${entry.path}`, entry.body, Math.min(2, seconds)); // warm-up
        const baseline = await run(`${bare.url}${entry.path}`, entry.body, seconds);
        const measured = await run(`${sandbox.url}${entry.path}`, entry.body, seconds);
        const wrong = Object.entries(measured.statusCodeStats)
          .filter(([status]) => Number(status) !== entry.expected)
          .reduce((sum, [, stats]) => sum + stats.count, 0);
        notes.push(
          `${entry.name}: ${wrong + measured.errors + measured.timeouts} answers other than ${entry.expected}, errors or timeouts.`,
        );
        figures.push({
          name: `${entry.name} requests/s`,
          value: measured.requests.average,
          unit: 'req/s',
          baseline: { name: 'bare node:http', value: baseline.requests.average },
        });
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await sandbox.stop();
  }
  notes.unshift(
    `autocannon, ${CONNECTIONS} connections, ${seconds} s each, the same signed body on every request; the bare server answers the sandbox's own answer bytes.`,
  );
  return { benchmark: 'sandbox', figures, notes };
}
