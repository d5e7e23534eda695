/**
 * One result view per payment: the tab that started a checkout shows how it ended; another tab
 * of the shop that lands on a result page for it (the payment page's tab, sent on to the
 * success or failure address) hears that and tells the customer where to look instead.
 *
 * The starting tab is marked in its sessionStorage (kept across its pages, never copied to a
 * tab opened with `noopener`, as the payment link is). Tabs of one origin talk over a
 * BroadcastChannel: a tab asks once and keeps listening, and a starting tab says so when it
 * begins to show a checkout and whenever asked, as long as its page lives (an app that removes
 * the element after its own "thank you" still answers). Without storage or the channel, or on
 * another origin, every tab shows the result, as before. Only checkout ids are sent.
 */

import { storage } from './checkout-storage.ts';

const STARTED = 'crypto-pay:started:';
const CHANNEL = 'crypto-pay:result-tabs';

type Message = { shown: string } | { asked: string };

/** Checkouts this page shows, answered for when another tab asks. */
const shownHere = new Set<string>();
let channel: BroadcastChannel | undefined;

/** The channel, opened on first need: a page without a checkout keeps none open. */
function openChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<Message>) => {
    const asked = (event.data as { asked?: unknown })?.asked;
    if (typeof asked === 'string' && shownHere.has(asked)) channel?.postMessage({ shown: asked });
  });
  return channel;
}

/** Marks `id` as started in this tab (the create came from here). */
export function markStarted(id: string): void {
  try {
    storage()?.setItem(STARTED + id, '1');
  } catch {
    // Not kept: this tab's result pages will show the result, as any tab would.
  }
}

/** Whether this tab started `id`. */
function startedHere(id: string): boolean {
  try {
    return storage()?.getItem(STARTED + id) === '1';
  } catch {
    return false;
  }
}

/** This page shows `id`: tells the other tabs now, and whenever one asks. */
function showHere(id: string): void {
  if (shownHere.has(id)) return;
  shownHere.add(id);
  openChannel()?.postMessage({ shown: id } satisfies Message);
}

/**
 * Asks whether another tab shows `id`, and calls `onShown` once one says so (now or later).
 * Answers a function that stops listening.
 */
function watchShownElsewhere(id: string, onShown: (id: string) => void): () => void {
  const open = openChannel();
  if (!open) return () => {};
  const listener = (event: MessageEvent<Message>) => {
    if ((event.data as { shown?: unknown })?.shown !== id) return;
    stop();
    onShown(id);
  };
  const stop = () => open.removeEventListener('message', listener);
  open.addEventListener('message', listener);
  open.postMessage({ asked: id } satisfies Message);
  return stop;
}

/**
 * Where one element shows a checkout's result: here when this tab started it (and the other
 * tabs are told), else here until the starting tab answers, then `onElsewhere` is called with
 * the checkout's id.
 */
export class ResultPlacement {
  private stopWatching = () => {};
  /** The checkout this element said it shows. */
  private shown: string | undefined;

  constructor(private readonly onElsewhere: (id: string) => void) {}

  place(id: string): void {
    this.stopWatching();
    if (startedHere(id)) {
      this.shown = id;
      showHere(id);
    } else this.stopWatching = watchShownElsewhere(id, this.onElsewhere);
  }

  /**
   * Listens no more (the element left the page). What it said it shows still stands: an app
   * that removes the element after its own "thank you" still shows the result.
   */
  cancel(): void {
    this.stopWatching();
  }

  /** Listens no more and no longer answers for its checkout (the customer started again). */
  forget(): void {
    this.cancel();
    if (this.shown !== undefined) shownHere.delete(this.shown);
    this.shown = undefined;
  }
}
