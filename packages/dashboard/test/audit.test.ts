/**
 * `<cp-audit>` in Chromium: an entry about a webhook endpoint names it by its address as the
 * Webhooks page lists it (one no longer listed, by its id), and a detail reads in words.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Audit } from '../src/pages/audit.ts';
import '../src/pages/audit.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const ENTRIES = [
  {
    id: 3,
    at: 1_780_000_200,
    actor: 'olga',
    action: 'event_redelivered',
    target: 'evt_1',
    detail: { deliveries: 1, endpoint_id: 'whe_1' },
  },
  { id: 2, at: 1_780_000_100, actor: 'olga', action: 'endpoint_deleted', target: 'whe_gone' },
  {
    id: 1,
    at: 1_780_000_000,
    actor: 'ann',
    action: 'account_changed',
    target: 'whe_1',
    detail: { role: 'operator', previous_role: 'viewer' },
  },
];

describe('<cp-audit>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('names an endpoint by its address, a deleted one by its id, and writes details in words', async () => {
    api = fakeApi({
      'GET /admin/audit-log': { status: 200, body: { data: ENTRIES } },
      'GET /admin/webhook-endpoints': {
        status: 200,
        body: {
          data: [{ id: 'whe_1', url: 'https://shop.example/hooks', created_at: 1, status: 'ok' }],
        },
      },
    });
    const el = await fixture<Audit>(html`<cp-audit></cp-audit>`);
    await until(() => textOf(el).includes('https://shop.example/hooks'), 'the address');
    // Each cell's text, a detail's lines joined by " | ".
    const rows = [...el.shadowRoot!.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) =>
        cell.querySelector('div')
          ? [...cell.querySelectorAll('div')].map((line) => line.textContent).join(' | ')
          : cell.textContent?.trim(),
      ),
    );
    // The redelivery's endpoint in its detail; the deleted endpoint by its id.
    expect(rows[0]?.[4]).to.equal('Deliveries: 1 | Endpoint: https://shop.example/hooks (whe_1)');
    expect(rows[1]?.[3]).to.equal('whe_gone');
    // Only an endpoint's entries are named so: an account that happens to share an id is not.
    expect(rows[2]?.[3]).to.equal('whe_1');
    expect(rows[2]?.[4]).to.equal('Role: viewer → operator');
    await expect(el).to.be.accessible();
  });
});
