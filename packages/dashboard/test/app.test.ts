/**
 * `<cp-dashboard>` in Chromium: a Money page whose chunk cannot load (an old hashed file gone
 * after a redeploy) says so instead of staying blank; the header's "Your account" opens the
 * page where anyone changes their own password.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { Dashboard } from '../src/app.ts';
import { fakeApi, until } from './fake-api.ts';

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
});
