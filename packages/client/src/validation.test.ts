/**
 * Bad input never reaches the network: each operation checks its body with the protocol's
 * schemas first and throws a ProcessingValidationError naming the field.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createProcessingClient, type ProcessingClient } from './client.ts';
import { ProcessingValidationError } from './errors.ts';
import {
  invoiceAnswer,
  invoiceInput,
  paymentRequestAnswer,
  paymentRequestInput,
  withdrawalInput,
} from './fixtures.test-helpers.ts';
import {
  clientFor,
  type RecordingServer,
  SIGNING_SECRET,
  startRecordingServer,
} from './recording-server.test-helpers.ts';

let server: RecordingServer;
let client: ProcessingClient;
before(async () => {
  server = await startRecordingServer();
  client = clientFor(server.origin);
});
after(async () => {
  // The point of every test here: nothing was sent.
  assert.equal(server.requests.length, 0);
  await server.close();
});

function invalid(field: string, message: string | RegExp, status = 422) {
  return (error: unknown) => {
    assert.ok(error instanceof ProcessingValidationError, String(error));
    assert.equal(error.field, field);
    if (typeof message === 'string') assert.equal(error.message, message);
    else assert.match(error.message, message);
    assert.equal(error.status, status);
    return true;
  };
}

// Callers without TypeScript (or with data from outside) can pass anything.
const loosely = <T>(value: unknown) => value as T;

describe('createPaymentRequest', () => {
  test('sender data that does not match its type, with the spec text', async () => {
    const { first_name: _, ...noFirstName } = paymentRequestInput.sender_data as {
      first_name: string;
    };
    await assert.rejects(
      client.createPaymentRequest({ ...paymentRequestInput, sender_data: loosely(noFirstName) }),
      invalid(
        'sender_data.first_name',
        'The first_name must be provided for sender_type = natural.',
      ),
    );
  });

  test('a user_fee_percent outside 0 and 100 carries the 400 of the spec', async () => {
    await assert.rejects(
      client.createPaymentRequest({ ...paymentRequestInput, user_fee_percent: loosely(50) }),
      invalid('user_fee_percent', 'user_fee_percent must be 0 or 100.', 400),
    );
  });

  test('both lifetime fields', async () => {
    await assert.rejects(
      client.createPaymentRequest({ ...paymentRequestInput, life_time_datetime: 1767225600 }),
      invalid('', 'Only one of fields life_time_date_time and life_time_duration should be field.'),
    );
  });

  test('an amount written as a number', async () => {
    await assert.rejects(
      client.createPaymentRequest({ ...paymentRequestInput, amount: loosely(100) }),
      invalid('amount', 'The amount must be a decimal number written as a string.'),
    );
  });

  test('fields the spec does not know are not sent', async () => {
    const own = await startRecordingServer();
    try {
      own.reply({ status: 200, json: paymentRequestAnswer });
      await clientFor(own.origin).createPaymentRequest(
        loosely({ ...paymentRequestInput, internal_note: 'VIP' }),
      );
      assert.doesNotMatch(own.requests[0]!.body.toString(), /internal_note/);
    } finally {
      await own.close();
    }
  });
});

describe('createInvoice and createWithdrawal amounts', () => {
  test('an amount in exponent notation is refused by name', async () => {
    await assert.rejects(
      client.createInvoice(invoiceInput('1e-8')),
      invalid('amount', /^The amount must be a decimal amount written as a string/),
    );
  });

  test('a fractional JavaScript number is refused rather than rounded', async () => {
    await assert.rejects(
      client.createInvoice({ ...invoiceInput('1'), amount: loosely(0.1) }),
      invalid('amount', /^The amount must be a decimal amount written as a string/),
    );
  });

  test('a whole JavaScript number is accepted as its digits', async () => {
    const own = await startRecordingServer();
    try {
      own.reply({ status: 201, json: invoiceAnswer });
      await clientFor(own.origin).createInvoice({ ...invoiceInput('1'), amount: loosely(25) });
      assert.match(own.requests[0]!.body.toString(), /"amount":25,/);
    } finally {
      await own.close();
    }
  });

  test('an invoice title over 50 characters', async () => {
    await assert.rejects(
      client.createInvoice({ ...invoiceInput('1'), title: 'x'.repeat(51) }),
      invalid('title', 'The title must be between 1 and 50 characters.'),
    );
  });

  test('a withdrawal with both amount and amount_to', async () => {
    await assert.rejects(
      client.createWithdrawal({ ...withdrawalInput, convert_to: 'USDT', amount_to: '10' }),
      invalid('amount_to', 'Only one of amount and amount_to may be given.'),
    );
  });

  test('a withdrawal amount_to in exponent notation', async () => {
    const { amount: _, ...rest } = withdrawalInput;
    await assert.rejects(
      client.createWithdrawal({ ...rest, convert_to: 'USDT', amount_to: '1E3' }),
      invalid('amount_to', /^The amount_to must be a decimal amount/),
    );
  });

  test('receiver data given for receiver_type self', async () => {
    await assert.rejects(
      client.createWithdrawal({ ...withdrawalInput, receiver_data: withdrawalInput.sender_data }),
      invalid('receiver_data', 'The receiver_data must not be included for receiver_type = self.'),
    );
  });
});

describe('cancelInvoice and getTransaction', () => {
  test('an empty foreign_id', async () => {
    await assert.rejects(
      client.cancelInvoice(''),
      invalid('foreign_id', 'The foreign_id must not be empty.'),
    );
  });

  test('a foreign_id of . or .., which the address would resolve away', async () => {
    for (const foreignId of ['.', '..']) {
      await assert.rejects(
        client.cancelInvoice(foreignId),
        invalid(
          'foreign_id',
          'The foreign_id of an invoice must not be “.” or “..”: it is a path segment of the cancel address.',
        ),
      );
    }
  });

  test('a lookup with neither id nor foreign_id', async () => {
    await assert.rejects(
      client.getTransaction(loosely({})),
      invalid('', 'Exactly one of id and foreign_id must be given.'),
    );
  });

  test('a lookup by an id that is not a positive integer', async () => {
    await assert.rejects(
      client.getTransaction({ id: 0 }),
      invalid('id', 'The id must be a positive integer.'),
    );
  });
});

describe('createProcessingClient options', () => {
  const options = {
    apiKey: 'key',
    signingSecret: SIGNING_SECRET,
    baseUrl: 'https://app.cryptoprocessing.com/api/v2',
    paymentsBaseUrl: 'https://app.cryptoprocessing.com/api/payments/v1',
  };

  test('accepts the real base addresses', () => {
    assert.equal(typeof createProcessingClient(options).listBalances, 'function');
  });

  test('refuses a total time that is not a positive number of milliseconds', () => {
    for (const totalTimeoutMs of [0, -1, Number.NaN, '5000' as unknown as number]) {
      assert.throws(() => createProcessingClient({ ...options, retry: { totalTimeoutMs } }), {
        name: 'TypeError',
        message: 'retry.totalTimeoutMs must be a positive number of milliseconds.',
      });
    }
  });

  test('refuses a missing secret without echoing anything', () => {
    assert.throws(() => createProcessingClient({ ...options, signingSecret: '' }), {
      name: 'TypeError',
      message: 'signingSecret must be a non-empty string.',
    });
  });

  test('refuses a base address that is not an http(s) URL, never naming the secret', () => {
    for (const baseUrl of [
      'app.cryptoprocessing.com/api/v2',
      'ftp://host/api/v2',
      'https://h/v2?x=1',
      // An empty query or fragment still ends the path: calls would go to `…/v2?/…`.
      'https://h/api/v2?',
      'https://h/api/v2#',
    ]) {
      assert.throws(
        () => createProcessingClient({ ...options, baseUrl }),
        (error: unknown) =>
          error instanceof TypeError &&
          /^baseUrl must (be an http\(s\) URL|have no query \(\?…\) or fragment \(#…\))\.$/.test(
            error.message,
          ) &&
          !error.message.includes(SIGNING_SECRET),
        baseUrl,
      );
    }
  });

  test('refuses a base address whose path does not end in its version, or the two swapped', () => {
    const cases: [Partial<typeof options>, RegExp][] = [
      [{ baseUrl: 'http://x/api' }, /^baseUrl must end in \/v2, e\.g\. https:/],
      [{ baseUrl: 'https://h/api/v2x' }, /^baseUrl must end in \/v2/],
      [{ paymentsBaseUrl: 'https://h/api/payments' }, /^paymentsBaseUrl must end in \/v1/],
      [
        {
          baseUrl: 'https://app.cryptoprocessing.com/api/payments/v1',
          paymentsBaseUrl: 'https://app.cryptoprocessing.com/api/v2',
        },
        /^baseUrl must end in \/v2/,
      ],
      [
        { paymentsBaseUrl: 'https://app.cryptoprocessing.com/api/v2' },
        /^paymentsBaseUrl must end in \/v1/,
      ],
    ];
    for (const [bad, message] of cases) {
      assert.throws(
        () => createProcessingClient({ ...options, ...bad }),
        (error: unknown) => {
          assert.ok(error instanceof TypeError);
          assert.match(error.message, message);
          return true;
        },
      );
    }
    // A trailing slash is fine, as the README says.
    assert.equal(
      typeof createProcessingClient({
        ...options,
        baseUrl: 'https://h/api/v2/',
        paymentsBaseUrl: 'https://h/api/payments/v1/',
      }).createInvoice,
      'function',
    );
  });

  test('refuses a timeout or retry count that makes no sense', () => {
    assert.throws(() => createProcessingClient({ ...options, timeoutMs: 0 }), /timeoutMs/);
    assert.throws(
      () => createProcessingClient({ ...options, retry: { attempts: 0 } }),
      /retry\.attempts/,
    );
  });
});
