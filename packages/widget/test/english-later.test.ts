/**
 * The script-tag build (`pnpm test` builds first) on an English page whose proxy cannot serve
 * English's later messages (their chunk, `en-later`): the page hears which part is missing, and
 * the customer still pays and sees how it ended.
 */
import { expect } from '@open-wc/testing';
import type CryptoPay from '../src/components/crypto-pay/crypto-pay.component.ts';
import en from '../src/localize/translations/en.ts';
import { errorOf, fakeProxy, framedPage, waitUntil } from './helpers.ts';

/** A built file's text, by its path in dist/. */
async function built(path: string): Promise<string> {
  const response = await fetch(`/built/${path}`);
  expect(response.status, `${path} is missing: run the build`).to.equal(200);
  return response.text();
}

describe('English’s later messages in the script-tag build', () => {
  it('are in a chunk of their own, not in the form rules’, the pay step’s or the languages’', async () => {
    const main = await built('crypto-pay.bundled.js');
    const locales = await built(
      `chunks/${/["'](locales\.bundled-[\w-]+\.js)["']/.exec(main)?.[1]}`,
    );
    const chunk = async (name: string, from: string) =>
      built(`chunks/${new RegExp(`["'](${name}\\.bundled-[\\w-]+\\.js)["']`).exec(from)?.[1]}`);
    const english = await chunk('en-later', main);
    const rules = await chunk('sender-rules', main);
    const panel = await chunk('payment-panel', main);
    for (const text of [
      'Enter your first name.',
      'Thank you. Your payment has arrived.',
      'Copy link',
    ]) {
      expect(english, text).to.contain(text);
      for (const [name, code] of [
        ['crypto-pay.bundled.js', main],
        ['sender-rules', rules],
        ['payment-panel', panel],
        ['locales', locales],
      ]) {
        expect(code, `${text} in ${name}`).to.not.contain(text);
      }
    }
  });
});

describe('the script-tag build without English’s later messages', () => {
  it('takes the customer to the pay step and its end all the same, and the page hears why', async () => {
    const proxy = await fakeProxy({ missingParts: ['en-later'] });
    const { el, root, heading, untilForm, submit, submitDetails } = await framedPage(proxy.url);
    await untilForm();
    const heard: string[] = [];
    el()?.addEventListener('crypto-pay-error', (event) => {
      heard.push(`${(event as CustomEvent<{ code: string; message: string }>).detail.message}`);
    });
    // The shop keeps the page at the end: the result shows here.
    el()?.addEventListener('crypto-pay-success', (event) => event.preventDefault());
    // Continue with nothing typed: each mistake is said all the same, in the first paint's
    // English (the field's label) and a few words of what to do.
    submit();
    await waitUntil(
      () => el() && errorOf(el() as CryptoPay, 'first_name') === 'First name: required.',
      `no message at first_name ("${el() && errorOf(el() as CryptoPay, 'first_name')}")`,
    );
    expect(errorOf(el() as CryptoPay, 'date_of_birth')).to.equal('Date of birth: required.');
    await submitDetails();

    // The pay step's plain link to the payment page, in the first paint's English.
    await waitUntil(() => heading() === en.payHeading, `no pay step (heading "${heading()}")`);
    const link = () => root()?.querySelector<HTMLAnchorElement>('a.button');
    await waitUntil(() => link()?.href.startsWith('http'), 'no link to the payment page');
    expect(link()?.textContent).to.contain(en.openPaymentPage);
    // Asked again on Continue, and heard (the first time may be over before the form shows).
    const missing = heard.filter((message) => /\/chunks\/en-later\.bundled-/.test(message));
    expect(missing).to.not.be.empty;

    await proxy.setStatus('paid');
    await waitUntil(() => heading() === en.successHeading, `no end (heading "${heading()}")`);
    expect(root()?.textContent).to.not.match(/undefined|[a-z][A-Z][a-z]+Body/);
  });
});

describe('the script-tag build while English’s later messages are on their way', () => {
  it('checks and goes on at Continue without waiting for them', async () => {
    const proxy = await fakeProxy({ hangingParts: ['en-later'] });
    const { el, heading, untilForm, submit, submitDetails } = await framedPage(proxy.url);
    await untilForm();
    // Nothing typed: the mistakes are said at once, in the first paint's English.
    submit();
    await waitUntil(
      () => el() && errorOf(el() as CryptoPay, 'first_name') === 'First name: required.',
      `no message at first_name ("${el() && errorOf(el() as CryptoPay, 'first_name')}")`,
    );
    await submitDetails();
    await waitUntil(() => heading() === en.payHeading, `no pay step (heading "${heading()}")`);
  });
});
