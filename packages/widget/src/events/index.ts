/** Every event `<crypto-pay>` dispatches, typed for `addEventListener` on the host page. */
// Its class is the pay step's chunk's alone (the only place that fires it), out of the first paint.
export type { CryptoPayCancelDetail, CryptoPayCancelEvent } from './cancel.ts';
export * from './created.ts';
// Its class is the chunk of what follows a checkout's alone (which tab shows the result).
export type { CryptoPayElsewhereDetail, CryptoPayElsewhereEvent } from './elsewhere.ts';
export * from './error.ts';
export * from './failure.ts';
export * from './ready.ts';
export * from './status.ts';
export * from './success.ts';
