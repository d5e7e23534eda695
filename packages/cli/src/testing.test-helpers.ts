/**
 * What the command line's tests share: a command line run in the test's process (what it printed,
 * its exit code), and a stand-in server on loopback for the proxy or the sandbox.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { run } from './run.ts';

/** What starts a terminal's colour (and every other) sequence. */
export const ESC = '\u001b[';

/** The head of an event stream's answer. */
export const STREAM_HEAD = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

/**
 * A stand-in on loopback: `answer` gets each request and how many came before it; `close` ends
 * the connections still open (a stream) too.
 */
export async function standIn(
  answer: (request: IncomingMessage, response: ServerResponse, index: number) => void,
) {
  const requests: IncomingMessage[] = [];
  const http = createServer((request, response) => {
    requests.push(request);
    answer(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** The requests so far as `METHOD /path?query`. */
    seen: () => requests.map((request) => `${request.method} ${request.url}`),
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(resolve));
    },
  };
}

/** Answers `body` as JSON with `status`. */
export function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Pretend the output is a terminal that takes colours. */
  tty?: boolean;
  signal?: AbortSignal;
  /** Sees stdout as it is written, for a test that acts on a line before the command ends. */
  onStdout?: (printed: string) => void;
  /** A terminal to ask on, the user typing this: the question goes to stderr as printed. */
  answer?: string;
}

export async function runCli(argv: string[], options: RunOptions = {}): Promise<Ran> {
  const printed = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr') => ({
    write: (text: string) => {
      printed[name] += text;
      if (name === 'stdout') options.onStdout?.(printed.stdout);
      return true;
    },
    isTTY: options.tty ?? false,
    hasColors: () => options.tty ?? false,
  });
  const code = await run(argv, {
    stdout: stream('stdout'),
    stderr: stream('stderr'),
    env: options.env ?? {},
    signal: options.signal ?? new AbortController().signal,
    ...(options.answer === undefined
      ? {}
      : {
          ask: async (question: string) => {
            printed.stderr += question;
            return options.answer!;
          },
        }),
  });
  return { code, ...printed };
}

/** A stand-in that answers each request with `answer(url)` as JSON. */
export const jsonStandIn = (answer: (url: string) => { status: number; body: unknown }) =>
  standIn((request, response) => {
    const { status, body } = answer(request.url ?? '');
    answerJson(response, status, body);
  });
