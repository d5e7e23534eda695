/**
 * Event streams for tests and benchmarks, as a browser's EventSource follows them: opened over
 * their own connection and read as they come, and their text parsed into whole messages.
 */

import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** One whole message of an event stream: its `id:` (a checkout's version) and its `data:`. */
export interface StreamMessage {
  id: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON.
  data: any;
}

/**
 * The whole messages of an event-stream text, in order, their `data:` parsed as JSON: comments
 * (heartbeats) are skipped, and so is a last message cut before its end, as an EventSource
 * drops one.
 */
export function messagesOf(text: string): StreamMessage[] {
  const whole = text.slice(0, text.lastIndexOf('\n\n') + 1);
  return whole.split('\n\n').flatMap((block) => {
    const data = /^data: (.*)$/m.exec(block)?.[1];
    return data === undefined
      ? []
      : [{ id: /^id: (.*)$/m.exec(block)?.[1], data: JSON.parse(data) }];
  });
}

/** An open event stream, as a browser's EventSource holds it. */
export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The text up to and with the first message (a checkout stream sends the checkout at once). */
  first: string;
  /** Everything received so far. */
  readonly text: string;
  /** Resolves once the text so far satisfies `check`; rejects if the stream closes first. */
  until(check: (text: string) => boolean): Promise<string>;
  /** Reads on to the end of the stream and resolves with the whole text. */
  rest(): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens an event stream over its own connection (or one of `agent`'s) and reads its first
 * message. Rejects unless the server answers 200, and after `timeoutMs` (default 10 s) in all
 * unless closed before.
 */
export function openEventStream(
  url: string,
  options: {
    headers?: Record<string, string>;
    timeoutMs?: number;
    /** Sees each piece of text as it arrives (a leak scan, say). */
    onText?: (text: string) => void;
    /** The agent to open it through (a keep-alive one, say); default a connection of its own. */
    agent?: Agent;
  } = {},
): Promise<EventStream> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const head = { agent: options.agent ?? false, headers: options.headers };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, head, (incoming) => {
      let text = '';
      const waiting = new Set<() => void>();
      const until = (check: (text: string) => boolean) =>
        new Promise<string>((done, fail) => {
          const test = () => {
            if (!check(text)) return;
            waiting.delete(test);
            done(text);
          };
          waiting.add(test);
          incoming.once('close', () => fail(new Error(`${url} closed with: ${text}`)));
          test();
        });
      const ended = new Promise<void>((done) => incoming.once('end', done));
      // A failure shows as the stream closing early, to whoever waits on it.
      incoming.on('error', () => {});
      incoming.once('close', () => clearTimeout(timer));
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        text += chunk;
        options.onText?.(chunk);
        for (const test of [...waiting]) test();
      });
      const rest = () =>
        new Promise<string>((done, fail) => {
          if (incoming.readableEnded) return done(text);
          incoming.once('end', () => done(text));
          incoming.once('close', () => fail(new Error(`${url} closed before its end: ${text}`)));
        });
      if (incoming.statusCode !== 200) {
        rest().then(
          (body) => reject(new Error(`${url} answered ${incoming.statusCode}: ${body}`)),
          reject,
        );
        return;
      }
      until((so) => so.includes('\n\n')).then(
        (first) =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            first,
            get text() {
              return text;
            },
            until,
            rest,
            ended,
            close: () => {
              clearTimeout(timer);
              outgoing.destroy();
            },
          }),
        reject,
      );
    });
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`${url} did not end in ${timeoutMs} ms`)),
      timeoutMs,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
