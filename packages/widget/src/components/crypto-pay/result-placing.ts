/**
 * Which tab shows a checkout's result, as the navigation (`checkout-navigation.ts`) asks once
 * the chunk of what follows a checkout is there: this code comes with that chunk, not the first
 * paint.
 */
import { CryptoPayElsewhereEvent } from '../../events/elsewhere.ts';
import { markStarted, ResultPlacement } from '../../utilities/result-tabs.ts';

/** The navigation's state this reads and sets (its own fields, private to its users). */
export interface Placing {
  readonly host: HTMLElement;
  placing: string | undefined;
  placement: ResultPlacement | undefined;
  elsewhere: boolean;
  giveWay(): void;
  set(changes: { elsewhere: boolean }): void;
  closeTab(): void;
}

/**
 * Marks a checkout this tab `started`, and asks the other tabs which shows `id`'s result: when
 * another does, this one gives way, says so, tells the page (`crypto-pay-elsewhere`), and closes
 * where the browser lets it.
 */
export function placeResult(navigation: Placing, id: string, started: boolean): void {
  if (started) markStarted(id);
  if (navigation.placing !== id || navigation.elsewhere) return;
  navigation.placement ??= new ResultPlacement((shown) => {
    navigation.giveWay();
    navigation.set({ elsewhere: true });
    navigation.host.dispatchEvent(new CryptoPayElsewhereEvent({ id: shown }));
    navigation.closeTab();
  });
  // Removed while the chunk came: placed once put back (`hostConnected`), not before.
  if (navigation.host.isConnected) navigation.placement.place(id);
}
