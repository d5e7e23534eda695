/**
 * Follows the proxy's `GET /admin/events/stream` for `listen` and `trigger`, parsed by
 * `eventsource-parser`, for as long as the command runs: when the proxy restarts or the network
 * drops, it reconnects with backoff and resumes with `Last-Event-ID` = the last event it handed
 * on (or the start the proxy named in a bare `id:` line), so no event is missed and none comes
 * twice. What cannot get better by waiting (a wrong token, a proxy without the route, a resume
 * point the proxy never wrote) ends the command; so does any failure before the first
 * connection, which is a setup mistake to fix rather than an outage to wait out.
 */

import { createParser } from 'eventsource-parser';
import { CommandFailed, UsageError } from './failures.ts';
import {
  failureCause,
  noRouteOf,
  type ProxyApi,
  REQUEST_TIMEOUT_MS,
  refusalOf,
} from './proxy-api.ts';

/** Waits between reconnections, the last repeated: quick after a restart, gentle after that. */
export const RECONNECT_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 5_000];

/** A connection up this long worked: the next outage starts its backoff from the start again. */
const STABLE_MS = 5_000;

/** The answer's head must come by then. */
const CONNECT_TIMEOUT_MS = REQUEST_TIMEOUT_MS;

/**
 * The proxy writes a heartbeat every 15 s: a stream silent for longer than this is taken for a
 * dead connection (a network that dropped without a reset) and replaced.
 */
export const SILENCE_MS = 45_000;

export interface StreamMessage {
  id: string;
  data: string;
}

export interface FollowHandlers {
  /** The stream's start is fixed: from now on every event is sent (`: ready`). */
  ready(resumedAfter: string | undefined, reconnected: boolean): void | Promise<void>;
  /** The stream broke after it was ready; said once per outage. */
  lost(reason: string): void;
  /** An event; the next is handed on once this resolves. */
  message(message: StreamMessage): Promise<void>;
}

export interface FollowOptions {
  types?: string[];
  signal: AbortSignal;
  handlers: FollowHandlers;
  reconnectDelaysMs?: readonly number[];
  silenceMs?: number;
}

/** Why one connection ended, for the "lost" line. */
class Broken extends Error {}

/** A connection that failed under the stream, in a few words: `the connection broke (ECONNRESET)`. */
function brokenBy(error: unknown): Broken {
  return new Broken(`the connection broke (${failureCause(error)})`);
}

/** Waits `ms`, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** Follows the stream until `signal` aborts; rejects with a CommandFailed when it cannot. */
export async function followEvents(api: ProxyApi, options: FollowOptions): Promise<void> {
  const { signal, handlers } = options;
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const silenceMs = options.silenceMs ?? SILENCE_MS;
  const path = `/admin/events/stream${options.types ? `?types=${options.types.join(',')}` : ''}`;
  /** The last event handed on (or the start the proxy gave): where a reconnection resumes. */
  let lastId: string | undefined;
  let everReady = false;
  let failures = 0;
  let outage = false;

  while (!signal.aborted) {
    const connection = new AbortController();
    /** When this connection got ready: one that ends at once is no recovery. */
    let readyAt: number | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const quiet = (ms: number, why: string) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => connection.abort(new Broken(why)), ms);
    };
    try {
      quiet(CONNECT_TIMEOUT_MS, `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`);
      let response: Response;
      try {
        response = await api.fetch(path, {
          signal: AbortSignal.any([signal, connection.signal]),
          headers: {
            Accept: 'text/event-stream',
            ...(lastId === undefined ? {} : { 'Last-Event-ID': lastId }),
          },
        });
      } catch (error) {
        if (connection.signal.aborted) throw connection.signal.reason;
        // Unreachable before the first connection: the address or the proxy to fix.
        if (!everReady || signal.aborted) throw error;
        throw new Broken((error as Error).message.replace(/\.$/, ''));
      }
      if (response.status === 404 || response.status === 405) {
        await response.body?.cancel();
        // A proxy without the route, or no proxy at all (a shop, another app): asked apart.
        throw await noRouteOf(api, 'GET /admin/events/stream', response);
      }
      if (response.status === 409 && lastId !== undefined) {
        // The proxy never wrote the resume point (another database, a reset): retrying the same
        // Last-Event-ID would be refused again, and starting from now would miss events unsaid.
        await response.body?.cancel();
        throw new CommandFailed(
          `The proxy does not know the event ${lastId} this stream was to resume after (409): events since then may be missed. Run the command again to start from now; \`crypto-pay events list\` shows what was written meanwhile.`,
        );
      }
      if (!response.ok) {
        const refusal = await refusalOf(response, api.target);
        // A refusal waiting cannot cure ends the command; a busy or failing proxy is waited out.
        const passing =
          response.status === 408 || response.status === 429 || response.status >= 500;
        if (!everReady || !passing) throw refusal;
        throw new Broken(`the proxy answered ${response.status}`);
      }
      if (!response.body) throw new Broken('the proxy answered with no stream');
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
        // Something else answers at that address (a login page, another app): waiting won't help.
        await response.body.cancel();
        throw new CommandFailed(
          `${api.target.proxyUrl}/admin/events/stream answered ${response.status} with ${response.headers.get('content-type') ?? 'no content type'}, not an event stream: is that address the proxy's?`,
        );
      }

      /** Parsed, in order: ids (an id-only block moves the start too), events, the ready mark. */
      const parsed: ({ id: string } | { ready: true } | StreamMessage)[] = [];
      const parser = createParser({
        onId: (id) => {
          if (id !== '') parsed.push({ id });
        },
        onEvent: (event) => {
          if (!event.id) return;
          // The parser names an event's id just before the event: the resume point moves only
          // once the event itself is handed on.
          const last = parsed.at(-1);
          if (last && 'id' in last && !('data' in last) && last.id === event.id) parsed.pop();
          parsed.push({ id: event.id, data: event.data });
        },
        onComment: (comment) => {
          if (comment.trim() === 'ready') parsed.push({ ready: true });
        },
      });
      const text = response.body.pipeThrough(new TextDecoderStream());
      quiet(silenceMs, `nothing came for ${silenceMs / 1000} s`);
      for await (const chunk of text) {
        quiet(silenceMs, `nothing came for ${silenceMs / 1000} s`);
        parser.feed(chunk);
        for (const item of parsed.splice(0)) {
          if (signal.aborted) return;
          if ('ready' in item) {
            await handlers.ready(lastId, everReady);
            everReady = true;
            outage = false;
            readyAt = performance.now();
          } else if ('data' in item) {
            await handlers.message(item);
            lastId = item.id;
            failures = 0;
          } else {
            lastId = item.id;
          }
        }
      }
      throw new Broken('the proxy closed it');
    } catch (error) {
      if (signal.aborted) return;
      const reason = connection.signal.reason;
      // A refusal, or a run that cannot call at all (no token for a remote proxy), ends the
      // command; anything else (a reset, a cut body) is an outage.
      if (error instanceof CommandFailed || error instanceof UsageError) throw error;
      const broken =
        error instanceof Broken ? error : reason instanceof Broken ? reason : brokenBy(error);
      if (!everReady) {
        throw new CommandFailed(
          `The event stream of ${api.target.proxyUrl} broke before it started (${broken.message}): check the proxy's log, then run listen again.`,
        );
      }
      if (!outage) handlers.lost(broken.message);
      outage = true;
      // Ready then gone at once, again and again (a proxy that crashes on each stream): the
      // backoff grows instead of knocking every 250 ms for ever.
      if (readyAt !== undefined && performance.now() - readyAt >= STABLE_MS) failures = 0;
    } finally {
      clearTimeout(watchdog);
      connection.abort();
    }
    await pause(delays[Math.min(failures, delays.length - 1)]!, signal);
    failures += 1;
  }
}
