/**
 * The one way a list goes from page to page (payments, callbacks, audit log, deliveries): the
 * merchant API answers a page and `next_before`, the cursor of the older one; the cursors of
 * the newer pages seen are kept, so "Newer" goes back one page. A Lit reactive controller: a
 * move redraws the page, whose task reads `before`.
 *
 * A list whose search is in the page's address keeps its cursor there too (`?before=`), with
 * the newer pages' cursors in the history entry: Back from a payment, or a reload, shows the
 * same page. A cursor typed in without that entry still has a way back: Newer goes to the newest.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { navigate, routeHref } from './router.ts';
import { strings } from './strings.ts';

/** A list in the page's address: its page and the address's query now. */
export interface PagingAddress {
  page: 'payments' | 'callbacks' | 'audit';
  search: () => URLSearchParams;
}

/** The cursor of a newer page; null for the newest (kept as is in a history entry). */
type Cursor = string | null;

/** The newer pages' cursors a history entry holds, when it holds a list of them. */
function newerPagesOf(state: unknown): Cursor[] {
  const pages = (state as { newerPages?: unknown } | null)?.newerPages;
  return Array.isArray(pages) && pages.every((page) => page === null || typeof page === 'string')
    ? pages
    : [];
}

export class Paging implements ReactiveController {
  /** The cursor of the page shown, when the list is not in the address. */
  private cursor: Cursor = null;
  /** The cursors of the newer pages seen, the newest first, when not in the address. */
  private newerPages: Cursor[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly address?: PagingAddress,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** The cursor of the page shown; undefined for the newest. */
  get before(): string | undefined {
    const cursor = this.address ? this.address.search().get('before') : this.cursor;
    return cursor || undefined;
  }

  get hasNewer(): boolean {
    return this.address ? this.before !== undefined : this.newerPages.length > 0;
  }

  private get newerSeen(): Cursor[] {
    return this.address ? newerPagesOf(history.state) : this.newerPages;
  }

  /** To the page older than the one shown, whose cursor the answer gave. */
  older(nextBefore: string): void {
    this.go(nextBefore, [...this.newerSeen, this.before ?? null]);
  }

  /** Back to the page newer than the one shown (the newest when none was seen). */
  newer(): void {
    const pages = [...this.newerSeen];
    this.go(pages.pop() ?? null, pages);
  }

  private go(cursor: Cursor, newerPages: Cursor[]): void {
    if (!this.address) {
      this.cursor = cursor;
      this.newerPages = newerPages;
      this.host.requestUpdate();
      return;
    }
    const search = new URLSearchParams(this.address.search());
    if (cursor) search.set('before', cursor);
    else search.delete('before');
    navigate(routeHref({ page: this.address.page, search }), { state: { newerPages } });
  }

  /**
   * The Newer and Older buttons of a page whose answer gave `nextBefore`; `list` names the list
   * for screen readers where a page has two.
   */
  buttons(nextBefore: string | undefined, list?: string) {
    if (!this.hasNewer && !nextBefore) return nothing;
    const named = (word: string) =>
      list ? html`${word}<span class="visually-hidden"> ${list}</span>` : word;
    return html`<p class="fields">
      ${this.hasNewer ? html`<button class="secondary" @click=${() => this.newer()}>${named(strings.newer)}</button>` : nothing}
      ${nextBefore ? html`<button @click=${() => this.older(nextBefore)}>${named(strings.older)}</button>` : nothing}
    </p>`;
  }
}
