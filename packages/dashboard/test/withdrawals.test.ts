/**
 * `<cp-withdrawals>` in Chromium: the confirmation step takes the focus from Review and gives it
 * back, and "Send it" stays disabled while the withdrawal is on its way (it is sent once); a
 * refusal keeps the confirmation, the focus on the line saying why; the service's answer is
 * said in words; money sent back for a payment names it, and who receives it is chosen, never
 * assumed; every withdrawal sent is listed.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Withdrawals } from '../src/pages/money/withdrawals.ts';
import '../src/pages/money/withdrawals.ts';
import { fakeApi, held, textOf, until } from './fake-api.ts';

const OWNER = { name: 'ann', role: 'owner' };

/** The service's answer to a withdrawal of `amount` BTC (a fee of 0.0001 taken on top). */
const taken = (id: number, foreignId: string, amount = '0.50000000') => ({
  data: {
    id,
    foreign_id: foreignId,
    end_user_reference: foreignId,
    type: 'withdrawal',
    status: 'processing',
    amount,
    sender_amount: '0.50010000',
    sender_currency: 'BTC',
    receiver_currency: 'BTC',
    receiver_amount: amount,
  },
});

const NO_WITHDRAWALS = { status: 200, body: { data: [] } };

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
      'GET /admin/money-operations': NO_WITHDRAWALS,
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

    answer.release({ status: 201, body: taken(501, 'wd_1') });
    await until(() => textOf(el).includes('wd_1'), 'the service’s answer shown');
    // In words, not the service's JSON.
    expect(textOf(el)).to.contain('Withdrawal 501 (wd_1) was taken by the service');
    const facts = [...el.shadowRoot!.querySelectorAll('dd')].map((dd) => dd.textContent?.trim());
    expect(facts).to.include.members(['processing', '0.50000000 BTC', '0.50010000 BTC']);
    expect(textOf(el)).not.to.contain('"status"');
    expect(api.calls.filter((call) => call.method === 'POST').length).to.equal(1);
    expect(el.shadowRoot!.activeElement?.id).to.equal('review');
  });

  it('goes back from the confirmation with what was typed, and starts empty once sent', async () => {
    api = fakeApi({
      'GET /admin/money-operations': NO_WITHDRAWALS,
      'POST /admin/withdrawals': { status: 201, body: taken(502, 'wd_2', '0.25000000') },
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
      'GET /admin/money-operations': NO_WITHDRAWALS,
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
    // The network the code sends on, too.
    expect(facts).to.include.members(['99,999', 'USDTT', 'USDT on Tron', 'Shop Ltd']);
    buttonNamed(el, 'Send it')!.click();
    await until(() => textOf(el).includes('Insufficient balance in USDTT.'), 'the refusal');
    await until(
      () => el.shadowRoot!.activeElement?.textContent?.includes('Insufficient balance') === true,
      'the focus on the refusal',
    );
    expect(buttonNamed(el, 'Send it')!.disabled).to.equal(false);
  });

  it('sends a payment’s money back to whom the staff choose, naming the payment', async () => {
    api = fakeApi({
      'GET /admin/money-operations': NO_WITHDRAWALS,
      'POST /admin/withdrawals': { status: 201, body: taken(503, 'refund_chk123', '0.0004') },
    });
    const prefill = new URLSearchParams({
      amount: '0.0004',
      currency: 'BTC',
      refund_of: 'chk123',
      reference: 'refund_chk123',
    });
    const el = await fixture<Withdrawals>(
      html`<cp-withdrawals .account=${OWNER} .prefill=${prefill}></cp-withdrawals>`,
    );
    expect(textOf(el)).to.contain('sends money back for the payment');
    // Nobody is chosen for the staff: not "Your own wallet", and not sent until one is chosen.
    const receiver = el.shadowRoot!.querySelector<HTMLSelectElement>('[name="receiver_type"]')!;
    expect(receiver.value).to.equal('');
    expect([...receiver.options].map((option) => option.value)).to.deep.equal([
      '',
      'natural',
      'legal',
    ]);
    fill(el, {
      address: 'bc1qcustomer',
      sender_legal_name: 'Shop Ltd',
      sender_country_of_registration: 'EST',
    });
    const form = el.shadowRoot!.querySelector('form')!;
    expect(form.checkValidity()).to.equal(false);
    receiver.value = 'natural';
    receiver.dispatchEvent(new Event('change'));
    await el.updateComplete;
    fill(el, {
      receiver_first_name: 'Ada',
      receiver_last_name: 'Lovelace',
      receiver_date_of_birth: '1990-01-02',
    });
    el.shadowRoot!.querySelector<HTMLButtonElement>('#review')!.click();
    await el.updateComplete;
    const facts = [...el.shadowRoot!.querySelectorAll('dd')].map((dd) => dd.textContent?.trim());
    expect(facts).to.include.members(['0.0004', 'BTC', 'BTC on Bitcoin', 'A person']);
    expect(facts).not.to.include('Your own wallet');
    await expect(el).to.be.accessible();
    buttonNamed(el, 'Send it')!.click();
    await until(() => textOf(el).includes('Withdrawal 503'), 'the service’s answer');
    const [sent] = api.calls.filter((call) => call.method === 'POST');
    expect(sent!.body).to.include({
      foreign_id: 'refund_chk123',
      refund_of: 'chk123',
      receiver_type: 'natural',
    });
    const links = [...el.shadowRoot!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).to.include('/dashboard/payments/chk123');
  });

  it('lists every withdrawal sent, with the payment a refund pays back', async () => {
    api = fakeApi({
      'GET /admin/money-operations?kind=withdrawal&limit=50': {
        status: 200,
        body: {
          data: [
            {
              id: 9,
              kind: 'withdrawal',
              object_id: '77',
              foreign_id: 'refund_chk123',
              amount: '0.00040000',
              currency: 'BTC',
              status: 'processing',
              created_by: 'ann',
              refund_of: 'chk123',
              created_at: 1_700_000_000,
              updated_at: 1_700_000_000,
            },
          ],
        },
      },
    });
    const el = await fixture<Withdrawals>(
      html`<cp-withdrawals .account=${{ name: 'vic', role: 'viewer' }}></cp-withdrawals>`,
    );
    await until(() => textOf(el).includes('refund_chk123'), 'the list');
    expect(textOf(el)).to.contain('0.00040000 BTC');
    expect(textOf(el)).to.contain('processing');
    const links = [...el.shadowRoot!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).to.include('/dashboard/payments/chk123');
    await expect(el).to.be.accessible();
  });
});
