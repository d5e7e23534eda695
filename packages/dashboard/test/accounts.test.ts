/**
 * `<cp-accounts>` in Chromium: only an owner gets its forms, a role change the proxy refused
 * leaves the select on the role that is saved, not the one chosen, an owner disabling their
 * own account is told it signs them out before anything is sent, an owner removes another
 * account only once asked (never their own, which has no Remove), and an owner setting someone's
 * new password is asked first, told their sessions end and shown the rules. `<cp-own-account>`:
 * anyone changes their own password with the current one.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Accounts } from '../src/pages/accounts.ts';
import '../src/pages/accounts.ts';
import type { OwnAccount } from '../src/pages/own-account.ts';
import '../src/pages/own-account.ts';
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

  it('asks before removing an account, offers no Remove for one’s own, and says a refusal', async () => {
    let removals = 0;
    api = fakeApi({
      'GET /admin/accounts': {
        status: 200,
        body: {
          data: [
            ...ROWS,
            { name: 'bo', role: 'viewer', created_at: 1_780_000_000, disabled: false },
            { name: 'cy', role: 'owner', created_at: 1_780_000_000, disabled: false },
          ],
        },
      },
      'DELETE /admin/accounts/bo': () => {
        removals += 1;
        return { status: 204 };
      },
      'DELETE /admin/accounts/cy': {
        status: 409,
        body: {
          error: 'This is the last enabled owner: make another account an owner first.',
          code: 'last_owner',
        },
      },
    });
    const el = await fixture<Accounts>(
      html`<cp-accounts .account=${{ name: 'ann', role: 'owner' }}></cp-accounts>`,
    );
    const button = (name: string) =>
      [...el.shadowRoot!.querySelectorAll('button')].find(
        (b) => b.textContent?.trim().replace(/\s+/g, ' ') === name,
      ) as HTMLButtonElement | undefined;
    await until(() => button('Remove bo') !== undefined, 'the accounts listed');
    expect(button('Remove ann')).to.equal(undefined);
    await expect(el).to.be.accessible();

    const remove = button('Remove bo')!;
    remove.click();
    await until(() => textOf(el).includes('Remove the account bo?'), 'asked');
    expect(el.shadowRoot!.activeElement?.id).to.equal('asked');
    expect(textOf(el)).to.contain('They are signed out at once');
    button('Keep it')!.click();
    await until(() => !textOf(el).includes('Remove the account bo?'), 'kept');
    expect(removals).to.equal(0);
    await until(() => el.shadowRoot!.activeElement === remove, 'the focus back on Remove');

    button('Remove bo')!.click();
    await until(() => button('Remove account') !== undefined, 'asked again');
    button('Remove account')!.click();
    await until(() => textOf(el).includes('bo is removed'), 'removed');
    expect(removals).to.equal(1);

    button('Remove cy')!.click();
    await until(() => button('Remove account') !== undefined, 'asked for cy');
    button('Remove account')!.click();
    await until(() => textOf(el).includes('This is the last enabled owner'), 'the refusal said');
  });

  describe('when an owner sets a new password for an account', () => {
    const TWO = {
      status: 200,
      body: {
        data: [...ROWS, { name: 'bo', role: 'viewer', created_at: 1_780_000_000, disabled: false }],
      },
    };
    const button = (el: Accounts, name: string) =>
      [...el.shadowRoot!.querySelectorAll('button')].find(
        (b) => b.textContent?.trim().replace(/\s+/g, ' ') === name,
      ) as HTMLButtonElement;
    const passwordField = (el: Accounts) =>
      el.shadowRoot!.querySelector<HTMLInputElement>('form.notice input[type="password"]');
    const submit = (el: Accounts) =>
      el.shadowRoot!.querySelector<HTMLFormElement>('form.notice')!.requestSubmit();

    it('asks first, saying the sessions end and the rules, and sends only when confirmed', async () => {
      api = fakeApi({
        'GET /admin/accounts': TWO,
        'PATCH /admin/accounts/bo': { status: 200, body: TWO.body.data[1] },
      });
      const el = await fixture<Accounts>(
        html`<cp-accounts .account=${{ name: 'ann', role: 'owner' }}></cp-accounts>`,
      );
      await until(() => button(el, 'Set password bo') !== undefined, 'the accounts listed');
      button(el, 'Set password bo').click();
      await until(() => passwordField(el) != null, 'the question');
      expect(textOf(el)).to.contain('Set a new password for bo? Every session of bo ends at once');
      expect(textOf(el)).to.contain('At least 12 characters');
      await until(
        () => el.shadowRoot!.activeElement === passwordField(el),
        'the focus on the password',
      );
      expect(passwordField(el)?.minLength).to.equal(12);
      await expect(el).to.be.accessible();
      expect(api.calls.filter((call) => call.method === 'PATCH')).to.have.length(0);
      // Kept: nothing sent, the focus back on the button that asked.
      button(el, 'Keep it').click();
      await until(() => passwordField(el) == null, 'kept');
      await until(
        () => el.shadowRoot!.activeElement === button(el, 'Set password bo'),
        'the focus back on Set password',
      );
      button(el, 'Set password bo').click();
      await until(() => passwordField(el) != null, 'asked again');
      passwordField(el)!.value = ' new pass phrase ';
      submit(el);
      await until(() => textOf(el).includes('bo has a new password'), 'set');
      expect(textOf(el)).to.contain('their sessions ended');
      expect(api.calls.filter((call) => call.method === 'PATCH')).to.deep.equal([
        { method: 'PATCH', path: '/admin/accounts/bo', body: { password: ' new pass phrase ' } },
      ]);
      expect(passwordField(el)).to.equal(null);
    });

    it('says why the proxy refused it and keeps the form', async () => {
      api = fakeApi({
        'GET /admin/accounts': TWO,
        'PATCH /admin/accounts/bo': {
          status: 422,
          body: {
            error: 'The password must be at least 12 characters.',
            code: 'invalid_request',
            field: 'password',
          },
        },
      });
      const el = await fixture<Accounts>(
        html`<cp-accounts .account=${{ name: 'ann', role: 'owner' }}></cp-accounts>`,
      );
      await until(() => button(el, 'Set password bo') !== undefined, 'the accounts listed');
      button(el, 'Set password bo').click();
      await until(() => passwordField(el) != null, 'the question');
      passwordField(el)!.value = 'short';
      submit(el);
      await until(() => textOf(el).includes('must be at least 12 characters.'), 'the refusal');
      expect(el.shadowRoot!.querySelector('p.error[role="status"]')).to.not.equal(null);
      expect(passwordField(el)).to.not.equal(null);
    });

    it('tells an owner setting their own that they sign in again', async () => {
      api = fakeApi({ 'GET /admin/accounts': TWO });
      const el = await fixture<Accounts>(
        html`<cp-accounts .account=${{ name: 'ann', role: 'owner' }}></cp-accounts>`,
      );
      await until(() => button(el, 'Set password ann') !== undefined, 'the accounts listed');
      button(el, 'Set password ann').click();
      await until(() => passwordField(el) != null, 'the question');
      expect(textOf(el)).to.contain(
        'Set a new password for your own account, ann? Every session of yours ends at once, this one too',
      );
    });
  });
});

describe('<cp-own-account>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  const fill = (el: OwnAccount, values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      el.shadowRoot!.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value = value;
    }
    el.shadowRoot!.querySelector('form')!.requestSubmit();
  };

  it('changes a viewer’s own password with the current one and says the others were signed out', async () => {
    api = fakeApi({
      'POST /admin/session/password': {
        status: 200,
        body: { account: { name: 'vic', role: 'viewer' }, idle_expires_at: 2e9, expires_at: 2e9 },
      },
    });
    const el = await fixture<OwnAccount>(
      html`<cp-own-account .account=${{ name: 'vic', role: 'viewer' }}></cp-own-account>`,
    );
    expect(textOf(el)).to.contain('You are signed in as vic, with the viewer role.');
    expect(textOf(el)).to.contain('At least 12 characters');
    await expect(el).to.be.accessible();
    fill(el, {
      current_password: 'old pass phrase',
      password: 'new pass phrase',
      repeat: 'new pass phrase!',
    });
    await until(() => textOf(el).includes('differ'), 'the mismatch');
    expect(api.calls).to.have.length(0);
    fill(el, {
      current_password: 'old pass phrase',
      password: 'new pass phrase',
      repeat: 'new pass phrase',
    });
    await until(() => textOf(el).includes('Your password is changed'), 'changed');
    expect(textOf(el)).to.contain(
      'Every other session of your account was signed out; you stay signed in here.',
    );
    expect(api.calls).to.deep.equal([
      {
        method: 'POST',
        path: '/admin/session/password',
        body: { current_password: 'old pass phrase', password: 'new pass phrase' },
      },
    ]);
    // The fields are emptied: no password stays on the page.
    for (const input of el.shadowRoot!.querySelectorAll('input')) expect(input.value).to.equal('');
  });

  it('says so when the current password is wrong', async () => {
    api = fakeApi({
      'POST /admin/session/password': {
        status: 403,
        body: {
          error: 'The current password is wrong: the password is unchanged.',
          code: 'wrong_password',
          field: 'current_password',
        },
      },
    });
    const el = await fixture<OwnAccount>(
      html`<cp-own-account .account=${{ name: 'vic', role: 'viewer' }}></cp-own-account>`,
    );
    fill(el, {
      current_password: 'not it at all',
      password: 'new pass phrase',
      repeat: 'new pass phrase',
    });
    await until(() => textOf(el).includes('The current password is wrong'), 'the refusal');
    expect(el.shadowRoot!.querySelector('p.error')).to.not.equal(null);
  });
});
