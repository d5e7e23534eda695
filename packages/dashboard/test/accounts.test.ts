/**
 * `<cp-accounts>` in Chromium: only an owner gets its forms, and a role change the proxy refused
 * leaves the select on the role that is saved, not the one chosen.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Accounts } from '../src/pages/accounts.ts';
import '../src/pages/accounts.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const ROWS = [{ name: 'ann', role: 'owner', created_at: 1_780_000_000, disabled: false }];

describe('<cp-accounts>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('shows a viewer or an operator only that the role does not allow it', async () => {
    api = fakeApi({ 'GET /admin/accounts': { status: 200, body: { data: ROWS } } });
    for (const role of ['viewer', 'operator']) {
      const el = await fixture<Accounts>(
        html`<cp-accounts .account=${{ name: 'val', role }}></cp-accounts>`,
      );
      expect(textOf(el)).to.contain('Your role does not allow this.');
      expect(el.shadowRoot?.querySelectorAll('form, button, select').length).to.equal(0);
      await expect(el).to.be.accessible();
    }
  });

  it('puts the saved role back in the select when the proxy refuses the change', async () => {
    api = fakeApi({
      'GET /admin/accounts': { status: 200, body: { data: ROWS } },
      'PATCH /admin/accounts/ann': {
        status: 409,
        body: { error: 'The last owner keeps the owner role.', code: 'last_owner' },
      },
    });
    const el = await fixture<Accounts>(
      html`<cp-accounts .account=${{ name: 'ann', role: 'owner' }}></cp-accounts>`,
    );
    const select = () => el.shadowRoot?.querySelector<HTMLSelectElement>('select[aria-label]');
    await until(() => select() != null, 'the accounts listed');
    await expect(el).to.be.accessible();
    select()!.value = 'operator';
    const save = [...el.shadowRoot!.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Save role'),
    );
    save?.click();
    await until(() => textOf(el).includes('The last owner keeps'), 'the refusal shown');
    expect(api.calls.at(-1)).to.deep.include({ method: 'PATCH', body: { role: 'operator' } });
    expect(select()?.value).to.equal('owner');
  });
});
