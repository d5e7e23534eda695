import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { checkoutEvent } from '@crypto-pay/test-kit/webhook-events';
import {
  answerJson,
  jsonStandIn,
  runCli,
  STREAM_HEAD,
  standIn,
} from '../../testing.test-helpers.ts';
import { TRIGGER_EVENTS } from './events.ts';

describe('crypto-pay trigger: usage', () => {
  it('lists the events it makes in --help, with the default failure and the stack stale needs', async () => {
    const help = await runCli(['trigger', '--help']);
    assert.equal(help.code, 0);
    for (const event of TRIGGER_EVENTS) assert.match(help.stdout, new RegExp(`\\n  ${event} `));
    assert.match(help.stdout, /--detail late \(the default/);
    // checkout.stale: one line, with the stack on which it comes at once.
    assert.match(
      help.stdout,
      /\n {2}checkout\.stale +no callback reaches the proxy [^\n]+; at once only when you run the sandbox with SANDBOX_CLOCK_SKEW_SECONDS=-700 and the proxy with PAYMENT_LIFETIME_SECONDS=300 STALE_AFTER_SECONDS=1 STALE_SWEEP_INTERVAL_MS=200\n/,
    );
    for (const flag of ['--amount', '--currency', '--product', '--foreign-id', '--session']) {
      assert.ok(help.stdout.includes(flag), flag);
    }
    for (const flag of [
      '--payment-currency',
      '--payment-network',
      '--timeout',
      '--sandbox',
      '--json',
    ]) {
      assert.ok(help.stdout.includes(flag), flag);
    }
  });

  describe('refuses what it cannot do before sending anything', () => {
    let proxy: Awaited<ReturnType<typeof jsonStandIn>>;
    before(async () => {
      proxy = await jsonStandIn(() => ({ status: 500, body: {} }));
    });
    after(() => proxy.close());
    const run = (...args: string[]) => runCli(['trigger', ...args, '--proxy', proxy.url]);

    it('an unknown event is a usage error that lists the known ones', async () => {
      const ran = await run('checkout.refunded');
      assert.equal(ran.code, 2);
      assert.match(ran.stderr, /does not know the event "checkout\.refunded"\./);
      const typo = await run('checkout.payd');
      assert.equal(typo.code, 2);
      assert.match(
        typo.stderr,
        /does not know the event "checkout\.payd"; did you mean checkout\.paid\?/,
      );
      assert.match(
        ran.stderr,
        /Known events: checkout\.created, checkout\.paid, .*withdrawal\.cancelled\./,
      );
    });

    it('a detail that does not go with the event, or flags that contradict each other, exit 2', async () => {
      const cases: [string[], RegExp][] = [
        [['checkout.paid', '--detail', 'underpaid'], /checkout\.paid takes --detail overpaid/],
        [['checkout.expired', '--detail', 'late'], /--detail goes with checkout\.paid/],
        [['checkout.stale', '--detail', 'late'], /--detail goes with checkout\.paid/],
        [['checkout.paid', '--detail', 'soon'], /Allowed choices are underpaid, late, overpaid/],
        [['checkout.paid', '--product', 'kettle', '--amount', '3'], /leave out --amount/],
        [['checkout.paid', '--product', 'kettle', '--foreign-id', 'o-1'], /leave out --foreign-id/],
        [
          ['invoice.confirmed', '--product', 'kettle'],
          /--product goes with checkout events only, not with an invoice\./,
        ],
        [
          ['withdrawal.confirmed', '--payment-currency', 'USDT', '--payment-network', 'tron'],
          /--payment-currency, --payment-network go with checkout events only, not with a withdrawal\./,
        ],
        [['checkout.paid', '--amount', '1e3'], /Give an amount above zero in decimal digits/],
        [['checkout.paid', '--amount', '0.00'], /Give an amount above zero/],
        [['checkout.paid', '--timeout', '0'], /Give a whole number from 1 to 3600/],
        [
          ['checkout.paid', '--sandbox', 'ftp://x'],
          /Give an http or https address with its scheme/,
        ],
        [['checkout.paid', '--amount', '-1'], /Give an amount above zero/],
      ];
      for (const [args, said] of cases) {
        const ran = await run(...args);
        assert.equal(ran.code, 2, `${args.join(' ')}: ${ran.stderr}`);
        assert.match(ran.stderr, said);
      }
      assert.deepEqual(proxy.seen(), []);
    });
  });

  it('refuses a processing service that is not a sandbox, with exit 1', async () => {
    const notSandbox = await jsonStandIn(() => ({ status: 404, body: { error: 'Not found' } }));
    const baseUrl = `${notSandbox.url}/api/v2`;
    const proxy = await jsonStandIn((url) =>
      url === '/admin/processing'
        ? {
            status: 200,
            body: { base_url: baseUrl, payments_base_url: `${notSandbox.url}/api/payments/v1` },
          }
        : { status: 500, body: {} },
    );
    try {
      const ran = await runCli(['trigger', 'checkout.paid', '--proxy', proxy.url]);
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        new RegExp(
          `This proxy's processing service \\(${baseUrl}\\) is not a sandbox: trigger plays payments only in a sandbox\\.`,
        ),
      );
      assert.deepEqual(notSandbox.seen(), ['GET /_sandbox/clock']);
      // Nothing was created: only the processing service's address was read.
      assert.deepEqual(proxy.seen(), ['GET /admin/processing']);
    } finally {
      await proxy.close();
      await notSandbox.close();
    }
  });

  it("with --sandbox still proves the proxy's own service a sandbox, and the given one too", async () => {
    const sandbox = await standIn((_, response) =>
      answerJson(response, 200, { now: 1_800_000_000, offset_seconds: 0 }),
    );
    const notSandbox = await standIn((_, response) => answerJson(response, 404, {}));
    const proxyOver = (service: string) =>
      standIn((request, response) =>
        request.url === '/admin/processing'
          ? answerJson(response, 200, {
              base_url: `${service}/api/v2`,
              payments_base_url: `${service}/api/payments/v1`,
            })
          : answerJson(response, 500, {}),
      );
    // A real service behind the proxy, a sandbox named with --sandbox: refused all the same.
    const overReal = await proxyOver(notSandbox.url);
    // A service this machine cannot reach: nothing proves it is no real one.
    const overUnreachable = await proxyOver('http://127.0.0.1:9');
    // The proxy's sandbox is fine, the address given is not one.
    const overSandbox = await proxyOver(sandbox.url);
    try {
      const real = await runCli([
        'trigger',
        'checkout.paid',
        '--proxy',
        overReal.url,
        '--sandbox',
        sandbox.url,
      ]);
      assert.equal(real.code, 1, real.stderr);
      assert.match(
        real.stderr,
        /This proxy's processing service \(http:\/\/127\.0\.0\.1:\d+\/api\/v2\) is not a sandbox/,
      );
      assert.deepEqual(overReal.seen(), ['GET /admin/processing']);

      const unreachable = await runCli([
        'trigger',
        'invoice.confirmed',
        '--proxy',
        overUnreachable.url,
        '--sandbox',
        sandbox.url,
      ]);
      assert.equal(unreachable.code, 1, unreachable.stderr);
      assert.match(
        unreachable.stderr,
        /http:\/\/127\.0\.0\.1:9 could not be reached from here \([^)]+\)\. trigger must see that http:\/\/127\.0\.0\.1:9\/api\/v2 is a sandbox before it creates anything/,
      );
      assert.deepEqual(overUnreachable.seen(), ['GET /admin/processing']);

      const given = await runCli([
        'trigger',
        'withdrawal.confirmed',
        '--proxy',
        overSandbox.url,
        '--sandbox',
        `${notSandbox.url}/anything`,
      ]);
      assert.equal(given.code, 1, given.stderr);
      assert.match(
        given.stderr,
        new RegExp(
          `The address given with --sandbox \\(${notSandbox.url.replaceAll('.', '\\.')}\\) is not a sandbox`,
        ),
      );
      assert.deepEqual(overSandbox.seen(), ['GET /admin/processing']);
      // Nothing was played anywhere.
      assert.ok(sandbox.seen().every((line) => line === 'GET /_sandbox/clock'));
    } finally {
      await Promise.all(
        [overReal, overUnreachable, overSandbox, sandbox, notSandbox].map((s) => s.close()),
      );
    }
  });

  it('says when the proxy is older than its event stream, with exit 1, before creating anything', async () => {
    const sandbox = await jsonStandIn((url) =>
      url === '/_sandbox/clock'
        ? { status: 200, body: { now: 1_800_000_000, offset_seconds: 0 } }
        : { status: 404, body: {} },
    );
    const proxy = await jsonStandIn((url) =>
      url === '/admin/processing'
        ? {
            status: 200,
            body: {
              base_url: `${sandbox.url}/api/v2`,
              payments_base_url: `${sandbox.url}/api/payments/v1`,
            },
          }
        : url === '/healthz'
          ? { status: 200, body: { status: 'ok' } }
          : { status: 404, body: { error: 'Not found.', code: 'not_found' } },
    );
    try {
      const ran = await runCli(['trigger', 'checkout.paid', '--proxy', proxy.url]);
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        /has no route for GET \/admin\/events\/stream \(404\): its merchant API is off \(it is on once the proxy has an ADMIN_TOKEN\), or the proxy is older than this command line/,
      );
      // The stream of the object's family only.
      assert.deepEqual(proxy.seen(), [
        'GET /admin/processing',
        'GET /admin/events/stream?types=checkout.created,checkout.processing,checkout.paid,checkout.failed,checkout.expired,checkout.stale',
        'GET /healthz',
      ]);
    } finally {
      await proxy.close();
      await sandbox.close();
    }
  });

  describe('against a stand-in proxy and sandbox', () => {
    const paid = checkoutEvent('trigger-stand-in', 'paid', 2);
    /**
     * A sandbox whose control API answers; a proxy that makes `paid.data` and streams by
     * `stream`, which is given `created`: settled once the checkout's create was answered.
     */
    async function stack(
      stream: (
        response: ServerResponse,
        index: number,
        lastId: string | undefined,
        created: Promise<void>,
      ) => void,
    ) {
      let answeredCreate = () => {};
      const created = new Promise<void>((resolve) => {
        answeredCreate = resolve;
      });
      const sandbox = await standIn((request, response) =>
        request.url === '/_sandbox/clock'
          ? answerJson(response, 200, { now: 1_800_000_000, offset_seconds: 0 })
          : answerJson(response, 200, { ok: true }),
      );
      let streams = 0;
      const proxy = await standIn((request, response) => {
        const path = request.url ?? '';
        if (path === '/admin/processing') {
          return answerJson(response, 200, {
            base_url: `${sandbox.url}/api/v2`,
            payments_base_url: `${sandbox.url}/api/payments/v1`,
          });
        }
        if (path.startsWith('/admin/events/stream')) {
          const lastId = request.headers['last-event-id'] as string | undefined;
          return stream(response, streams++, lastId, created);
        }
        if (path === '/api/config') {
          return answerJson(response, 200, {
            payment_currencies: [{ iso: 'BTC', network_name: 'bitcoin' }],
            products: {},
            open_amount: null,
          });
        }
        if (path === '/admin/checkout-sessions') return answerJson(response, 201, { session: 's' });
        if (path === '/api/checkouts') {
          answerJson(response, 201, { id: paid.data.id });
          return answeredCreate();
        }
        return answerJson(response, 200, { ...paid.data, status: 'created', version: 1 });
      });
      return {
        proxy,
        sandbox,
        close: async () => {
          await proxy.close();
          await sandbox.close();
        },
      };
    }

    it('resumes a stream lost while it waits, from the start the proxy named, and gets the event', async () => {
      const { proxy, close } = await stack((response, index, lastId) => {
        response.writeHead(200, STREAM_HEAD);
        // Lost before any event: only the start named by the id line makes the resume exact.
        if (index === 0) response.end('id: evt_000000000000start000\n\n: ready\n\n');
        else if (lastId === 'evt_000000000000start000') {
          response.write(`: ready\n\nid: ${paid.id}\ndata: ${JSON.stringify(paid)}\n\n`);
        } else response.write(': ready\n\n');
      });
      try {
        const ran = await runCli([
          'trigger',
          'checkout.paid',
          '--proxy',
          proxy.url,
          '--timeout',
          '20',
        ]);
        assert.equal(ran.code, 0, ran.stderr);
        assert.match(
          ran.stderr,
          /Lost the proxy's event stream \(the proxy closed it\); reconnecting…/,
        );
        assert.match(ran.stdout, new RegExp(`checkout\\.paid +${paid.id} `));
        assert.match(proxy.seen().at(0)!, /^GET \/admin\/processing$/);
      } finally {
        await close();
      }
    });

    it('says, when no callback brought an event in time, where the sandbox sends them and what to check', async () => {
      const created = checkoutEvent('trigger-stand-in', 'created', 1);
      const ours = { ...created, data: { ...created.data, id: paid.data.id } };
      // The proxy writes checkout.created itself; nothing more comes without the callbacks.
      const { proxy, sandbox, close } = await stack((response, _index, _lastId, created) => {
        response.writeHead(200, STREAM_HEAD);
        response.write(': ready\n\n');
        void created.then(() =>
          response.write(`id: ${ours.id}\ndata: ${JSON.stringify(ours)}\n\n`),
        );
      });
      try {
        const ran = await runCli([
          'trigger',
          'checkout.paid',
          '--proxy',
          proxy.url,
          '--timeout',
          '1',
        ]);
        assert.equal(ran.code, 1, ran.stderr);
        assert.ok(
          ran.stderr.includes(
            `checkout.paid did not arrive within 1 s (arrived: checkout.created). No callback of the sandbox reached the proxy, it seems: the sandbox sends them to its callback address (SANDBOX_CALLBACK_URL, or POST ${sandbox.url}/_sandbox/merchant {"callback_url"}), which must be ${proxy.url}/callbacks/processing as the sandbox reaches it. ${sandbox.url}/_sandbox/callbacks lists each attempt with the proxy's answer`,
          ),
          ran.stderr,
        );
      } finally {
        await close();
      }
    });

    it('prints each event of the object as it comes, and ends with exit 1 when stopped (SIGINT, SIGTERM) before the one asked for', async () => {
      const stop = new AbortController();
      const created = checkoutEvent('trigger-stand-in', 'created', 1);
      const ours = { ...created, data: { ...created.data, id: paid.data.id } };
      const { proxy, sandbox, close } = await stack((response) => {
        response.writeHead(200, STREAM_HEAD);
        response.write(': ready\n\n');
        // Another checkout's event first: not ours, never printed.
        sandboxPlayed.then(() =>
          response.write(
            `id: ${created.id}\ndata: ${JSON.stringify(created)}\n\nid: ${ours.id}x\ndata: ${JSON.stringify({ ...ours, id: `${ours.id}x` })}\n\n`,
          ),
        );
      });
      let played = () => {};
      const sandboxPlayed = new Promise<void>((resolve) => {
        played = resolve;
      });
      let printedRow = false;
      try {
        const running = runCli(['trigger', 'checkout.paid', '--proxy', proxy.url], {
          signal: stop.signal,
          // Stopped only once the row of checkout.created is out: it was printed as it came.
          onStdout: (printed) => {
            if (!printedRow && printed.includes(`${ours.id}x`)) {
              printedRow = true;
              stop.abort();
            }
          },
        });
        await eventually(
          () => sandbox.seen().some((line) => line.startsWith('POST /_sandbox/payment-requests/')),
          'the outcome to be played',
        );
        played();
        const ran = await running;
        assert.equal(ran.code, 1, ran.stderr);
        assert.match(ran.stdout, /^TIME +TYPE +ID +ABOUT\n/);
        assert.doesNotMatch(ran.stdout, new RegExp(`${created.id}\\b`));
        assert.match(
          ran.stderr,
          /Stopped before checkout\.paid arrived \(arrived: checkout\.created\)\./,
        );
        assert.doesNotMatch(ran.stderr, /could not be reached/);
      } finally {
        await close();
      }
    });
  });
});
