/** Every event `<crypto-pay>` dispatches, typed for `addEventListener` on the host page. */
export * from './created.ts';
export * from './error.ts';
export * from './failure.ts';
export * from './ready.ts';
export * from './status.ts';
export * from './success.ts';
