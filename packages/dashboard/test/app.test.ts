/**
 * `<cp-dashboard>` in Chromium: a Money page whose chunk cannot load (an old hashed file gone
 * after a redeploy) says so instead of staying blank; the header's "Your account" opens the
 * page where anyone changes their own password; no section is offered before the session is
 * known; a proxy not reached (no answer, none in time, or a 5xx) is said with a Try again that
 * keeps it said, and the focus, while it asks, and loads the page once it answers; a 404 (no
 * ADMIN_TOKEN) as before.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { Dashboard } from '../src/app.ts';
import { type Answer, fakeApi, held, textOf, until } from './fake-api.ts';

const OWNER_SESSION = {
  status: 200,
  body: { account: { name: 'ann', role: 'owner' }, idle_expires_at: 2e9, expires_at: 2e9 },
};

/** The element the keyboard is on, through the shadow roots it is inside. */
function focused(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

describe('<cp-dashboard>', () => {
  const start = location.href;
  const loadMoney = Dashboard.loadMoney;
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => {
    api.restore();
    Dashboard.loadMoney = loadMoney;
    history.replaceState(null, '', start);
  });

  it('says that the Money page could not load when its chunk is gone', async () => {
    api = fakeApi({
      'GET /admin/session': {
        status: 200,
        body: { account: { name: 'ann', role: 'owner' }, idle_expires_at: 2e9, expires_at: 2e9 },
      },
    });
    Dashboard.loadMoney = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    history.replaceState(null, '', '/dashboard/money');
    const el = await fixture<Dashboard>(html`<cp-dashboard></cp-dashboard>`);
    const alert = () => el.shadowRoot?.querySelector('main [role="alert"]');
    await until(() => alert() != null, 'the failure said');
    expect(alert()?.textContent).to.contain('Failed to fetch dynamically imported module');
    expect(el.shadowRoot?.querySelector('cp-money')).to.equal(null);
  });

  it('links to the signed-in person’s own page from the header, for any role', async () => {
    api = fakeApi({
      'GET /admin/session': {
        status: 200,
        body: { account: { name: 'vic', role: 'viewer' }, idle_expires_at: 2e9, expires_at: 2e9 },
      },
      'GET /admin/checkouts': { status: 200, body: { data: [] } },
      'GET /admin/checkouts/daily': { status: 200, body: { data: [] } },
    });
    history.replaceState(null, '', '/dashboard/');
    const el = await fixture<Dashboard>(html`<cp-dashboard></cp-dashboard>`);
    const link = () => el.shadowRoot?.querySelector<HTMLAnchorElement>('header a');
    await until(() => link() != null, 'the header');
    expect(link()?.textContent?.trim()).to.equal('Your account');
    link()!.click();
    await until(() => el.shadowRoot?.querySelector('cp-own-account') != null, 'the page');
    expect(location.pathname).to.equal('/dashboard/account');
    expect(link()?.getAttribute('aria-current')).to.equal('page');
    expect(document.title).to.equal('Your account · crypto-pay');
  });

  it('offers no section until the session says which the role may open', async () => {
    const session = held<Awaited<Answer>>();
    api = fakeApi({
      'GET /admin/session': session.promise,
      'GET /admin/checkouts': { status: 200, body: { data: [] } },
      'GET /admin/checkouts/daily': { status: 200, body: { data: [] } },
    });
    history.replaceState(null, '', '/dashboard/');
    const el = await fixture<Dashboard>(html`<cp-dashboard></cp-dashboard>`);
    const nav = () => el.shadowRoot?.querySelector('nav');
    expect(textOf(el)).to.contain('Loading…');
    expect(nav() == null, 'no section offered yet').to.equal(true);

    session.release({
      status: 200,
      body: { account: { name: 'vic', role: 'viewer' }, idle_expires_at: 2e9, expires_at: 2e9 },
    });
    await until(() => nav() != null, 'the sections offered');
    const sections = [...nav()!.querySelectorAll('a')].map((link) => link.textContent?.trim());
    expect(sections).to.deep.equal(['Payments', 'Webhooks', 'Money', 'Callbacks']);
  });

  describe('when the proxy cannot be reached', () => {
    /** The session asked for: `first` answers (or fails), then the proxy is back. */
    const opened = async (first: () => Answer, meanwhile?: () => Promise<void>) => {
      let asked = 0;
      api = fakeApi({
        'GET /admin/session': () => (++asked === 1 ? first() : OWNER_SESSION),
        'GET /admin/checkouts': { status: 200, body: { data: [] } },
        'GET /admin/checkouts/daily': { status: 200, body: { data: [] } },
      });
      history.replaceState(null, '', '/dashboard/');
      const el = await fixture<Dashboard>(html`<cp-dashboard></cp-dashboard>`);
      await meanwhile?.();
      const alert = () => el.shadowRoot?.querySelector('main [role="alert"]');
      await until(() => alert() != null, 'the failure said');
      return { el, alert };
    };
    const tryAgain = (el: Dashboard) =>
      [...el.shadowRoot!.querySelectorAll('button')].find(
        (button) => button.textContent?.trim() === 'Try again',
      );

    it('says so when no answer comes, and Try again loads the page once it answers', async () => {
      const { el, alert } = await opened(() => {
        throw new TypeError('Failed to fetch');
      });
      expect(alert()?.textContent).to.equal(
        'The proxy cannot be reached now: no answer came back. It may be restarting, or the network is down: try again in a moment, and if it goes on, check that the proxy is running.',
      );
      expect(textOf(el)).not.to.contain('ADMIN_TOKEN');
      expect(el.shadowRoot?.querySelector('nav')).to.equal(null);
      await expect(el).to.be.accessible();

      tryAgain(el)!.click();
      await until(() => el.shadowRoot?.querySelector('cp-payments') != null, 'the page loaded');
      expect(alert()).to.equal(null);
      expect(el.shadowRoot?.querySelector('nav')).not.to.equal(null);
      expect(api.calls.filter((call) => call.path === '/admin/session')).to.have.length(2);
      // Its data asked for too: the page loads as on a first visit.
      await until(
        () => api.calls.some((call) => call.path.startsWith('/admin/checkouts')),
        'the payments asked for',
      );
      await until(() => focused()?.tagName === 'MAIN', 'the focus on the page');
    });

    it('says a 5xx with its status and the proxy’s words, Try again kept while it lasts', async () => {
      const unavailable = {
        status: 503,
        // Words without their full stop (another proxy's, or a front end's): the sentence ends.
        body: { error: 'The database cannot be reached now', code: 'store_unavailable' },
      };
      const again = held<Awaited<Answer>>();
      let asked = 0;
      api = fakeApi({
        'GET /admin/session': () => (++asked === 1 ? unavailable : again.promise),
      });
      history.replaceState(null, '', '/dashboard/');
      const el = await fixture<Dashboard>(html`<cp-dashboard></cp-dashboard>`);
      const alert = () => el.shadowRoot?.querySelector('main [role="alert"]');
      const main = () => el.shadowRoot!.querySelector('main')!;
      await until(() => alert() != null, 'the failure said');
      expect(alert()?.textContent).to.equal(
        'The proxy is not answering normally now: it answered 503, “The database cannot be reached now.” Try again in a moment, and if it goes on, read the proxy’s log.',
      );
      expect(textOf(el)).not.to.contain('ADMIN_TOKEN');
      expect(textOf(el)).not.to.contain('restarting');
      expect(textOf(el)).not.to.contain('cannot be reached now: it answered');

      tryAgain(el)!.focus();
      tryAgain(el)!.click();
      await until(() => asked === 2, 'asked again');
      await el.updateComplete;
      // While it asks: still said, Try again disabled where it was, the keyboard still on it
      // (its look settled: a disabled button would lose it once the page is drawn).
      const said = alert();
      expect(said?.textContent).to.contain('it answered 503');
      expect(tryAgain(el)?.getAttribute('aria-disabled')).to.equal('true');
      expect(main().getAttribute('aria-busy')).to.equal('true');
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      expect(focused() === tryAgain(el), 'the focus on Try again').to.equal(true);
      await expect(el).to.be.accessible();
      tryAgain(el)!.click();
      expect(asked, 'not asked twice at once').to.equal(2);

      again.release({ status: 502 });
      await until(() => !tryAgain(el)?.hasAttribute('aria-disabled'), 'Try again back');
      // Still down: said anew (announced), the keyboard still on Try again, to press it later.
      expect(alert() !== said, 'a new alert').to.equal(true);
      expect(alert()?.textContent).to.equal(
        'The proxy is not answering normally now: it answered 502. Try again in a moment, and if it goes on, read the proxy’s log.',
      );
      expect(main().hasAttribute('aria-busy')).to.equal(false);
      expect(focused() === tryAgain(el), 'the focus on Try again').to.equal(true);
    });

    it('says a proxy that takes the call but never answers as not reached, after 10 s', async () => {
      // The session's timer, run by the test: no waiting for 10 real seconds.
      const timeout = AbortSignal.timeout;
      const timers: { ms: number; controller: AbortController }[] = [];
      AbortSignal.timeout = (ms) => {
        const controller = new AbortController();
        timers.push({ ms, controller });
        return controller.signal;
      };
      try {
        const { el, alert } = await opened(
          () => new Promise<never>(() => {}),
          async () => {
            await until(() => timers.length === 1, 'the session timed');
            expect(timers[0]!.ms).to.equal(10_000);
            timers[0]!.controller.abort(new DOMException('signal timed out', 'TimeoutError'));
          },
        );
        expect(alert()?.textContent).to.equal(
          'The proxy cannot be reached now: no answer came back. It may be restarting, or the network is down: try again in a moment, and if it goes on, check that the proxy is running.',
        );
        expect(textOf(el)).not.to.contain('ADMIN_TOKEN');

        tryAgain(el)!.click();
        await until(() => el.shadowRoot?.querySelector('cp-payments') != null, 'the page loaded');
      } finally {
        AbortSignal.timeout = timeout;
      }
    });

    it('keeps saying a 404 is the merchant API off (no ADMIN_TOKEN), with no Try again', async () => {
      const { el, alert } = await opened(() => ({
        status: 404,
        body: { error: 'Not found.', code: 'not_found' },
      }));
      expect(textOf(el)).to.contain('The dashboard cannot sign in here');
      expect(textOf(el)).to.contain(
        'The dashboard needs the proxy’s merchant API, which is on only when the proxy has an ADMIN_TOKEN. The proxy answered:',
      );
      expect(alert()?.textContent).to.equal('Not found.');
      expect(tryAgain(el)).to.equal(undefined);
    });
  });
});
