import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import {
  createForwarder,
  type DeliveryReport,
  RETRY_DELAYS_MS,
  type StreamedEvent,
} from './forward.ts';

/** An event as the stream gives it: the contract's JSON, kept as text. */
function streamed(id: string): StreamedEvent {
  const body = JSON.stringify({
    id,
    type: 'invoice.confirmed',
    timestamp: '2026-11-29T18:00:00.000Z',
    data: { type: 'invoice', id: 7, foreign_id: 'invoice-7', status: 'confirmed', amount: '12.50' },
  });
  return { id, type: 'invoice.confirmed', body };
}

/** Reports as they come, and a wait for the first that matches. */
function reports() {
  const seen: DeliveryReport[] = [];
  const waiting = new Set<() => void>();
  return {
    seen,
    report(report: DeliveryReport) {
      seen.push(report);
      for (const wake of waiting) wake();
    },
    next(match: (report: DeliveryReport) => boolean): Promise<DeliveryReport> {
      return new Promise((resolve) => {
        const look = () => {
          const found = seen.find(match);
          if (!found) return;
          waiting.delete(look);
          resolve(found);
        };
        waiting.add(look);
        look();
      });
    },
  };
}

describe('listen: forwarding to the local handler', () => {
  const secret = newWebhookSecret();
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver(secret);
  });
  beforeEach(() => {
    receiver.mode = 'ok';
    receiver.received.length = 0;
  });
  after(() => receiver.close());

  it('tries 3 times over about 10 s', () => {
    assert.deepEqual(RETRY_DELAYS_MS, [2_000, 8_000]);
  });

  it('posts the body as it came, signed so that the standardwebhooks library verifies it', async () => {
    const seen = reports();
    const forwarder = createForwarder({ url: receiver.url, secret, report: seen.report });
    const event = streamed('evt_000000000001abcdefgh');
    await forwarder.deliver(event);
    assert.equal(receiver.received.length, 1);
    const [received] = receiver.received;
    assert.equal(received!.refusal, undefined);
    assert.equal(received!.body, event.body);
    assert.equal(received!.headers['webhook-id'], event.id);
    assert.equal(received!.event?.id, event.id);
    assert.deepEqual(
      { ...seen.seen[0], at: undefined, durationMs: undefined },
      {
        at: undefined,
        durationMs: undefined,
        event,
        attempt: 1,
        attempts: 3,
        status: 204,
        outcome: 'delivered',
      },
    );
    assert.deepEqual(await forwarder.close(1000), []);
  });

  it('tries a failing handler again in the background: the events after it go on', async () => {
    const seen = reports();
    // The retry waits a minute: long past this test, so only the later event can arrive.
    const forwarder = createForwarder({
      url: receiver.url,
      secret,
      report: seen.report,
      retryDelaysMs: [60_000, 60_000],
    });
    receiver.mode = 'error';
    const failing = streamed('evt_000000000002abcdefgh');
    await forwarder.deliver(failing);
    const first = seen.seen[0]!;
    assert.equal(first.outcome, 'retrying');
    assert.equal(first.status, 500);
    assert.equal(first.error, 'answered 500');
    assert.equal(first.retryInMs, 60_000);

    receiver.mode = 'ok';
    const later = streamed('evt_000000000003abcdefgh');
    await forwarder.deliver(later);
    assert.deepEqual([...receiver.delivered().keys()], [later.id]);
    // Stopped before the retry's time: the failing event is reported as not delivered.
    assert.deepEqual(await forwarder.close(1000), [failing]);
  });

  it('delivers on a later attempt, and reports a handler that never answers 2xx as failed', async () => {
    const seen = reports();
    const forwarder = createForwarder({
      url: receiver.url,
      secret,
      report: seen.report,
      retryDelaysMs: [0, 0],
    });
    receiver.mode = 'error';
    const lost = streamed('evt_000000000004abcdefgh');
    await forwarder.deliver(lost);
    const failed = await seen.next((report) => report.outcome === 'failed');
    assert.equal(failed.attempt, 3);
    assert.deepEqual(
      seen.seen.map((report) => report.outcome),
      ['retrying', 'retrying', 'failed'],
    );
    assert.deepEqual(await forwarder.close(1000), [lost]);

    // The handler comes back as the first attempt is reported (a field, set at once).
    const recovering = createForwarder({
      url: receiver.url,
      secret,
      retryDelaysMs: [0, 0],
      report(report) {
        seen.report(report);
        receiver.mode = 'ok';
      },
    });
    receiver.mode = 'error';
    const comes = streamed('evt_000000000005abcdefgh');
    await recovering.deliver(comes);
    const delivered = await seen.next(
      (report) => report.event.id === comes.id && report.outcome === 'delivered',
    );
    assert.equal(delivered.attempt, 2);
    assert.deepEqual([...receiver.delivered().keys()], [comes.id]);
    assert.deepEqual(await recovering.close(1000), []);
  });

  it('says why a handler could not be reached', async () => {
    const down = await startWebhookReceiver(secret);
    await down.close();
    const seen = reports();
    const forwarder = createForwarder({
      url: down.url,
      secret,
      report: seen.report,
      retryDelaysMs: [],
    });
    await forwarder.deliver(streamed('evt_000000000008abcdefgh'));
    const [refused] = seen.seen;
    assert.equal(refused!.outcome, 'failed');
    assert.equal(refused!.error, 'connection failed (ECONNREFUSED)');
    assert.equal(refused!.status, undefined);
    assert.equal((await forwarder.close(1000)).length, 1);
  });

  it('lets an attempt under way finish when stopped within the grace', async () => {
    const seen = reports();
    const forwarder = createForwarder({ url: receiver.url, secret, report: seen.report });
    const event = streamed('evt_000000000009abcdefgh');
    const attempt = forwarder.deliver(event);
    assert.deepEqual(await forwarder.close(5_000), []);
    await attempt;
    assert.equal(seen.seen[0]!.outcome, 'delivered');
    assert.deepEqual([...receiver.delivered().keys()], [event.id]);
  });

  it('does not follow a redirect, and ends an attempt under way when stopped', async () => {
    const seen = reports();
    const forwarder = createForwarder({
      url: receiver.url,
      secret,
      report: seen.report,
      retryDelaysMs: [],
    });
    receiver.mode = 'redirect';
    await forwarder.deliver(streamed('evt_000000000006abcdefgh'));
    assert.equal(seen.seen[0]!.status, 307);
    assert.equal(seen.seen[0]!.error, `redirect not followed (${receiver.url}-elsewhere)`);
    assert.equal(receiver.received.length, 1);

    receiver.mode = 'hang';
    const hanging = streamed('evt_000000000007abcdefgh');
    const attempt = forwarder.deliver(hanging);
    await eventually(() => receiver.received.length === 2, 'the hanging attempt to arrive');
    const left = await forwarder.close(0);
    await attempt;
    assert.deepEqual(
      left.map((event) => event.id),
      ['evt_000000000006abcdefgh', hanging.id],
    );
    assert.equal(seen.seen[1]!.error, 'stopped');
  });
});
