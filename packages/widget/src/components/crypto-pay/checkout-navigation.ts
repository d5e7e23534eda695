/**
 * Where a checkout's customer is taken: to the payment page or, at the end, to the shop's
 * address (`checkout-end.ts` says which), from the one tab that shows the result
 * (`result-tabs.ts`, in the chunk of what follows a checkout); any other tab gives way.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ResultPlacement } from '../../utilities/result-tabs.ts';
import type * as Following from './checkout-following.ts';
import type { Placing } from './result-placing.ts';

/** What navigation reads from the element. */
export type CheckoutNavigationHost = ReactiveControllerHost & HTMLElement;

/** What navigation changes of what the element shows. */
interface NavigationState {
  leaving: boolean;
  elsewhere: boolean;
}

/**
 * The flow (`checkout-flow.ts`) builds on it, adding its own `State`: the fields that change
 * what the element shows, set together.
 */
export abstract class CheckoutNavigation<State extends object>
  implements ReactiveController, NavigationState
{
  /** The page is on its way to another address. */
  leaving = false;
  /** The tab that started this checkout shows its result: this one only says so. */
  elsewhere = false;
  /** Where the result shows (`result-tabs.ts`, in its own chunk), once loaded. */
  private placement: ResultPlacement | undefined;
  /** The checkout whose result is being placed; none after a new start. */
  private placing: string | undefined;

  constructor(
    protected readonly host: CheckoutNavigationHost,
    /** Goes to another address (the element's `navigate`, which tests watch). */
    readonly navigate: (url: string) => void,
    /** Closes this tab where the browser allows it (a tab a page or its link opened). */
    protected readonly closeTab: () => void,
  ) {
    host.addController(this);
  }

  /** Another tab shows the result: this one follows the checkout no more. */
  abstract giveWay(): void;

  /** Runs `use` once the chunk of what follows a checkout is there (`checkout-following.ts`). */
  protected abstract withFollowing(use: (part: typeof Following) => void): void;

  // A removed element hears no other tab (it would close the tab it is no longer in); put back
  // on the page, it asks again.
  hostConnected(): void {
    if (this.placing !== undefined && !this.elsewhere) this.placement?.place(this.placing);
  }

  hostDisconnected(): void {
    this.placement?.cancel();
  }

  /**
   * The tab that started a checkout shows its result. Any other (the payment page's, sent on to
   * a result address) gives way once that tab answers: it follows nothing more, tells the
   * customer where to look, and closes where the browser lets it. In the chunk of what follows
   * a checkout, fetched now (the first paint does not need it); until it is there (or while it
   * fails to load) the result shows here, as in every tab before.
   */
  protected place(id: string, started = false): void {
    this.placing = id;
    // The placing's code comes with the chunk (`result-placing.ts`), reading this one's state.
    this.withFollowing(({ placeResult }) => placeResult(this as unknown as Placing, id, started));
  }

  /** Sends the customer to another address, saying so while the page goes. */
  protected leave(address: string): void {
    this.set({ leaving: true });
    this.navigate(address);
  }

  /** Places no checkout's result any more: back to an empty start. */
  forgetPlace(): void {
    this.placing = undefined;
    this.placement?.forget();
  }

  /** Changes what the element shows, and asks it to render again (the watcher's too). */
  set(changes: Partial<State> | Partial<NavigationState>): void {
    Object.assign(this, changes);
    this.host.requestUpdate();
  }
}
