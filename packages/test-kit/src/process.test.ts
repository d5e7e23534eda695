/**
 * `freePort`, which every server of a test is started on: a port fetch refuses would fail each
 * request to that server with `bad port`, at random (it did in CI, on 10080).
 */

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ephemeralPorts, freePort } from './process.ts';

describe('freePort', () => {
  it('never picks a port fetch refuses: 10080 drawn first, another is picked', async () => {
    // Ports are drawn from 10,000 up to the kernel's own range: 10080 by its fraction of that.
    const draws = [(10080 - 10_000 + 0.5) / (ephemeralPorts().low - 10_000)];
    const random = mock.method(Math, 'random', () => draws.shift() ?? 0.5);
    try {
      const picked = await freePort();
      assert.notEqual(picked, 10080);
      assert.ok(random.mock.callCount() >= 2, 'the draw of 10080 was passed over');
      // Node's fetch goes to it: refused by the kernel (nothing listens), not `bad port`.
      const error = await fetch(`http://127.0.0.1:${picked}/`).then(
        () => undefined,
        (failure: Error) => failure.cause as Error,
      );
      assert.notEqual(error?.message, 'bad port');
    } finally {
      random.mock.restore();
    }
  });
});
