/**
 * Raw HTTP for cross-package tests and benchmarks: node:http with a keep-alive-free agent, so a
 * test sees exactly the bytes and status a server sent (a GET may carry a body; nothing retries);
 * and event streams, read message by message.
 */

import { request as httpRequest } from 'node:http';
import { signedHeadersSync } from '@crypto-pay/protocol/node';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface Outgoing {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Abort (reject) after this many milliseconds; default 30 s. */
  timeoutMs?: number;
  /** Called once the whole request has been handed to the OS (it may now reach the server). */
  onSent?: () => void;
  /**
   * An event stream does not end while its checkout is open: resolve at its first message and
   * close it. Other answers are read to their end as always.
   */
  firstEventOnly?: boolean;
}

/** The system error code of a failed connection (`ECONNREFUSED`, `ECONNRESET`, ...), if any. */
export function connectionErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one request; resolves with whatever came back, rejects when the connection fails. */
export function send(url: string, init: Outgoing = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string> = { ...init.headers };
    // A request that frames its own body (a length, or chunks) is sent as it says.
    const framed = Object.keys(headers).some((name) =>
      ['content-length', 'transfer-encoding'].includes(name.toLowerCase()),
    );
    if (body && !framed) {
      headers['Content-Length'] = String(body.length);
    }
    const outgoing = httpRequest(
      url,
      { method: init.method ?? (body ? 'POST' : 'GET'), headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        const streaming =
          init.firstEventOnly &&
          String(incoming.headers['content-type']).startsWith('text/event-stream');
        const settle = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text,
            json: parsed(text),
          });
        };
        incoming.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (streaming && Buffer.concat(chunks).includes('\n\n')) {
            settle();
            // Closing it ourselves aborts the stream: its error comes after the answer settled.
            outgoing.destroy();
          }
        });
        incoming.on('error', reject);
        incoming.on('end', settle);
      },
    );
    outgoing.setTimeout(init.timeoutMs ?? 30_000, () =>
      outgoing.destroy(new Error(`No answer from ${url} in ${init.timeoutMs ?? 30_000} ms`)),
    );
    outgoing.on('error', reject);
    if (init.onSent) outgoing.once('finish', init.onSent);
    outgoing.end(body);
  });
}

/** JSON POST (or `method`) of `body` as given: a string is sent as is, anything else stringified. */
export function sendJson(
  url: string,
  body: unknown,
  init: Omit<Outgoing, 'body'> = {},
): Promise<Answer> {
  return send(url, {
    method: 'POST',
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A signed request's options: header overrides, where `undefined` removes a header. */
export type SignedOutgoing = Omit<Outgoing, 'body' | 'headers'> & {
  headers?: Record<string, string | undefined>;
};

/**
 * A request signed like the processing API expects (and like its callbacks arrive): JSON
 * content type, key, signature of the exact body. `init.headers` override those; an
 * `undefined` value removes one (a request without its signature, say).
 */
export function sendSigned(
  url: string,
  credentials: { apiKey: string; signingSecret: string },
  body: string,
  init: SignedOutgoing = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...signedHeadersSync(credentials.apiKey, credentials.signingSecret, body),
  };
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return send(url, { method: 'POST', ...init, headers, body });
}

/**
 * Opens an event stream and reads its first message (a checkout stream sends the checkout as it
 * is on connect); `rest` reads on to the end and resolves with the whole text. Rejects unless the
 * server answers 200, and after `timeoutMs` in all.
 */
export async function openEventStream(url: string, timeoutMs = 10_000) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (response.status !== 200 || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const read = async (enough: () => boolean) => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += chunk.value;
      if (enough()) break;
    }
    return text;
  };
  const first = await read(() => text.includes('\n\n'));
  return { first, rest: () => read(() => false) };
}
