import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_OFFSET_SECONDS } from './clock.ts';
import { createPaymentRequest, ORIGIN, testSandbox } from './sandbox.test-helpers.ts';

describe('the sandbox clock', () => {
  test('an advance past 100 years is refused with 400 and a sentence; the clock and dashboard stay sound', async (t) => {
    const sandbox = testSandbox(t);
    const refused = await sandbox.control('/clock', { advance_seconds: 1e13 });
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { error: string; code: string };
    assert.equal(body.code, 'bad_request');
    assert.match(body.error, /more than 100 years ahead/);
    assert.equal(sandbox.clock.offsetSeconds(), 0);
    const dashboard = await sandbox.app.request(`${ORIGIN}/_sandbox/`);
    assert.equal(dashboard.status, 200);
  });

  test('the furthest advance accepted still renders the dashboard; one second more is refused', async (t) => {
    const sandbox = testSandbox(t);
    const accepted = await sandbox.control('/clock', { advance_seconds: MAX_OFFSET_SECONDS });
    assert.equal(accepted.status, 200);
    const dashboard = await sandbox.app.request(`${ORIGIN}/_sandbox/`);
    assert.equal(dashboard.status, 200);
    assert.match(await dashboard.text(), new RegExp(`${MAX_OFFSET_SECONDS} s ahead`));
    const more = await sandbox.control('/clock', { advance_seconds: 1 });
    assert.equal(more.status, 400);
    assert.equal(sandbox.clock.offsetSeconds(), MAX_OFFSET_SECONDS);
  });

  test('a skewed clock runs behind the machine’s by clockSkewSeconds: life_time by the service’s clock', async (t) => {
    const exact = testSandbox(t);
    const behind = testSandbox(t, { clockSkewSeconds: -600 });
    assert.equal(behind.clock.now(), exact.clock.now() - 600);
    const onTime = await createPaymentRequest(exact, { life_time_duration: 300 });
    const late = await createPaymentRequest(behind, { life_time_duration: 300 });
    assert.equal(Number(late.life_time), Number(onTime.life_time) - 600);
  });

  test('the dashboard counts the skew and the advances both, from this machine’s clock', async (t) => {
    const behind = testSandbox(t, { clockSkewSeconds: -600 });
    const dashboard = async () => (await behind.app.request(`${ORIGIN}/_sandbox/`)).text();
    assert.match(await dashboard(), /600 s behind real time: skew -600 s, advanced 0 s/);
    assert.equal((await behind.control('/clock', { advance_seconds: 1000 })).status, 200);
    assert.match(await dashboard(), /400 s ahead of real time: skew -600 s, advanced 1000 s/);
  });
});
