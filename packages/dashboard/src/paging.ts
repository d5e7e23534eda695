/**
 * The one way a list goes from page to page (payments, callbacks, audit log): the merchant API
 * answers a page and `next_before`, the cursor of the older one; the cursors of the newer pages
 * seen are kept, so "Newer" goes back one page. A Lit reactive controller: a move redraws the
 * page, whose task reads `before`.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { strings } from './strings.ts';

export class Paging implements ReactiveController {
  /** The cursor of the page shown; undefined for the newest. */
  before: string | undefined;
  /** The cursors of the newer pages seen, the newest first. */
  private newerPages: (string | undefined)[] = [];

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  get hasNewer(): boolean {
    return this.newerPages.length > 0;
  }

  /** To the page older than the one shown, whose cursor the answer gave. */
  older(nextBefore: string): void {
    this.newerPages.push(this.before);
    this.before = nextBefore;
    this.host.requestUpdate();
  }

  /** Back to the page newer than the one shown. */
  newer(): void {
    this.before = this.newerPages.pop();
    this.host.requestUpdate();
  }

  /** To the newest page (the filters changed). */
  reset(): void {
    if (this.before === undefined && this.newerPages.length === 0) return;
    this.before = undefined;
    this.newerPages = [];
    this.host.requestUpdate();
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
