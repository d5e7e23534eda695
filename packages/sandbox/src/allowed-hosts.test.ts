import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { send } from '@crypto-pay/test-kit/http';
import { paymentRequest } from '@crypto-pay/test-kit/processing-requests';
import { sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';
import { createSandbox } from './app.ts';
import { startSandbox } from './server.ts';

/** A page's POST of `body` to the sandbox's socket at `url`, addressed to `host`. */
const postAs = (url: string, host: string, body: string, contentType: string) =>
  send(url, {
    method: 'POST',
    headers: {
      Host: host,
      // What the browser sends for the rebound page's own request: it believes it is at home.
      Origin: `http://${host}`,
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': contentType,
    },
    body,
  });

describe('DNS rebinding: a page whose name is re-pointed at 127.0.0.1', () => {
  test('is refused (421) on the control API, the hosted page and the dashboard; nothing changes', async (t) => {
    const running = await startSandbox({ callbackUrl: 'http://127.0.0.1:9/callbacks' });
    t.after(() => running.close());
    const { port } = new URL(running.url);
    const rebound = `rebind.evil:${port}`;
    const driver = sandboxDriver(running.url, running, (url, request) => send(url, request));
    const created = await driver.payments('/requests', paymentRequest());
    assert.equal(created.status, 200, created.text);
    const { id, payment_link } = (created.json as { data: { id: string; payment_link: string } })
      .data;
    const record = () => running.sandbox.store.paymentRequests.get(id)!;

    const attacks = [
      [`/_sandbox/payment-requests/${id}/simulate`, '{"outcome":"paid"}', 'application/json'],
      ['/_sandbox/merchant', '{"callback_url":"http://rebind.evil/hook"}', 'application/json'],
      [
        new URL(payment_link).pathname,
        'currency=BTC&outcome=paid',
        'application/x-www-form-urlencoded',
      ],
    ] as const;
    for (const [path, body, type] of attacks) {
      const answer = await postAs(`${running.url}${path}`, rebound, body, type);
      assert.equal(answer.status, 421, `${path}: ${answer.text}`);
      assert.deepEqual(answer.json, {
        error:
          'The sandbox answers only requests addressed to localhost, an IP address or a host of SANDBOX_ALLOWED_HOSTS, not to "rebind.evil".',
        code: 'host_not_allowed',
      });
    }
    for (const path of ['/_sandbox/', '/_sandbox/callbacks', new URL(payment_link).pathname]) {
      const read = await send(`${running.url}${path}`, { headers: { Host: rebound } });
      assert.equal(read.status, 421, `GET ${path}`);
    }
    assert.equal(record().status, 'created');
    assert.equal(running.sandbox.store.merchant.callbackUrl, 'http://127.0.0.1:9/callbacks');

    // The same page at the sandbox's real addresses: its buttons and the control API work.
    const [control, , button] = attacks;
    const pressed = await postAs(
      `${running.url}${button[0]}`,
      `localhost:${port}`,
      button[1],
      button[2],
    );
    assert.equal(pressed.status, 303, pressed.text);
    assert.equal(record().status, 'paid');
    const moved = await postAs(
      `${running.url}/_sandbox/clock`,
      `127.0.0.1:${port}`,
      '{"advance_seconds":1}',
      control[2],
    );
    assert.equal(moved.status, 200, moved.text);
  });
});

describe('the hosts the sandbox answers to', () => {
  const status = async (sandbox: ReturnType<typeof createSandbox>, host: string) =>
    (await sandbox.app.request(`http://${host}/_sandbox/clock`)).status;

  test('localhost and any IP address (nothing to rebind); no other name by default', async (t) => {
    const sandbox = createSandbox();
    t.after(() => sandbox.close());
    for (const host of [
      'localhost',
      'LOCALHOST:8790',
      '127.0.0.1',
      '127.8.9.10:1',
      '[::1]:8790',
      '10.89.0.1',
      '0.0.0.0',
    ]) {
      assert.equal(await status(sandbox, host), 200, host);
    }
    for (const host of [
      'rebind.evil',
      'localhost.rebind.evil',
      '127.0.0.1.nip.io',
      'sandbox',
      'app.localhost',
      'localhost.',
    ]) {
      assert.equal(await status(sandbox, host), 421, host);
    }
  });

  test('the name it listens on and the names of allowedHosts, and only those', async (t) => {
    const sandbox = createSandbox({
      host: 'My-Box.lan',
      allowedHosts: ['sandbox', 'Sandbox.Internal'],
    });
    t.after(() => sandbox.close());
    for (const host of ['my-box.lan', 'sandbox:8790', 'sandbox.internal']) {
      assert.equal(await status(sandbox, host), 200, host);
    }
    for (const host of ['other.lan', 'sandbox.evil', 'evil.sandbox']) {
      assert.equal(await status(sandbox, host), 421, host);
    }
  });

  test('the processing API too: a signed call to another name is refused before it is read', async (t) => {
    const sandbox = createSandbox();
    t.after(() => sandbox.close());
    const call = (origin: string) =>
      sandboxDriver(origin, sandbox.options, async (url, init) =>
        sandbox.app.request(url, init),
      ).payments('/requests', paymentRequest());
    assert.equal((await call('http://rebind.evil:8790')).status, 421);
    assert.equal(sandbox.store.paymentRequests.size, 0);
    assert.equal((await call('http://127.0.0.1:8790')).status, 200);
  });

  test('a bad name in allowedHosts is refused at start-up', () => {
    for (const name of ['sandbox:8790', 'http://sandbox', '*.example', '']) {
      assert.throws(() => createSandbox({ allowedHosts: [name] }), RangeError, name);
    }
  });
});
