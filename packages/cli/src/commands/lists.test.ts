import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutEvent, invoiceEvent } from '@crypto-pay/test-kit/webhook-events';
import { answerJson, jsonStandIn, runCli, standIn } from '../testing.test-helpers.ts';

// Nothing listens at this address: a command that sent anything would end with exit 1, not 2.
const NOWHERE = ['--proxy', 'http://127.0.0.1:0'];

describe('crypto-pay events and webhook-endpoints: help and usage', () => {
  it('describes each command in its help', async () => {
    const help = await runCli(['--help']);
    assert.match(help.stdout, /events\s+List the proxy's webhook events/);
    assert.match(help.stdout, /webhook-endpoints\s+List, add, rotate, disable, enable and remove/);
    for (const [command, flag] of [
      ['events list', '--after <id>'],
      ['events redeliver', '--json'],
      ['webhook-endpoints list', '--json'],
      // What the proxy's q searches: no product, no free text.
      ['checkouts list', 'checkout id (or its first 4 characters or more), foreign_id or payment'],
      ['webhook-endpoints add', '--events <types>'],
      ['webhook-endpoints rotate', '--grace-seconds <n>'],
      ['webhook-endpoints disable', '--json'],
      ['webhook-endpoints enable', '--json'],
      ['webhook-endpoints remove', 'Remove an endpoint for good'],
      ['webhook-endpoints remove', '--yes'],
    ] as const) {
      const ran = await runCli([...command.split(' '), '--help']);
      assert.equal(ran.code, 0, command);
      // As a reader sees it, whatever the help's wrapping.
      const said = ran.stdout.replace(/\s+/g, ' ');
      assert.ok(said.includes(flag), `${command} --help names ${flag}`);
      assert.doesNotMatch(said, /product/, command);
    }
  });

  it('ends a wrong use with exit 2 before calling the proxy', async () => {
    const cases = [
      [['events', 'redeliver'], /missing required argument 'id'/],
      [['events', 'list', '--limit', '0'], /Give a whole number from 1 to 200/],
      [['checkouts', 'list', '--limit', '201'], /Give a whole number from 1 to 200/],
      // Checked by the proxy's own rule before it is sent: a refusal of the proxy would be exit 1.
      [
        ['webhook-endpoints', 'add', 'ftp://shop.example/hooks'],
        /The url must be an https URL \(http only on a loopback host: 127\.0\.0\.1, ::1, localhost\)\./,
      ],
      [['webhook-endpoints', 'add', 'http://shop.example/hooks'], /The url must be an https URL/],
      [['webhook-endpoints', 'add'], /missing required argument 'url'/],
      [
        ['webhook-endpoints', 'add', 'https://shop.example/hooks', '--events', ' , '],
        /Name at least one event type/,
      ],
      [['webhook-endpoints', 'rotate', 'whe_x', '--grace-seconds', '604801'], /from 0 to 604800/],
      [['webhook-endpoints', 'rotate', 'whe_x', '--grace-seconds', '1.5'], /from 0 to 604800/],
      [['webhook-endpoints', 'disable'], /missing required argument 'id'/],
      [['webhook-endpoints', 'remove'], /missing required argument 'id'/],
      // A blank id would ask for the list's address: the proxy's 404 would say it has no route.
      [['checkouts', 'show', ' '], /invalid for argument 'id'\. Give the id: it is blank\./],
      [['events', 'redeliver', ''], /Give the id: it is blank\./],
      [['webhook-endpoints', 'rotate', ''], /Give the id: it is blank\./],
      // A typo would make an endpoint (or a list) that never sees an event.
      [
        ['webhook-endpoints', 'add', 'https://shop.example/hooks', '--events', 'checkout.payd'],
        /"checkout\.payd" is no event type the proxy writes; did you mean checkout\.paid\?/,
      ],
      [['events', 'list', '--type', 'invoice.confirmd'], /did you mean invoice\.confirmed\?/],
      [
        ['checkouts', 'list', '--status', 'payd'],
        /"payd" is no checkout status; did you mean paid\?/,
      ],
      [
        ['checkouts', 'list', '--status', 'stale'],
        /"stale" is no checkout status; stale checkouts are listed with --stale\./,
      ],
      // The proxy's own bounds of its q, said before anything is sent.
      [
        ['checkouts', 'list', '--search', '  '],
        /The search is blank: give a checkout id \(or its first 4 characters or more\), foreign_id or payment request id\./,
      ],
      [
        ['checkouts', 'list', '--search', 'x'.repeat(256)],
        /The search is 256 characters long; it takes at most 255: a checkout id/,
      ],
      // Not the opposite of what was typed.
      [['checkouts', 'list', '--status', 'unpaid'], /"unpaid" is no checkout status; give one of/],
    ] as const;
    for (const [argv, said] of cases) {
      const ran = await runCli([...argv, ...NOWHERE]);
      assert.equal(ran.code, 2, `${argv.join(' ')}: ${ran.stderr}`);
      assert.match(ran.stderr, said);
      assert.doesNotMatch(ran.stderr, /ECONNREFUSED/);
    }
  });

  it("names an endpoint's source as the merchant API does, and takes the API's largest page", async () => {
    const endpoint = { url: 'https://shop.example/hooks', created_at: 1_800_000_000, status: 'ok' };
    const asked: string[] = [];
    const proxy = await jsonStandIn((url) => {
      asked.push(url);
      if (url.startsWith('/admin/checkouts')) return { status: 200, body: { data: [] } };
      return {
        status: 200,
        body: {
          data: [
            { ...endpoint, id: 'env', source: 'environment' },
            { ...endpoint, id: 'whe_1', source: 'merchant_api' },
          ],
        },
      };
    });
    try {
      const ran = await runCli(['webhook-endpoints', 'list', '--proxy', proxy.url]);
      assert.equal(ran.code, 0, ran.stderr);
      const lines = ran.stdout.trim().split('\n');
      assert.match(lines[0]!, /\sSOURCE$/);
      assert.match(lines[1]!, /^env\s.*\senvironment$/);
      assert.match(lines[2]!, /^whe_1\s.*\smerchant_api$/);
      const page = await runCli(['checkouts', 'list', '--limit', '200', '--proxy', proxy.url]);
      assert.equal(page.code, 0, page.stderr);
      assert.equal(asked.at(-1), '/admin/checkouts?limit=200');
      // The proxy's longest q is sent as it is.
      const longest = 'x'.repeat(255);
      const searched = await runCli([
        'checkouts',
        'list',
        '--search',
        longest,
        '--proxy',
        proxy.url,
      ]);
      assert.equal(searched.code, 0, searched.stderr);
      assert.equal(asked.at(-1), `/admin/checkouts?q=${longest}&limit=20`);
    } finally {
      await proxy.close();
    }
  });

  it('prints one events table, and a More: line that repeats every flag given, --proxy too', async () => {
    const paid = checkoutEvent('order-7', 'paid', 2);
    const confirmed = invoiceEvent('invoice-7', 'confirmed');
    const checkout = { ...paid.data, created_at: 1_800_000_000 };
    // Still waiting long after it expired: its last callback never came.
    const stale = {
      ...paid.data,
      id: 'chk_stale',
      status: 'created',
      created_at: 1_800_000_000,
      stale_since: 1_800_007_200,
    };
    const asked: string[] = [];
    const proxy = await jsonStandIn((url) => {
      asked.push(url);
      if (url.startsWith('/admin/events')) {
        return { status: 200, body: { data: [paid, confirmed], next_after: confirmed.id } };
      }
      const page = url.includes('stale=true') ? [stale] : [checkout];
      return { status: 200, body: { data: page, next_before: page[0]!.id } };
    });
    try {
      const events = await runCli([
        'events',
        'list',
        '--type',
        'checkout.paid',
        '--limit',
        '2',
        '--proxy',
        proxy.url,
        '--token',
        'merchant-admin-token-7',
      ]);
      assert.equal(events.code, 0, events.stderr);
      // The next page is the same proxy's; the token, a secret, is given again, never printed.
      assert.doesNotMatch(events.stdout, /merchant-admin-token-7/);
      const lines = events.stdout.trim().split('\n');
      assert.match(lines[0]!, /^TIME +TYPE +ID +ABOUT$/);
      assert.match(lines[1]!, new RegExp(`checkout\\.paid +${paid.id} +${paid.data.id}$`));
      // A relayed event is about its foreign_id, the merchant's own.
      assert.match(lines[2]!, new RegExp(`invoice\\.confirmed +${confirmed.id} +invoice-7$`));
      assert.equal(
        lines[3],
        `More: crypto-pay events list --proxy ${proxy.url} --type checkout.paid --limit 2 --after ${confirmed.id}`,
      );
      const checkouts = await runCli([
        'checkouts',
        'list',
        '--status',
        'paid',
        '--search',
        "Jo's order",
        '--proxy',
        proxy.url,
      ]);
      assert.equal(checkouts.code, 0, checkouts.stderr);
      assert.match(
        checkouts.stdout,
        new RegExp(
          `\\nMore: crypto-pay checkouts list --proxy ${proxy.url} --status paid --search 'Jo'\\\\''s order' --limit 20 --before ${checkout.id}\\n$`,
        ),
      );
      // The dashboard's "Waiting for payment (stale)": its own filter, and said in the status.
      const stalePage = await runCli(['checkouts', 'list', '--stale', '--proxy', proxy.url]);
      assert.equal(stalePage.code, 0, stalePage.stderr);
      assert.equal(asked.at(-1), '/admin/checkouts?stale=true&limit=20');
      const staleLines = stalePage.stdout.trim().split('\n');
      assert.match(staleLines[1]!, /^chk_stale +created \(stale\) +/);
      assert.equal(
        staleLines[2],
        `More: crypto-pay checkouts list --proxy ${proxy.url} --stale --limit 20 --before chk_stale`,
      );
    } finally {
      await proxy.close();
    }
  });

  it('removes an endpoint only once confirmed: asked on a terminal, --yes without one', async () => {
    const endpoint = {
      id: 'whe_1',
      url: 'https://shop.example/hooks',
      status: 'ok',
      disabled: false,
      created_at: 1_760_000_000,
      source: 'merchant_api',
    };
    const proxy = await standIn((request, response) =>
      request.method === 'DELETE'
        ? response.writeHead(204).end()
        : answerJson(response, 200, { data: [endpoint] }),
    );
    const remove = ['webhook-endpoints', 'remove', 'whe_1', '--proxy', proxy.url];
    try {
      // A script without --yes: a usage error, nothing sent.
      const unasked = await runCli(remove);
      assert.equal(unasked.code, 2, unasked.stderr);
      assert.match(
        unasked.stderr,
        /error: webhook-endpoints remove deletes whe_1 for good and there is no terminal to ask on: add --yes to confirm\.\n$/,
      );
      assert.deepEqual(proxy.seen(), []);

      // On a terminal, by its address; anything but yes keeps it.
      const kept = await runCli(remove, { answer: '' });
      assert.equal(kept.code, 1, kept.stderr);
      assert.match(kept.stderr, /Remove https:\/\/shop\.example\/hooks \(whe_1\)\? \[y\/N\] /);
      assert.match(kept.stderr, /Not removed: whe_1 still receives its webhooks\.\n$/);
      assert.deepEqual(proxy.seen(), ['GET /admin/webhook-endpoints']);

      const removed = await runCli(remove, { answer: 'y' });
      assert.equal(removed.code, 0, removed.stderr);
      assert.equal(removed.stdout, 'Removed whe_1: the proxy sends it nothing more.\n');
      assert.deepEqual(proxy.seen().slice(1), [
        'GET /admin/webhook-endpoints',
        'DELETE /admin/webhook-endpoints/whe_1',
      ]);

      // --yes asks nothing, even on a terminal; --json answers as disable and enable do.
      const confirmed = await runCli([...remove, '--yes', '--json'], { answer: 'n' });
      assert.equal(confirmed.code, 0, confirmed.stderr);
      assert.deepEqual(JSON.parse(confirmed.stdout), { id: 'whe_1', deleted: true });
      assert.doesNotMatch(confirmed.stderr, /\[y\/N\]/);
      assert.deepEqual(proxy.seen().slice(3), ['DELETE /admin/webhook-endpoints/whe_1']);
    } finally {
      await proxy.close();
    }
  });
});
