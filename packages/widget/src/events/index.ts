/** Every event `<crypto-pay>` dispatches, typed for `addEventListener` on the host page. */
// Its class is the pay step's chunk's alone (the only place that fires it), out of the first paint.
export type { CryptoPayCancelDetail, CryptoPayCancelEvent } from './cancel.ts';
export * from './created.ts';
export * from './error.ts';
export * from './failure.ts';
export * from './ready.ts';
export * from './status.ts';
export * from './success.ts';
