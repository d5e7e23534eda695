/**
 * The Older and Newer buttons of a paged list, in Chromium: how they are named and drawn, and,
 * for a list in the page's address, the cursor kept in the address and the newer pages in the
 * history entry, so Back and a reload show the page the merchant was on. (The cursor logic of
 * a list kept in memory is tested in Node: src/paging.test.ts.)
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
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

/** The same list in the address, redrawn on navigation as the app's shell does. */
class AddressList extends PagedList {
  override readonly paging = new Paging(this, {
    page: 'callbacks',
    search: () => new URLSearchParams(location.search),
  });
  private readonly onPopState = () => this.requestUpdate();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('popstate', this.onPopState);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('popstate', this.onPopState);
    super.disconnectedCallback();
  }
}
customElements.define('test-address-list', AddressList);

const button = (el: PagedList, word: string) =>
  [...(el.shadowRoot?.querySelectorAll('button') ?? [])].find((b) =>
    b.textContent?.trim().startsWith(word),
  );

describe('Paging', () => {
  it('names each button for its list, and is accessible', async () => {
    const el = await fixture<PagedList>(html`<test-paged-list></test-paged-list>`);
    expect(button(el, 'Newer')).to.equal(undefined);
    const older = button(el, 'Older');
    expect(older?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Older Failed deliveries');
    older?.click();
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('#before')?.textContent).to.equal('90');
    expect(button(el, 'Newer')).not.to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('shows no buttons on the only page', async () => {
    const el = await fixture<PagedList>(
      html`<test-paged-list .next=${undefined}></test-paged-list>`,
    );
    expect(el.shadowRoot?.querySelector('button')).to.equal(null);
  });

  describe('when the list is in the address', () => {
    const start = location.href;
    afterEach(() => history.replaceState(null, '', start));

    const press = async (el: PagedList, word: string) => {
      const moved = oneEvent(window, 'popstate');
      button(el, word)?.click();
      await moved;
      await el.updateComplete;
    };

    it('keeps the cursor beside the search, and Back shows the page it was on', async () => {
      history.replaceState(null, '', '/dashboard/callbacks?type=invoice');
      const el = await fixture<AddressList>(html`<test-address-list></test-address-list>`);
      await press(el, 'Older');
      expect(location.pathname + location.search).to.equal(
        '/dashboard/callbacks?type=invoice&before=90',
      );
      el.next = '40';
      el.requestUpdate();
      await el.updateComplete;
      await press(el, 'Older');
      expect(location.search).to.equal('?type=invoice&before=40');
      await press(el, 'Newer');
      expect(location.search).to.equal('?type=invoice&before=90');
      expect(el.shadowRoot?.querySelector('#before')?.textContent).to.equal('90');

      const back = oneEvent(window, 'popstate');
      history.back();
      await back;
      await el.updateComplete;
      expect(el.paging.before).to.equal('40');
      await press(el, 'Newer');
      await press(el, 'Newer');
      expect(location.search).to.equal('?type=invoice');
      expect(button(el, 'Newer')).to.equal(undefined);
    });

    it('goes Newer to the newest page from a cursor typed in (no pages seen before)', async () => {
      history.replaceState(null, '', '/dashboard/callbacks?status=paid&before=77');
      const el = await fixture<AddressList>(html`<test-address-list></test-address-list>`);
      expect(el.shadowRoot?.querySelector('#before')?.textContent).to.equal('77');
      await press(el, 'Newer');
      expect(location.search).to.equal('?status=paid');
    });
  });
});
