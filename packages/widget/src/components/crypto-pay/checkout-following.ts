/**
 * What follows a checkout once there is one, in one chunk fetched as the create is sent (or a
 * checkout resumes), never in the first paint: the status watcher, what a status read means to
 * the page and where it sends the customer (`checkout-end.ts`), which tab shows the result
 * (`result-tabs.ts`), and the reading of a checkout found again (`checkout-resume-read.ts`),
 * which is then followed: one fetch for both, and the checkout's reads out of the first paint.
 */
export { CheckoutWatcher } from '../../api/checkout-watcher.ts';
export { find } from './checkout-resume-read.ts';
export { markStarted, ResultPlacement } from '../../utilities/result-tabs.ts';
export { endAddress, statusRead } from './checkout-end.ts';
