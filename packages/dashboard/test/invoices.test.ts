/**
 * `<cp-invoices>` in Chromium: a made invoice empties the form (a second Create does not make a
 * second invoice) and can be cancelled at once from its notice, before any callback lists it,
 * once the question that follows Cancel is answered.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Invoices } from '../src/pages/money/invoices.ts';
import '../src/pages/money/invoices.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const field = (el: Invoices, name: string) =>
  el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('<cp-invoices>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('empties its form once made, and cancels the new invoice from its notice once asked', async () => {
    api = fakeApi({
      'GET /admin/callbacks': { status: 200, body: { data: [] } },
      'POST /admin/invoices': {
        status: 201,
        body: { data: { url: 'https://pay.example/inv/1', foreign_id: 'inv_ref1' } },
      },
      'POST /admin/invoices/inv_ref1/cancel': { status: 200, body: { data: {} } },
    });
    const el = await fixture<Invoices>(
      html`<cp-invoices .account=${{ name: 'otto', role: 'operator' }}></cp-invoices>`,
    );
    const values: Record<string, string> = {
      title: 'Order 7',
      amount: '12.50',
      currency: 'EUR',
      reference: 'inv_ref1',
      email: 'payer@example.com',
      return_url: 'https://shop.example/thanks',
      payer_first_name: 'Ada',
      payer_last_name: 'Lovelace',
      payer_date_of_birth: '1990-01-02',
    };
    for (const [name, value] of Object.entries(values)) field(el, name).value = value;
    el.shadowRoot!.querySelector('form')!.requestSubmit();
    await until(() => textOf(el).includes('https://pay.example/inv/1'), 'the invoice link');
    expect(field(el, 'title').value).to.equal('');
    expect(field(el, 'reference').value).to.equal('');
    // Nothing guessed for the next one: the dashboard's own address is not the shop's.
    expect(field(el, 'return_url').value).to.equal('');
    await expect(el).to.be.accessible();

    const button = (word: string) =>
      [...el.shadowRoot!.querySelectorAll('.notice button')].find(
        (b) => b.textContent?.trim().replace(/\s+/g, ' ') === word,
      ) as HTMLButtonElement;
    const question = 'Cancel the invoice inv_ref1? The customer can no longer pay it';
    // Cancel asks first, with the focus on the question; Keep it sends nothing.
    button('Cancel inv_ref1').click();
    await until(() => textOf(el).includes(question), 'the question');
    expect(el.shadowRoot!.activeElement?.id).to.equal('asked');
    await expect(el).to.be.accessible();
    button('Keep it').click();
    await until(() => !textOf(el).includes(question), 'the question gone');
    expect(el.shadowRoot!.activeElement).to.equal(button('Cancel inv_ref1'));
    expect(api.calls.filter((call) => call.method === 'POST')).to.have.length(1);
    // Escape keeps it too.
    button('Cancel inv_ref1').click();
    await until(() => textOf(el).includes(question), 'the question again');
    el.shadowRoot!.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await until(() => !textOf(el).includes(question), 'the question gone on Escape');
    expect(el.shadowRoot!.activeElement).to.equal(button('Cancel inv_ref1'));
    button('Cancel inv_ref1').click();
    await until(() => textOf(el).includes(question), 'the question a third time');
    button('Cancel invoice').click();
    await until(() => textOf(el).includes('inv_ref1: Invoice cancelled.'), 'the cancellation');
    // Done, the focus is on the line that says so.
    await until(
      () => el.shadowRoot!.activeElement?.textContent?.includes('Invoice cancelled.') === true,
      'the focus on the result',
    );
    expect(
      api.calls.filter((call) => call.method === 'POST').map((call) => call.path),
    ).to.deep.equal(['/admin/invoices', '/admin/invoices/inv_ref1/cancel']);
    expect(textOf(el)).not.to.contain('https://pay.example/inv/1');
  });
});
