/**
 * For the Node tests of the reactive controllers (Action, Paging): what a Lit element gives a
 * controller, counting how often it was asked to redraw.
 */
import type { ReactiveController } from 'lit';

export function testHost() {
  const seen = { updates: 0 };
  return Object.assign(seen, {
    addController(_controller: ReactiveController) {},
    removeController(_controller: ReactiveController) {},
    requestUpdate() {
      seen.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  });
}
