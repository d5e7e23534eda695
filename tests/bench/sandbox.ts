/**
 * The sandbox under load: signed `currencies/list` and a signed create that fails validation
 * (422), with autocannon, against a bare node:http server answering the same bytes from memory,
 * the two loaded in alternating rounds.
 */

import { signedHeadersSync } from '@crypto-pay/protocol/node';
import { send } from '@crypto-pay/test-kit/http';
import { SENDER } from '@crypto-pay/test-kit/senders';
import { startSandboxProcess } from '@crypto-pay/test-kit/servers';
import { alternate, alternationNote, type Target } from './alternate.ts';
import { startBareServer } from './bare.ts';
import { type BenchmarkResult, type Figure, sum } from './report.ts';

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

function target(url: string, body: string): Target {
  return {
    url,
    method: 'POST',
    connections: CONNECTIONS,
    body,
    headers: {
      'Content-Type': 'application/json',
      ...signedHeadersSync(KEY, SECRET, body),
    },
  };
}

export async function sandboxThroughput(seconds: number): Promise<BenchmarkResult> {
  const sandbox = await startSandboxProcess({
    built: true,
    credentials: { apiKey: KEY, signingSecret: SECRET },
  });
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    for (const entry of CASES) {
      const sample = await send(`${sandbox.url}${entry.path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...signedHeadersSync(KEY, SECRET, entry.body),
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
        const [baseline, measured] = await alternate(
          [
            target(`${bare.url}${entry.path}`, entry.body),
            target(`${sandbox.url}${entry.path}`, entry.body),
          ],
          seconds,
        );
        const wrong = sum(
          measured.rounds.flatMap((round) =>
            Object.entries(round.statusCodeStats)
              .filter(([status]) => Number(status) !== entry.expected)
              .map(([, stats]) => stats.count),
          ),
        );
        const broken = sum(measured.rounds.map((round) => round.errors + round.timeouts));
        notes.push(
          `${entry.name}: ${wrong + broken} answers other than ${entry.expected}, errors or timeouts.`,
        );
        figures.push({
          name: `${entry.name} requests/s`,
          value: measured.rate,
          unit: 'req/s',
          baseline: { name: 'bare node:http', value: baseline.rate },
        });
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await sandbox.stop();
  }
  notes.unshift(
    `autocannon, ${CONNECTIONS} connections, ${alternationNote(seconds)}, the same signed body on every request; the bare server answers the sandbox's own answer bytes.`,
  );
  return { benchmark: 'sandbox', figures, notes };
}
