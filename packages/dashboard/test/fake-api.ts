/**
 * The merchant API as a page's component test needs it: `window.fetch` answers the calls it is
 * given (by method and path), records every call, and can hold one back (an action in flight)
 * until its signal aborts it.
 * The pages' journeys against the real proxy are tests/e2e/dashboard*.test.ts.
 */

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** An answer: a status and JSON body, or a promise of one (held until resolved). */
export type Answer =
  | { status: number; body?: unknown }
  | Promise<{ status: number; body?: unknown }>;

/** `"GET /admin/accounts"` → what to answer (a function runs per call). */
export type Routes = Record<string, Answer | ((call: Call) => Answer)>;

const realFetch = window.fetch;

/** Answers `routes` until `restore()`; any other call answers 404, so a test sees it. */
export function fakeApi(routes: Routes) {
  const calls: Call[] = [];
  window.fetch = async (input, init = {}) => {
    const url = new URL(String(input), location.href);
    const method = init.method ?? 'GET';
    const path = url.pathname + url.search;
    const call = { method, path, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`];
    const answer = await untilAborted(
      typeof route === 'function' ? route(call) : route,
      init.signal,
    );
    const { status, body } = answer ?? { status: 404, body: { error: `No ${path}`, code: 'x' } };
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return {
    calls,
    restore: () => {
      window.fetch = realFetch;
    },
  };
}

/** `answer`, or a rejection with the signal's reason once it is aborted first, as `fetch` does. */
function untilAborted<T>(answer: T | Promise<T>, signal: AbortSignal | null | undefined) {
  if (!signal) return answer;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    Promise.resolve(answer).then(resolve, reject);
  });
}

/** A promise and the function that settles it: an answer held back until the test lets it go. */
export function held<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Waits until `check` holds, yielding to the page between looks (its task settling). */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let look = 0; look < 2000; look += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve));
  }
  throw new Error(`Never happened: ${what}`);
}

/** The text of a shadow root, its spaces collapsed. */
export const textOf = (el: Element) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '';
