/**
 * Every action of the dashboard by keyboard alone, in Chromium: Tab to reach a control (never a
 * click), Enter or Space to use it, typing to fill a field. Sign in and out, search, copy a
 * payment's id, redeliver; filter the payments with the selects and export them as CSV; add,
 * test, disable, enable, rotate and delete a webhook endpoint; create and cancel an invoice,
 * review a withdrawal, change it, review and send it ("Send it" disabled while it is on its
 * way); filter the callbacks and open a body, filter the audit log; add an account, disable and enable it, and change its role with
 * the select and its "Save role" button (arrow keys in the select save nothing).
 */

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { groupReference } from '@crypto-pay/protocol/reference';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import type { Page } from 'playwright-core';
import { useDashboard } from './dashboard-support.ts';
import { visible } from './support.ts';

const {
  state,
  openDashboard,
  admin,
  adminGet,
  tabTo,
  typeAt,
  account,
  checkoutThatEnded,
  pendingInvoice,
} = useDashboard();

let receiver: WebhookReceiver | undefined;

/** Opens `path` and signs in as an owner made over the bearer API, by keyboard. */
async function signedInByKeyboard(path: string) {
  const owner = await account('owner');
  const visit = await openDashboard(path);
  const { page } = visit;
  await page.waitForURL(/\/dashboard\/sign-in/);
  await typeAt(page, page.getByLabel('Name'), owner.name);
  await typeAt(page, page.getByLabel('Password'), owner.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
  await visible(page.getByText(`${owner.name} (owner)`));
  return { ...visit, owner };
}

/** Tabs to the button named `name` and presses `key` on it. */
async function press(page: Page, name: string | RegExp, key: 'Enter' | ' ' = 'Enter') {
  await tabTo(page, page.getByRole('button', { name, exact: typeof name === 'string' }));
  await page.keyboard.press(key === ' ' ? 'Space' : key);
}

describe('the dashboard by keyboard alone', () => {
  after(() => receiver?.close());
  // An invoice's callback in the log, for the callbacks' filter (each test makes what it uses).
  before(() => pendingInvoice('e2e-keys-log'));

  it('signs in, finds a payment, copies its id, redelivers and signs out', async () => {
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    await eventually(
      async () =>
        (await adminGet(`/admin/checkouts/${checkout.id}/timeline`)).data.some(
          (entry: { kind: string }) => entry.kind === 'event',
        ),
      'the checkout’s first event',
    );
    const { context, page, problems } = await signedInByKeyboard('/dashboard/');
    await typeAt(
      page,
      page.getByLabel('Search by reference, checkout id, foreign_id or payment request id'),
      groupReference(checkout.id),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === groupReference(checkout.id));
    await tabTo(page, page.getByRole('link', { name: groupReference(checkout.id) }));
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: `Payment ${groupReference(checkout.id)}` }));

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await press(page, 'Copy the checkout id', ' ');
    await visible(page.getByText('Copied the checkout id.'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), checkout.id);
    // To every endpoint, asked first: the question takes the focus, its button sends.
    await press(
      page,
      /^Redeliver to (all \d+ endpoints|the 1 endpoint|every endpoint)\b.* \(checkout\.created /,
    );
    await press(page, 'Redeliver to every endpoint');
    await visible(page.getByText(/: Queued for delivery again to \d+ endpoints?\./));

    await press(page, 'Sign out');
    await visible(page.getByRole('heading', { name: 'Sign in', exact: true }));
    assert.equal(await page.evaluate(async () => (await fetch('/admin/session')).status), 401);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('filters the payments with the selects and exports them as CSV', async () => {
    const failed = await checkoutThatEnded('underpaid', 'failed');
    const { context, page, problems } = await signedInByKeyboard('/dashboard/');
    // A select takes the first letters of its option.
    await tabTo(page, page.getByRole('combobox', { name: 'Status', exact: true }));
    await page.keyboard.type('Failed');
    await tabTo(page, page.getByRole('combobox', { name: 'Detail', exact: true }));
    await page.keyboard.type('Underpaid');
    await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('status') === 'failed' &&
        url.searchParams.get('detail') === 'underpaid',
    );
    await visible(page.getByRole('link', { name: groupReference(failed.id) }));

    await tabTo(page, page.getByRole('link', { name: 'Export these as CSV' }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    const rows = (await readFile(await download.path(), 'utf8')).trimEnd().split(/\r?\n/).slice(1);
    assert.ok(rows.some((row) => row.startsWith(`${failed.id},`)));
    assert.deepEqual(
      [...new Set(rows.map((row) => row.split(',').slice(2, 4).join(',')))],
      ['failed,underpaid'],
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('adds a webhook endpoint, tests, disables, enables, rotates and deletes it', async () => {
    receiver = await startWebhookReceiver(`whsec_${Buffer.alloc(24, 5).toString('base64')}`);
    const { url } = receiver;
    const { context, page, problems } = await signedInByKeyboard('/dashboard/webhooks');
    // Refused: said where the focus goes, however far down the page the form is.
    await typeAt(page, page.getByLabel('Address (https)'), 'http://shop.example/hooks');
    await page.keyboard.press('Enter');
    const refusal = page.getByText(/The url must be an https URL/);
    await visible(refusal);
    await eventually(
      () => refusal.evaluate((line) => line.closest('[tabindex]')?.matches(':focus') === true),
      'the focus on the refusal',
    );
    await page.getByLabel('Address (https)').fill('');
    await typeAt(page, page.getByLabel('Address (https)'), url);
    await typeAt(page, page.getByLabel(/^Event types/), 'webhook.test');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('group').filter({ hasText: 'The new signing secret' }));
    // The endpoints' own table (the deliveries name the endpoint's URL too).
    const endpoints = page.getByRole('table', { name: 'Endpoints', exact: true });
    await visible(endpoints.getByRole('cell', { name: url, exact: true }));

    await press(page, `Send test event ${url}`);
    await visible(page.getByText('Test event queued.'));
    await press(page, `Disable ${url}`, ' ');
    await visible(page.getByText(`Disable the endpoint ${url}?`, { exact: false }));
    await press(page, 'Disable endpoint');
    await visible(page.getByText(`Disabled: nothing is sent to ${url}`, { exact: false }));
    await press(page, `Enable ${url}`);
    await visible(page.getByText('Enabled: new events are sent to it again.'));
    await press(page, `Rotate secret ${url}`, ' ');
    await visible(page.getByRole('group').filter({ hasText: 'The new signing secret' }));
    // Asked first, the focus on the question; Keep it sends nothing.
    await press(page, `Delete ${url}`);
    const deleting = page.getByText(`Delete the endpoint ${url}?`);
    await visible(deleting);
    assert.equal(await deleting.evaluate((element) => element.matches(':focus')), true);
    await press(page, 'Keep it');
    await deleting.waitFor({ state: 'detached' });
    await visible(endpoints.getByRole('cell', { name: url, exact: true }));
    await press(page, `Delete ${url}`);
    await press(page, 'Delete endpoint');
    // The focus on the line saying it is done, not lost with the endpoint's row.
    const deleted = page.getByText(`Deleted: nothing more is sent to ${url}.`);
    await visible(deleted);
    await eventually(
      () => deleted.evaluate((line) => line.closest('[tabindex]')?.matches(':focus') === true),
      'the focus on the result line',
    );
    await endpoints.getByRole('cell', { name: url, exact: true }).waitFor({ state: 'detached' });
    const audited = await adminGet('/admin/audit-log?action=endpoint_deleted');
    assert.equal(audited.data.length, 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('creates and cancels an invoice, reviews a withdrawal, changes it and sends it once', async () => {
    const { context, page, problems } = await signedInByKeyboard('/dashboard/money');
    const invoice = page.locator('form', {
      has: page.getByRole('heading', { name: 'Create an invoice' }),
    });
    for (const [label, text] of [
      ['Title (the customer sees it)', 'Order 5'],
      ['Amount', '0.0003'],
      ['Currency code (as in Balances: EUR, BTC, USDTT…)', 'BTC'],
      ['Reference (your foreign_id, optional)', 'e2e-keys-5'],
      ['Customer’s email', 'buyer@example.com'],
      ['Where the customer returns after paying', 'https://shop.example/'],
      ['First name', 'Ann'],
      ['Last name', 'Lee'],
      // A date field takes its digits part by part: month, day, year.
      ['Date of birth', '01021990'],
    ] as const) {
      await typeAt(page, invoice.getByLabel(label, { exact: true }), text);
    }
    await page.keyboard.press('Enter');
    await visible(page.getByText('e2e-keys-5: Done.'));
    await state.control('invoices/e2e-keys-5/simulate', { outcome: 'pending' });
    await eventually(
      async () =>
        (await adminGet('/admin/callbacks?type=invoice&foreign_id=e2e-keys-5')).data.length > 0,
      'the pending invoice’s callback',
    );
    await page.reload();
    await press(page, 'Cancel e2e-keys-5');
    await visible(page.getByText('Cancel the invoice e2e-keys-5?'));
    await press(page, 'Cancel invoice');
    await visible(page.getByText('e2e-keys-5: Invoice cancelled.'));

    const withdrawal = page.locator('form', {
      has: page.getByRole('heading', { name: 'Send a withdrawal' }),
    });
    const review = async (amount: string) => {
      for (const [label, text] of [
        ['Amount', amount],
        ['Currency code (as in Balances: EUR, BTC, USDTT…)', 'BTC'],
        ['Address', 'tb1qexampleaddress000000000000000000000'],
        ['Legal name', 'Demo Shop BV'],
        ['Country of registration (3-letter ISO code, e.g. NLD)', 'NLD'],
      ] as const) {
        const field = withdrawal.getByLabel(label, { exact: true });
        await tabTo(page, field);
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(text);
      }
      await page.keyboard.press('Enter');
    };
    const confirmation = page.getByRole('region', { name: 'Confirm the withdrawal' });
    await review('0.001');
    await visible(confirmation.getByText('0.001', { exact: true }));
    // Change: back to the form, nothing sent.
    await press(page, 'Change');
    await confirmation.waitFor({ state: 'detached' });
    // What was typed is still there to change.
    assert.equal(
      await withdrawal.getByLabel('Address', { exact: true }).inputValue(),
      'tb1qexampleaddress000000000000000000000',
    );
    await review('0.002');
    await visible(confirmation.getByText('0.002', { exact: true }));

    // The service's answer held back by the page: "Send it" stays disabled until it comes.
    const sent: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      void page.route('**/admin/withdrawals', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        sent.push(route.request().postData() ?? '');
        resolve();
        await new Promise<void>((go) => {
          release = go;
        });
        await route.fallback();
      });
    });
    await press(page, 'Send it', ' ');
    await held;
    const sendIt = confirmation.getByRole('button', { name: 'Send it', exact: true });
    assert.equal(await sendIt.isDisabled(), true);
    assert.equal(await confirmation.getByRole('button', { name: 'Change' }).isDisabled(), true);
    release();
    const answer = page.locator('section').filter({ hasText: 'was taken by the service' });
    await visible(
      answer.getByRole('heading', { name: /^Withdrawal \d+ \(.+\) was taken by the service$/ }),
    );
    assert.equal(sent.length, 1, 'sent once');
    assert.match(sent[0] ?? '', /"amount":"?0\.002/);
    await visible(answer.getByText('0.00200000 BTC', { exact: true }).first());
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('filters the callbacks and opens a body, and filters the audit log', async () => {
    const { context, page, problems, owner } = await signedInByKeyboard('/dashboard/callbacks');
    // A select takes the first letters of its option.
    await tabTo(page, page.getByRole('combobox', { name: /^Type/ }));
    await page.keyboard.type('invoice');
    // Enter in a field of the form sends it.
    await tabTo(page, page.getByRole('textbox', { name: 'Object id', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('type') === 'invoice');
    await tabTo(page, page.getByText('Show the body').first());
    await page.keyboard.press('Enter');
    await visible(
      page
        .locator('pre')
        .first()
        .getByText(/"status":/),
    );

    await page.goto(`${state.stack.proxyUrl}/dashboard/audit`);
    await typeAt(page, page.getByLabel('Who', { exact: true }), owner.name);
    const filtered = page.waitForResponse((response) =>
      new URL(response.url()).searchParams.has('actor'),
    );
    await page.keyboard.press('Enter');
    await filtered;
    const who = page.getByRole('table').getByRole('row').locator('td:nth-child(2)');
    await visible(who.first().getByText(owner.name, { exact: true }));
    assert.deepEqual([...new Set(await who.allTextContents())], [owner.name]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('adds an account, disables and enables it', async () => {
    const { context, page, problems } = await signedInByKeyboard('/dashboard/accounts');
    await typeAt(page, page.getByLabel('Name', { exact: true }), 'e2e-keys-viewer');
    await typeAt(page, page.getByLabel(/^Password/), 'a keyboard password');
    await press(page, 'Add');
    await visible(page.getByText('e2e-keys-viewer can sign in now, as viewer.'));
    const row = page.getByRole('row').filter({ hasText: 'e2e-keys-viewer' });
    await visible(row);
    // Asked first: disabling signs them out at once.
    await press(page, 'Disable e2e-keys-viewer', ' ');
    await visible(page.getByText(/^Disable e2e-keys-viewer\? They are signed out at once/));
    await press(page, 'Disable account');
    await visible(page.getByText('e2e-keys-viewer is disabled: signed out, and cannot sign in.'));
    await visible(row.getByRole('button', { name: 'Enable e2e-keys-viewer' }));
    const disabled = async () =>
      ((await adminGet('/admin/accounts')).data as { name: string; disabled: boolean }[]).find(
        (row) => row.name === 'e2e-keys-viewer',
      )?.disabled;
    assert.equal(await disabled(), true);
    await press(page, 'Enable e2e-keys-viewer');
    await visible(page.getByText('e2e-keys-viewer is enabled: they can sign in again.'));
    await visible(row.getByRole('button', { name: 'Disable e2e-keys-viewer' }));
    assert.equal(await disabled(), false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  // Contract C5 (the ui branch): a select labelled "Role for NAME" and a "Save role" button.
  it('changes a role only with its Save role button, never with the select’s arrow keys', async () => {
    const made = await admin('/admin/accounts', 'POST', {
      name: 'e2e-keys-role',
      password: 'a keyboard role password',
      role: 'viewer',
    });
    assert.equal(made.status, 201, await made.text());
    const { context, page, problems } = await signedInByKeyboard('/dashboard/accounts');
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') changes.push(request.url());
    });
    const row = page.getByRole('row').filter({ hasText: 'e2e-keys-role' });
    const role = row.getByLabel('Role for e2e-keys-role');
    await tabTo(page, role);
    assert.equal(await role.inputValue(), 'viewer');
    await page.keyboard.press('ArrowDown');
    assert.equal(await role.inputValue(), 'operator');
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await tabTo(page, row.getByRole('button', { name: /^Save role/ }));
    await page.keyboard.press('Enter');
    assert.equal((await saved).status(), 200);
    // One change sent, by the button: the arrow key sent none before it.
    assert.equal(changes.length, 1);
    const accounts = (await adminGet('/admin/accounts')).data as { name: string; role: string }[];
    assert.equal(accounts.find((a) => a.name === 'e2e-keys-role')?.role, 'operator');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
