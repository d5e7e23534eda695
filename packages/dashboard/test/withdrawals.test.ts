/**
 * `<cp-withdrawals>` in Chromium: the confirmation step takes the focus from Review and gives it
 * back, and "Send it" stays disabled while the withdrawal is on its way (it is sent once); a
 * refusal keeps the confirmation, the focus on the line saying why.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Withdrawals } from '../src/pages/money/withdrawals.ts';
import '../src/pages/money/withdrawals.ts';
import { fakeApi, held, textOf, until } from './fake-api.ts';

const OWNER = { name: 'ann', role: 'owner' };

const fill = (el: Withdrawals, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value = value;
  }
};

const buttonNamed = (el: Withdrawals, word: string) =>
  [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === word);

describe('<cp-withdrawals>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('moves focus to the confirmation, keeps Send it disabled in flight, then back to Review', async () => {
    const answer = held<{ status: number; body: unknown }>();
    api = fakeApi({
      'GET /admin/callbacks': { status: 200, body: { data: [] } },
      'POST /admin/withdrawals': answer.promise,
    });
    const el = await fixture<Withdrawals>(
      html`<cp-withdrawals .account=${OWNER}></cp-withdrawals>`,
    );
    fill(el, {
      amount: '0.5',
      currency: 'BTC',
      address: 'bc1qexample',
      sender_legal_name: 'Shop Ltd',
      sender_country_of_registration: 'EST',
    });
    const review = el.shadowRoot!.querySelector<HTMLButtonElement>('#review')!;
    review.focus();
    review.click();
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.id).to.equal('confirm-heading');
    await expect(el).to.be.accessible();

    buttonNamed(el, 'Send it')!.click();
    await until(() => api.calls.some((call) => call.method === 'POST'), 'the withdrawal sent');
    await el.updateComplete;
    expect(buttonNamed(el, 'Send it')!.disabled).to.equal(true);
    buttonNamed(el, 'Send it')!.click();

    answer.release({ status: 200, body: { data: { id: 'wd_1', status: 'pending' } } });
    await until(() => textOf(el).includes('wd_1'), 'the service’s answer shown');
    expect(api.calls.filter((call) => call.method === 'POST').length).to.equal(1);
    expect(el.shadowRoot!.activeElement?.id).to.equal('review');
  });

  it('goes back from the confirmation with what was typed, and starts empty once sent', async () => {
    api = fakeApi({
      'GET /admin/callbacks': { status: 200, body: { data: [] } },
      'POST /admin/withdrawals': { status: 200, body: { data: { id: 'wd_2', status: 'pending' } } },
    });
    const el = await fixture<Withdrawals>(
      html`<cp-withdrawals .account=${OWNER}></cp-withdrawals>`,
    );
    const typed = {
      amount: '0.25',
      currency: 'BTC',
      address: 'bc1qexample',
      sender_legal_name: 'Shop Ltd',
      sender_country_of_registration: 'EST',
    };
    fill(el, typed);
    const fieldValue = (name: string) =>
      el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value;
    el.shadowRoot!.querySelector<HTMLButtonElement>('#review')!.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('form')!.hidden).to.equal(true);
    buttonNamed(el, 'Change')!.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('form')!.hidden).to.equal(false);
    expect(el.shadowRoot!.activeElement?.id).to.equal('review');
    for (const [name, value] of Object.entries(typed)) expect(fieldValue(name)).to.equal(value);

    el.shadowRoot!.querySelector<HTMLButtonElement>('#review')!.click();
    await el.updateComplete;
    buttonNamed(el, 'Send it')!.click();
    await until(() => textOf(el).includes('wd_2'), 'the service’s answer shown');
    expect(fieldValue('address')).to.equal('');
    expect(fieldValue('amount')).to.equal('');
  });

  it('shows what is sent, and keeps the focus on the refusal when the service says no', async () => {
    api = fakeApi({
      'GET /admin/callbacks': { status: 200, body: { data: [] } },
      'POST /admin/withdrawals': {
        status: 422,
        body: { error: 'Insufficient balance in USDTT.', code: 'insufficient_balance' },
      },
    });
    const el = await fixture<Withdrawals>(
      html`<cp-withdrawals .account=${OWNER}></cp-withdrawals>`,
    );
    fill(el, {
      amount: '99999',
      currency: 'usdtt',
      address: 'TXexample',
      sender_legal_name: 'Shop Ltd',
      sender_country_of_registration: 'EST',
    });
    el.shadowRoot!.querySelector<HTMLButtonElement>('#review')!.click();
    await el.updateComplete;
    // The amount (grouped, so a zero too many shows), its currency, and the company that sends.
    const facts = [...el.shadowRoot!.querySelectorAll('dd')].map((dd) => dd.textContent?.trim());
    expect(facts).to.include.members(['99,999', 'USDTT', 'Shop Ltd']);
    buttonNamed(el, 'Send it')!.click();
    await until(() => textOf(el).includes('Insufficient balance in USDTT.'), 'the refusal');
    await until(
      () => el.shadowRoot!.activeElement?.textContent?.includes('Insufficient balance') === true,
      'the focus on the refusal',
    );
    expect(buttonNamed(el, 'Send it')!.disabled).to.equal(false);
  });
});
