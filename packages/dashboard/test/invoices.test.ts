/**
 * `<cp-invoices>` in Chromium: every invoice made is listed, before any callback, a page at a
 * time, with its link and a Cancel button on each one still open, however old; a made invoice
 * empties the form (a second Create does not make a second invoice) and can be cancelled at once
 * from the list, once the question that follows Cancel is answered.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Invoices } from '../src/pages/money/invoices.ts';
import '../src/pages/money/invoices.ts';
import type { MoneyOperation } from '../src/types.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const field = (el: Invoices, name: string) =>
  el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

const invoice = (foreignId: string, status: string, createdAt = 1_700_000_000): MoneyOperation => ({
  id: createdAt,
  kind: 'invoice',
  object_id: '7',
  foreign_id: foreignId,
  amount: '12.50000000',
  currency: 'EUR',
  status,
  url: `https://pay.example/inv/${foreignId}`,
  created_by: 'otto',
  created_at: createdAt,
  updated_at: createdAt,
});

const buttonNamed = (el: Invoices, word: string) =>
  [...el.shadowRoot!.querySelectorAll('button')].find(
    (b) => b.textContent?.trim().replace(/\s+/g, ' ') === word,
  ) as HTMLButtonElement | undefined;

describe('<cp-invoices>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('lists every invoice made, with its link, and Cancel on each still open, a page at a time', async () => {
    api = fakeApi({
      'GET /admin/money-operations?kind=invoice&limit=50': {
        status: 200,
        body: {
          data: [
            invoice('inv_paid', 'confirmed', 1_700_000_300),
            invoice('inv_seen', 'pending', 1_700_000_200),
            // Made long ago, never opened by the customer: no callback ever came.
            invoice('inv_never_opened', 'created', 1_600_000_000),
          ],
          next_before: '11',
        },
      },
      'GET /admin/money-operations?kind=invoice&limit=50&before=11': {
        status: 200,
        body: { data: [invoice('inv_older', 'created', 1_500_000_000)] },
      },
    });
    const el = await fixture<Invoices>(
      html`<cp-invoices .account=${{ name: 'otto', role: 'operator' }}></cp-invoices>`,
    );
    await until(() => textOf(el).includes('inv_never_opened'), 'the list');
    expect(textOf(el)).not.to.contain('No invoice');
    expect(buttonNamed(el, 'Cancel inv_never_opened')).to.exist;
    expect(buttonNamed(el, 'Cancel inv_seen')).to.exist;
    expect(buttonNamed(el, 'Cancel inv_paid')).to.equal(undefined);
    const links = [...el.shadowRoot!.querySelectorAll('a')].map((a) => a.href);
    expect(links).to.include('https://pay.example/inv/inv_never_opened');
    expect(textOf(el)).to.contain('12.50000000 EUR');
    await expect(el).to.be.accessible();

    buttonNamed(el, 'Older Invoices')!.click();
    await until(() => textOf(el).includes('inv_older'), 'the older page');
    expect(buttonNamed(el, 'Cancel inv_older')).to.exist;
    expect(textOf(el)).not.to.contain('inv_paid');
  });

  it('empties its form once made, and cancels the new invoice from the list once asked', async () => {
    let made = false;
    let cancelled = false;
    api = fakeApi({
      'GET /admin/money-operations': () => ({
        status: 200,
        body: { data: made ? [invoice('inv_ref1', cancelled ? 'cancelled' : 'created')] : [] },
      }),
      'POST /admin/invoices': () => {
        made = true;
        return {
          status: 201,
          body: { data: { url: 'https://pay.example/inv/1', foreign_id: 'inv_ref1' } },
        };
      },
      'POST /admin/invoices/inv_ref1/cancel': () => {
        cancelled = true;
        return { status: 200, body: [] };
      },
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

    const button = (word: string) => buttonNamed(el, word)!;
    await until(() => buttonNamed(el, 'Cancel inv_ref1') !== undefined, 'the new invoice listed');
    const question = 'Cancel the invoice inv_ref1? The customer can no longer pay it';
    // Cancel asks first, with the focus on the question; Keep it sends nothing.
    button('Cancel inv_ref1').click();
    await until(() => textOf(el).includes(question), 'the question');
    expect(el.shadowRoot!.activeElement?.id).to.equal('asked');
    await expect(el).to.be.accessible();
    button('Keep it').click();
    await until(() => !textOf(el).includes(question), 'the question gone');
    await until(
      () => el.shadowRoot!.activeElement === button('Cancel inv_ref1'),
      'the focus back on Cancel',
    );
    expect(api.calls.filter((call) => call.method === 'POST')).to.have.length(1);
    // Escape keeps it too.
    button('Cancel inv_ref1').click();
    await until(() => textOf(el).includes(question), 'the question again');
    el.shadowRoot!.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await until(() => !textOf(el).includes(question), 'the question gone on Escape');
    await until(
      () => el.shadowRoot!.activeElement === button('Cancel inv_ref1'),
      'the focus back on Cancel after Escape',
    );
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
    // Cancelled: listed as such, with no Cancel left.
    await until(() => textOf(el).includes('cancelled'), 'the status cancelled');
    expect(buttonNamed(el, 'Cancel inv_ref1')).to.equal(undefined);
  });
});
