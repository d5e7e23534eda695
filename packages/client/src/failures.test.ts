/**
 * When things go wrong: the service refuses (4xx), fails (5xx), is slow, unreachable, drops the
 * connection or answers nonsense; and which of those the client retries.
 */

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { signBodySync } from '@crypto-pay/protocol/node';
import { ProcessingApiError, ProcessingUnavailableError } from './errors.ts';
import {
  balancesAnswer,
  invoiceAnswer,
  invoiceInput,
  paymentRequestInput,
  transactionAnswer,
  withdrawalInput,
} from './fixtures.test-helpers.ts';
import {
  clientFor,
  closedPort,
  type RecordingServer,
  SIGNING_SECRET,
  startRecordingServer,
} from './recording-server.test-helpers.ts';
import type { RetryEvent } from './retry.ts';

// A fresh server per test, so a request cut off in one test can never land in the next.
let server: RecordingServer;
beforeEach(async () => {
  server = await startRecordingServer();
});
afterEach(() => server.close());

function unavailable(
  expected: Partial<
    Pick<ProcessingUnavailableError, 'reason' | 'status' | 'mayHaveReachedService'>
  >,
) {
  return (error: unknown) => {
    assert.ok(error instanceof ProcessingUnavailableError, String(error));
    for (const [key, value] of Object.entries(expected)) {
      assert.equal(error[key as keyof typeof expected], value, key);
    }
    assert.doesNotMatch(error.message, new RegExp(SIGNING_SECRET));
    return true;
  };
}

describe('4xx answers', () => {
  test('a 403 error body becomes a ProcessingApiError with status, code and text', async () => {
    const body = { error: 'Bad signature header', code: 'bad_header_signature' };
    server.reply({ status: 403, json: body });
    await assert.rejects(clientFor(server.origin).createInvoice(invoiceInput('1')), (error) => {
      assert.ok(error instanceof ProcessingApiError);
      assert.equal(error.status, 403);
      assert.equal(error.code, 'bad_header_signature');
      assert.equal(error.message, 'Bad signature header');
      assert.deepEqual(error.body, body);
      return true;
    });
  });

  test('a 422 keeps its integer code and exact text; reads are not retried on it', async () => {
    server.reply({ status: 422, json: { error: 'The minimum amount is 1.00 EUR.', code: 422 } });
    await assert.rejects(
      clientFor(server.origin).createPaymentRequest(paymentRequestInput),
      (error: unknown) =>
        error instanceof ProcessingApiError &&
        error.code === 422 &&
        error.message === 'The minimum amount is 1.00 EUR.',
    );
    server.reply({ status: 403, json: { error: 'Merchant is disabled.', code: 403 } });
    await assert.rejects(
      clientFor(server.origin).listBalances(),
      (error: unknown) => error instanceof ProcessingApiError && error.code === 403,
    );
    assert.equal(server.requests.length, 2);
  });

  test('a 4xx without an error body is a malformed response', async () => {
    server.reply({ status: 404, text: '<html>Not Found</html>' });
    await assert.rejects(
      clientFor(server.origin).listCurrencies(),
      unavailable({ reason: 'malformed_response', status: 404, mayHaveReachedService: true }),
    );
    assert.equal(server.requests.length, 1);
  });
});

describe('5xx answers', () => {
  test('a create fails at once with server_error, having reached the service', async () => {
    server.reply({ status: 503, json: { error: 'Maintenance', code: 503 } });
    await assert.rejects(
      clientFor(server.origin).createWithdrawal(withdrawalInput),
      unavailable({ reason: 'server_error', status: 503, mayHaveReachedService: true }),
    );
    assert.equal(server.requests.length, 1);
  });

  test('a read is retried with backoff and succeeds when the service recovers', async () => {
    server.reply({ status: 502, text: 'Bad Gateway' }, { status: 500, json: {} });
    server.reply({ status: 200, json: balancesAnswer });
    const retries: RetryEvent[] = [];
    const client = clientFor(server.origin, {
      retry: {
        attempts: 3,
        baseDelayMs: 2,
        maxDelayMs: 3,
        onRetry: (event) => void retries.push(event),
      },
    });
    assert.deepEqual(await client.listBalances(), balancesAnswer.data);
    assert.equal(server.requests.length, 3);
    // Each attempt is signed again over the same bytes.
    for (const request of server.requests) {
      assert.equal(request.headers['x-processing-signature'], signBodySync(SIGNING_SECRET, '{}'));
    }
    assert.deepEqual(
      retries.map(({ operation, attempt, error }) => [operation, attempt, error.status]),
      [
        ['listBalances', 1, 502],
        ['listBalances', 2, 500],
      ],
    );
    // Equal jitter: between half and all of base * 2^(attempt-1), capped at maxDelayMs.
    assert.ok(retries[0]!.delayMs >= 1 && retries[0]!.delayMs <= 2);
    assert.ok(retries[1]!.delayMs >= 2 && retries[1]!.delayMs <= 3);
  });

  test('a read gives up after its attempts with the last failure', async () => {
    server.reply({ status: 503, text: '' }, { status: 503, text: '' }, { status: 504, text: '' });
    await assert.rejects(
      clientFor(server.origin).getTransaction({ id: 42 }),
      unavailable({ reason: 'server_error', status: 504 }),
    );
    assert.equal(server.requests.length, 3);
    for (const request of server.requests) assert.equal(request.method, 'GET');
  });

  test('retry.attempts = 1 turns retries off', async () => {
    server.reply({ status: 503, text: '' });
    await assert.rejects(
      clientFor(server.origin, { retry: { attempts: 1 } }).listCurrencies(),
      unavailable({ reason: 'server_error' }),
    );
    assert.equal(server.requests.length, 1);
  });
});

describe('malformed answers', () => {
  test('a 200 whose body is not JSON', async () => {
    server.reply({ status: 200, text: 'OK' });
    await assert.rejects(
      clientFor(server.origin).createInvoice(invoiceInput('1')),
      unavailable({ reason: 'malformed_response', status: 200, mayHaveReachedService: true }),
    );
  });

  test('a 200 whose body breaks the schema names the place, not the content', async () => {
    const balance = { currency: 'BTC', type: 'crypto', balance: 1.5 };
    server.reply({ status: 200, json: { data: [balance] } });
    await assert.rejects(clientFor(server.origin).listBalances(), (error: unknown) => {
      assert.ok(unavailable({ reason: 'malformed_response' })(error));
      assert.match((error as Error).message, /data\.0\.balance/);
      return true;
    });
    // Deterministic nonsense is not retried.
    assert.equal(server.requests.length, 1);
  });

  test('an invoice whose url is no web address (javascript:) is refused, naming the field', async () => {
    const url = 'javascript:alert(document.cookie)';
    server.reply({ status: 200, json: { data: { ...invoiceAnswer.data, url } } });
    await assert.rejects(clientFor(server.origin).createInvoice(invoiceInput('1')), (error) => {
      assert.ok(unavailable({ reason: 'malformed_response', status: 200 })(error));
      assert.match((error as Error).message, /does not match the spec \(at data\.url\)/);
      assert.ok(!(error as Error).message.includes('javascript'));
      return true;
    });
  });

  test('a transaction with a status outside the spec', async () => {
    server.reply({ status: 200, json: { ...transactionAnswer, status: 'processing' } });
    await assert.rejects(
      clientFor(server.origin).getTransaction({ id: 42 }),
      unavailable({ reason: 'malformed_response' }),
    );
  });

  test('a cancel answered with something other than []', async () => {
    server.reply({ status: 200, json: { data: 'cancelled' } });
    await assert.rejects(
      clientFor(server.origin).cancelInvoice('invoice-1'),
      unavailable({ reason: 'malformed_response' }),
    );
  });

  test('a redirect is not followed', async () => {
    server.reply({ status: 301, text: '' });
    await assert.rejects(
      clientFor(server.origin).cancelInvoice('invoice-1'),
      unavailable({ reason: 'malformed_response', status: 301 }),
    );
    assert.equal(server.requests.length, 1);
  });
});

describe('timeouts', () => {
  test('a create that gets no answer in time fails as timeout and is not repeated', async () => {
    server.reply('hang');
    await assert.rejects(
      clientFor(server.origin, { timeoutMs: 200 }).createInvoice(invoiceInput('1')),
      unavailable({ reason: 'timeout', mayHaveReachedService: true }),
    );
    assert.equal(server.requests.length, 1);
  });

  test('a read that times out is retried', async () => {
    server.reply('hang', { status: 200, json: transactionAnswer });
    // Long enough that the answered retry is never timed out too on a loaded machine.
    const transaction = await clientFor(server.origin, { timeoutMs: 1000 }).getTransaction({
      id: 42,
    });
    assert.equal(transaction.id, 42);
    assert.equal(server.requests.length, 2);
  });

  test('the same holds through a supplied fetch', async () => {
    // fetch loads its machinery on first use; warm it so the timeout only measures the wait.
    await fetch(`http://127.0.0.1:${await closedPort()}`).catch(() => undefined);
    server.reply('hang');
    await assert.rejects(
      clientFor(server.origin, { timeoutMs: 300, fetch }).createPaymentRequest(paymentRequestInput),
      unavailable({ reason: 'timeout', mayHaveReachedService: true }),
    );
    assert.equal(server.requests.length, 1);
  });

  test('retry.totalTimeoutMs bounds the whole call: an attempt waits only what is left', async () => {
    server.reply('hang', 'hang', 'hang');
    const client = clientFor(server.origin, {
      timeoutMs: 10_000,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1, totalTimeoutMs: 300 },
    });
    await assert.rejects(client.getTransaction({ id: 42 }), (error) => {
      assert.ok(unavailable({ reason: 'timeout' })(error));
      const waited = Number(/within (\d+) ms/.exec((error as Error).message)?.[1]);
      assert.ok(waited > 0 && waited <= 300, (error as Error).message);
      return true;
    });
    // The first attempt took all the time: no retry was started after it.
    assert.equal(server.requests.length, 1);
  });

  test('retries that fit in retry.totalTimeoutMs still happen', async () => {
    server.reply({ status: 503, text: '' }, { status: 200, json: balancesAnswer });
    const client = clientFor(server.origin, {
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1, totalTimeoutMs: 5000 },
    });
    assert.deepEqual(await client.listBalances(), balancesAnswer.data);
    assert.equal(server.requests.length, 2);
  });

  test('no retry starts with less than a quarter of retry.totalTimeoutMs left', async () => {
    // A 503 after most of the time: a retry could only time out and hide the 503.
    // Times wide enough that a loaded machine's delays do not turn the 503 into a time-out.
    server.reply({ status: 503, text: '', delayMs: 1600 }, { status: 200, json: balancesAnswer });
    const client = clientFor(server.origin, {
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1, totalTimeoutMs: 2000 },
    });
    await assert.rejects(client.listBalances(), unavailable({ reason: 'server_error' }));
    assert.equal(server.requests.length, 1);
  });

  test('no retry starts when onRetry used up the time', async () => {
    server.reply({ status: 503, text: '' }, { status: 200, json: balancesAnswer });
    const client = clientFor(server.origin, {
      retry: {
        attempts: 3,
        baseDelayMs: 1,
        maxDelayMs: 1,
        totalTimeoutMs: 1600,
        onRetry: () => new Promise((resolve) => setTimeout(resolve, 1400)),
      },
    });
    await assert.rejects(client.listBalances(), unavailable({ reason: 'server_error' }));
    assert.equal(server.requests.length, 1);
  });

  test('no retry starts when its delay would pass retry.totalTimeoutMs', async () => {
    server.reply({ status: 503, text: '' }, { status: 200, json: balancesAnswer });
    const client = clientFor(server.origin, {
      retry: { attempts: 3, baseDelayMs: 10_000, maxDelayMs: 10_000, totalTimeoutMs: 1000 },
    });
    await assert.rejects(client.listBalances(), unavailable({ reason: 'server_error' }));
    assert.equal(server.requests.length, 1);
  });

  test("the caller's AbortSignal ends the call with its reason", async () => {
    server.reply('hang');
    const controller = new AbortController();
    const pending = clientFor(server.origin).listBalances({ signal: controller.signal });
    const reason = new Error('shopper left');
    await server.received(1);
    controller.abort(reason);
    await assert.rejects(pending, (error) => error === reason);
  });
});

describe('connection failures', () => {
  test('a dropped connection after the request was sent: a create is not repeated', async () => {
    server.reply('reset');
    await assert.rejects(
      clientFor(server.origin).createWithdrawal(withdrawalInput),
      unavailable({ reason: 'connection', mayHaveReachedService: true }),
    );
    assert.equal(server.requests.length, 1);
  });

  test('a dropped connection: a read is retried', async () => {
    server.reply('reset', { status: 200, json: balancesAnswer });
    assert.deepEqual(await clientFor(server.origin).listBalances(), balancesAnswer.data);
    assert.equal(server.requests.length, 2);
  });

  test('connection refused: never reached the service, a read fails after its retries', async () => {
    const port = await closedPort();
    const retries: RetryEvent[] = [];
    const client = clientFor(`http://127.0.0.1:${port}`, {
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, onRetry: (e) => void retries.push(e) },
    });
    await assert.rejects(
      client.listBalances(),
      unavailable({ reason: 'connection', mayHaveReachedService: false }),
    );
    assert.equal(retries.length, 2);
  });

  test('connection refused: a create is retried and succeeds once the service is up', async () => {
    const port = await closedPort();
    let lateServer: RecordingServer | undefined;
    const client = clientFor(`http://127.0.0.1:${port}`, {
      retry: {
        attempts: 3,
        baseDelayMs: 1,
        maxDelayMs: 2,
        // The retry waits for this: the service comes up between the attempts.
        onRetry: async () => {
          lateServer ??= await startRecordingServer(port);
          lateServer.reply({ status: 201, json: invoiceAnswer });
        },
      },
    });
    try {
      const invoice = await client.createInvoice(invoiceInput('0.00000001'));
      assert.equal(invoice.id, invoiceAnswer.data.id);
      assert.equal(lateServer?.requests.length, 1);
      assert.match(lateServer!.requests[0]!.body.toString(), /"amount":0\.00000001,/);
    } finally {
      await lateServer?.close();
    }
  });

  test('connection refused through a supplied fetch is recognised as never sent', async () => {
    const port = await closedPort();
    await assert.rejects(
      clientFor(`http://127.0.0.1:${port}`, { fetch, retry: { attempts: 1 } }).cancelInvoice('x'),
      unavailable({ reason: 'connection', mayHaveReachedService: false }),
    );
  });

  test('a host that does not resolve never reached the service', async () => {
    await assert.rejects(
      clientFor('http://processing.invalid', { retry: { attempts: 1 } }).createInvoice(
        invoiceInput('1'),
      ),
      unavailable({ reason: 'connection', mayHaveReachedService: false }),
    );
  });
});
