/**
 * The resumed checkout's reading, in a chunk fetched only where there is a checkout to find:
 * one the proxy forgot is dropped, one it cannot read now is read again by itself, ever less
 * often. The read itself comes with the chunk of what follows a checkout, which a checkout found
 * again needs next anyway.
 */
import { initialState } from '@lit/task';
import type { getCheckout as GetCheckout } from '../../api/checkout-reads.ts';
import { loadPart } from '../../api/parts.ts';
import { ProxyError } from '../../api/proxy-api.ts';
import { backoffDelay } from '../../utilities/backoff.ts';
import { forgetCheckoutId } from '../../utilities/checkout-storage.ts';
import type { CheckoutResume } from './checkout-resume.ts';
import { canRetry } from './crypto-pay.views.ts';

/**
 * Reads a checkout to show again; one this tab remembered but the proxy forgot is dropped. One
 * that cannot be read now is read again by itself, ever less often: the customer may have
 * paid already, and a return page should show it once the proxy answers.
 */
export async function find(resume: CheckoutResume, proxy: string, id: string, signal: AbortSignal) {
  // Not fetched: the lookup fails, and runs again by itself (or on "Try again").
  const { getCheckout } = await loadPart(resume.host, import('./checkout-following.ts')).catch(
    (error: unknown) => {
      if (!signal.aborted) lookUpLater(resume);
      throw error;
    },
  );
  let read: Awaited<ReturnType<typeof GetCheckout>>;
  try {
    read = await getCheckout(proxy, id, { signal, timeoutMs: resume.host.timing.requestTimeoutMs });
  } catch (error) {
    if (signal.aborted) throw error; // A newer read took over.
    const forgotten = error instanceof ProxyError && error.kind === 'not_found';
    if (!forgotten && canRetry(error)) rereadLater(resume, getCheckout, proxy, id, error);
    if (!resume.stored || !forgotten) throw resume.calls.report(error);
    forgetCheckoutId(resume.calls.storageKey());
    resume.set(undefined);
    return initialState;
  }
  const { checkout } = read;
  if (!checkout) throw new ProxyError('invalid_response', 'invalid_response', 'No body.');
  resume.rereads = 0;
  resume.id = undefined;
  // The page hears the checkout's status, then that the element is ready.
  resume.calls.follow(proxy, checkout);
  return checkout;
}

/**
 * Runs the lookup again by itself, ever less often (`Timing.resumeRetry`), as the element does
 * when this chunk could not be fetched: written there inline, as the first paint's 18 KiB leave
 * no room for a method (BENCHMARKS.md, "Issue 32").
 */
function lookUpLater(resume: CheckoutResume): void {
  resume.rereadTimer = setTimeout(
    () => void resume.task.run(),
    backoffDelay(resume.host.timing.resumeRetry, resume.rereads++),
  );
}

/**
 * Reads a checkout that could not be read again, quietly (the error view stays as it is, and
 * the page is not told again): `Timing.resumeRetry`, 5 s doubling to a minute, or later if the
 * proxy asked. Once it answers, the view follows.
 */
function rereadLater(
  resume: CheckoutResume,
  getCheckout: typeof GetCheckout,
  proxy: string,
  id: string,
  error: unknown,
): void {
  const { resumeRetry, requestTimeoutMs: timeoutMs } = resume.host.timing;
  const asked = ((error as ProxyError).retryAfter ?? 0) * 1000;
  resume.rereadTimer = setTimeout(
    () => {
      if (!resume.host.isConnected) return;
      const signal = new AbortController().signal;
      getCheckout(proxy, id, { signal, timeoutMs }).then(
        () => void resume.task.run(),
        (again) => {
          const gone = again instanceof ProxyError && again.kind === 'not_found';
          if (gone || !canRetry(again))
            void resume.task.run(); // Show what it is now.
          else rereadLater(resume, getCheckout, proxy, id, again);
        },
      );
    },
    Math.max(backoffDelay(resumeRetry, resume.rereads++), asked),
  );
}
