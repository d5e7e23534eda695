/**
 * What follows a checkout once there is one, in one chunk fetched as the create is sent (or a
 * checkout resumes), never in the first paint: the status watcher, what a status read means to
 * the page and where it sends the customer (`checkout-end.ts`), which tab shows the result
 * (`result-placing.ts`, `result-tabs.ts`), and the checkout's reads (`checkout-reads.ts`), which a checkout found
 * again is read with too (`checkout-resume-read.ts`, which then follows it): out of the first
 * paint, and in no third file that two chunks would share.
 */
export { getCheckout } from '../../api/checkout-reads.ts';
export { CheckoutWatcher } from '../../api/checkout-watcher.ts';
export { endAddress, statusRead } from './checkout-end.ts';
export { placeResult } from './result-placing.ts';
