/**
 * Raw HTTP for tests and benchmarks: node:http with a keep-alive-free agent, so a test sees
 * exactly the bytes, headers and status a server sent (a GET may carry a body; nothing retries);
 * requests signed as the processing API expects; and a bare connection for what node:http will
 * not send. Event streams have their own file, event-streams.ts.
 */

import { type Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { signedHeadersSync } from '@crypto-pay/protocol/node';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every header line as sent: name, value, name, value... (a repeated header shows twice). */
  rawHeaders: string[];
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface Outgoing {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The request target exactly as written, dot segments and all (a URL would resolve them). */
  path?: string;
  /** Abort (reject) after this many milliseconds; default 30 s. */
  timeoutMs?: number;
  /** Called once the whole request has been handed to the OS (it may now reach the server). */
  onSent?: () => void;
  /**
   * An event stream does not end while its checkout is open: resolve at its first message and
   * close it. Other answers are read to their end as always.
   */
  firstEventOnly?: boolean;
  /** The agent to send it through (a keep-alive one, as browsers reuse connections); default none. */
  agent?: Agent;
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
    /** Settles with the answer heard so far: set once an answer's head has arrived. */
    let heard: (() => void) | undefined;
    const outgoing = httpRequest(
      url,
      {
        method: init.method ?? (body ? 'POST' : 'GET'),
        headers,
        agent: init.agent ?? false,
        ...(init.path === undefined ? {} : { path: init.path }),
      },
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
            rawHeaders: incoming.rawHeaders,
            text,
            json: parsed(text),
          });
        };
        heard = settle;
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
    // A server may answer before it has read the whole body (a 413, a 401) and close: the write
    // of the rest then fails (EPIPE, ECONNRESET), but the answer already came, and it counts.
    outgoing.on('error', (error) => (heard ? heard() : reject(error)));
    if (init.onSent) outgoing.once('finish', init.onSent);
    outgoing.end(body);
  });
}

/** Every value an answer sent under the header `name` (any case), in order. */
export function headerValues(answer: Pick<Answer, 'rawHeaders'>, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    if (answer.rawHeaders[i]!.toLowerCase() === name.toLowerCase()) {
      values.push(answer.rawHeaders[i + 1]!);
    }
  }
  return values;
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

/** Header overrides of a signed request: a value replaces a header, `undefined` removes it. */
export type HeaderOverrides = Record<string, string | undefined>;

/**
 * The headers of a request signed like the processing API expects (and like its callbacks
 * arrive): JSON content type, key, signature of exactly `body`; then `overrides` (a request
 * without its signature, say).
 */
export function signedJsonHeaders(
  credentials: { apiKey: string; signingSecret: string },
  body: string,
  overrides: HeaderOverrides = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...signedHeadersSync(credentials.apiKey, credentials.signingSecret, body),
  };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return headers;
}

/** A signed request's options: header overrides, where `undefined` removes a header. */
export type SignedOutgoing = Omit<Outgoing, 'body' | 'headers'> & { headers?: HeaderOverrides };

/** POSTs (or `init.method`) `body` signed by `signedJsonHeaders`. */
export function sendSigned(
  url: string,
  credentials: { apiKey: string; signingSecret: string },
  body: string,
  init: SignedOutgoing = {},
): Promise<Answer> {
  const headers = signedJsonHeaders(credentials, body, init.headers);
  return send(url, { method: 'POST', ...init, headers, body });
}

/**
 * A bare connection, for what node:http will not send: requests pipelined on one connection,
 * bodies framed by hand or cut off, connections held open from a chosen `localAddress`
 * (`127.0.0.2`: another client, on Linux's loopback). `received.text` is what came back so far;
 * `until(check)` resolves with it once it satisfies `check` (rejects if the connection closes
 * first); `ended()` resolves with all of it once the connection is closed (rejects if it failed).
 */
export function rawConnection(url: string, options: { localAddress?: string } = {}) {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, ...options });
  const received = { text: '' };
  let failure: Error | undefined;
  socket.on('error', (error) => {
    failure = error;
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received.text += chunk;
  });
  const until = (check: (text: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const test = () => {
        if (!check(received.text)) return false;
        socket.off('data', test);
        socket.off('close', closed);
        resolve(received.text);
        return true;
      };
      const closed = () => {
        socket.off('data', test);
        if (!test()) reject(new Error(`${url} closed, having received: ${received.text}`));
      };
      if (test()) return;
      if (socket.closed) return closed();
      socket.on('data', test);
      socket.once('close', closed);
    });
  const ended = () =>
    new Promise<string>((resolve, reject) => {
      const settle = () => (failure ? reject(failure) : resolve(received.text));
      if (socket.closed) settle();
      else socket.once('close', settle);
    });
  return { socket, received, until, ended };
}
