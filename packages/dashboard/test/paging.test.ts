/**
 * The Older and Newer buttons of a paged list, in Chromium: Older goes to the page the answer's
 * `next_before` names, Newer back, and a page with two lists names each for screen readers.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { Paging } from '../src/paging.ts';

/** A list's page: the cursor it shows, and the next one its answer would give. */
class PagedList extends LitElement {
  readonly paging = new Paging(this);
  next: string | undefined = '90';

  override render() {
    return html`<p id="before">${this.paging.before ?? 'newest'}</p>
      ${this.paging.buttons(this.next, 'Failed deliveries')}`;
  }
}
customElements.define('test-paged-list', PagedList);

const button = (el: PagedList, word: string) =>
  [...(el.shadowRoot?.querySelectorAll('button') ?? [])].find((b) =>
    b.textContent?.trim().startsWith(word),
  );

describe('Paging', () => {
  it('goes to the older page and back, each button named for its list', async () => {
    const el = await fixture<PagedList>(html`<test-paged-list></test-paged-list>`);
    expect(button(el, 'Newer')).to.equal(undefined);
    const older = button(el, 'Older');
    expect(older?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Older Failed deliveries');
    older?.click();
    await el.updateComplete;
    expect(el.paging.before).to.equal('90');
    expect(el.shadowRoot?.querySelector('#before')?.textContent).to.equal('90');
    await expect(el).to.be.accessible();
    button(el, 'Newer')?.click();
    await el.updateComplete;
    expect(el.paging.before).to.equal(undefined);
    expect(button(el, 'Newer')).to.equal(undefined);
  });

  it('shows no buttons on the only page', async () => {
    const el = await fixture<PagedList>(
      html`<test-paged-list .next=${undefined}></test-paged-list>`,
    );
    expect(el.shadowRoot?.querySelector('button')).to.equal(null);
  });
});
