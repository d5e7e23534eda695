import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Action } from './action.ts';
import { ApiFailure } from './api.ts';
import { strings } from './strings.ts';
import { testHost } from './test-host.ts';

describe('an action on a page', () => {
  it('says what it did, or Done., and reloads the page’s lists', async () => {
    let reloads = 0;
    const action = new Action(testHost(), () => {
      reloads += 1;
    });
    assert.equal(await action.run(async () => 'Test event queued.'), true);
    assert.deepEqual(action.result, { ok: true, text: 'Test event queued.' });
    await action.run(async () => ({ id: 7 }));
    assert.deepEqual(action.result, { ok: true, text: strings.done });
    assert.equal(reloads, 2);
  });

  it('shows the proxy’s refusal, after what it was about, and reloads nothing', async () => {
    let reloads = 0;
    const action = new Action(testHost(), () => {
      reloads += 1;
    });
    const refused = new ApiFailure(409, 'conflict', 'The event is not failed.');
    assert.equal(
      await action.run(async () => {
        throw refused;
      }, 'evt_1: '),
      false,
    );
    assert.deepEqual(action.result, { ok: false, text: 'evt_1: The event is not failed.' });
    assert.equal(reloads, 0);
  });

  it('says why the page refused to start one', () => {
    const action = new Action(testHost());
    action.refuse(strings.money.amountDigits);
    assert.deepEqual(action.result, { ok: false, text: strings.money.amountDigits });
    action.clear();
    assert.equal(action.result, undefined);
  });

  it('runs one at a time: a second click while the first is on its way sends nothing', async () => {
    const element = testHost();
    const action = new Action(element);
    let sent = 0;
    let answer: () => void = () => {};
    const send = () =>
      new Promise<void>((resolve) => {
        sent += 1;
        answer = resolve;
      });
    const first = action.run(send);
    assert.equal(action.busy, true);
    assert.equal(await action.run(send), false);
    assert.equal(sent, 1);
    answer();
    assert.equal(await first, true);
    assert.equal(action.busy, false);
    assert.equal(sent, 1);
    assert.ok(element.updates >= 2, 'the page redrew when it started and when it ended');
  });
});
