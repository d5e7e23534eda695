/**
 * `<cp-accounts>` in Chromium: only an owner gets its forms, a role change the proxy refused
 * leaves the select on the role that is saved, not the one chosen, and an owner disabling their
 * own account is told it signs them out before anything is sent.
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

  it('asks before disabling an account, saying so when it is the owner’s own', async () => {
    api = fakeApi({
      'GET /admin/accounts': {
        status: 200,
        body: {
          data: [
            ...ROWS,
            { name: 'bo', role: 'viewer', created_at: 1_780_000_000, disabled: false },
          ],
        },
      },
      'PATCH /admin/accounts/bo': { status: 200, body: {} },
    });
    const el = await fixture<Accounts>(
      html`<cp-accounts .account=${{ name: 'ann', role: 'owner' }}></cp-accounts>`,
    );
    const button = (name: string) =>
      [...el.shadowRoot!.querySelectorAll('button')].find(
        (b) => b.textContent?.trim().replace(/\s+/g, ' ') === name,
      ) as HTMLButtonElement;
    await until(() => button('Disable bo') !== undefined, 'the accounts listed');
    button('Disable ann').click();
    await until(() => textOf(el).includes('Disable your own account, ann?'), 'the own question');
    expect(el.shadowRoot!.activeElement?.id).to.equal('asked');
    await expect(el).to.be.accessible();
    button('Keep it').click();
    await until(() => !textOf(el).includes('your own account'), 'kept');
    button('Disable bo').click();
    await until(() => textOf(el).includes('Disable bo? They are signed out at once'), 'asked');
    expect(api.calls.filter((call) => call.method === 'PATCH')).to.have.length(0);
    button('Disable account').click();
    await until(() => textOf(el).includes('bo is disabled'), 'disabled');
    expect(api.calls.find((call) => call.method === 'PATCH')).to.deep.include({
      path: '/admin/accounts/bo',
      body: { disabled: true },
    });
  });
});
