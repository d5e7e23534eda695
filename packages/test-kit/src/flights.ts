/**
 * Requests to a proxy that a test kills and restarts, each judged by how it ended against
 * what the test did meanwhile: success, a failure the kill explains, or something unexpected.
 */

import { type Answer, connectionErrorCode } from './http.ts';

/** One request on its way: `sent` once its last byte went to the OS. */
export interface Flight {
  kind: string;
  /** Its place in the order requests were started. */
  seq: number;
  sent: boolean;
  killsAtStart: number;
  upAtStart: boolean;
  /** Set when it ends: answered, or the system error code of its failed connection. */
  end?: { status: number } | { code: string };
}

/** A request that may be cut: it must call `onSent` once written (see `send`'s option). */
export type Sender = (onSent: () => void) => Promise<Answer>;

/** The retryable refusal the proxy documents for a store it cannot use (its README). */
const isRetryableRefusal = (answer: Answer) =>
  answer.status === 503 &&
  (answer.json as { code?: string } | undefined)?.code === 'store_unavailable';

/** Whether a flight failed on a connection cut mid-request (not refused at the door). */
export const wasCut = (flight: Flight) =>
  flight.end !== undefined && 'code' in flight.end && flight.end.code !== 'ECONNREFUSED';

export function createFlights() {
  const proxy = { kills: 0, up: true };
  const inFlight = new Set<Flight>();
  /** Outcomes no kill explains: a bare 500, an unexpected status, a reset with the proxy up. */
  const unexpected: string[] = [];
  let started = 0;
  let abandoned = false;
  /** The checks of `onTheWireWhen` calls waiting: run whenever a flight is sent or ends. */
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const check of waiters) check();
  };

  /**
   * Sends one request and judges how it ended: `success` answers it; a connection refused or
   * reset around a kill, or a retryable refusal then, asks for a retry; anything else is
   * recorded as unexpected (and retried, so a run reports every one).
   */
  async function attempt(
    kind: string,
    send: Sender,
    success: number,
  ): Promise<{ answered: Answer } | 'retry'> {
    const flight: Flight = {
      kind,
      seq: ++started,
      sent: false,
      killsAtStart: proxy.kills,
      upAtStart: proxy.up,
    };
    inFlight.add(flight);
    // Started while the proxy was down, or a kill came before the end.
    const nearKill = () => !flight.upAtStart || proxy.kills > flight.killsAtStart;
    try {
      const answer = await send(() => {
        flight.sent = true;
        changed();
      });
      flight.end = { status: answer.status };
      if (answer.status === success) return { answered: answer };
      if (!(isRetryableRefusal(answer) && nearKill())) {
        unexpected.push(`${kind} answered ${answer.status}: ${answer.text}`);
      }
      return 'retry';
    } catch (error) {
      const code = connectionErrorCode(error) ?? String(error);
      flight.end = { code };
      // A connection made while the dying process still held its socket is reset too.
      if (!(['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code) && nearKill())) {
        unexpected.push(`${kind} failed with ${code} (proxy up: ${proxy.up}): ${error}`);
      }
      return 'retry';
    } finally {
      inFlight.delete(flight);
      changed();
    }
  }

  return {
    unexpected,
    /** How many requests were started so far (a flight's `seq` is above the count before it). */
    started: () => started,
    attempt,

    /** Repeats `attempt` until it succeeds, as a widget or the service retries. */
    async untilAnswered(kind: string, send: Sender, success: number): Promise<Answer> {
      for (;;) {
        if (abandoned) throw new Error('The test ended before this request was answered');
        const result = await attempt(kind, send, success);
        if (result !== 'retry') return result.answered;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    /**
     * Resolves with the flights sent and unanswered once `ready` holds for those in flight,
     * checked on the tick a flight is sent or ends (so nothing ends in between), not by polling.
     */
    onTheWireWhen(ready: (flights: Flight[]) => boolean, what: string): Promise<Flight[]> {
      return new Promise((resolve, reject) => {
        const stop = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        const check = () => {
          const flights = [...inFlight];
          if (!ready(flights)) return;
          stop();
          resolve(flights.filter((flight) => flight.sent));
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`Waited 10 s for ${what}`));
        }, 10_000);
        waiters.add(check);
        check();
      });
    },

    /** Call on the tick the kill is sent: whatever ends from then on ends after it. */
    killing() {
      proxy.up = false;
      proxy.kills += 1;
    },
    /** Call once the proxy announced it is listening again. */
    restarted() {
      proxy.up = true;
    },
    /** Stops `untilAnswered` loops of a test that failed early. */
    abandon() {
      abandoned = true;
    },
  };
}
