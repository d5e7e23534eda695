/** The descriptor limit as the proxy reads it at start, and the connection caps taken from it. */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  connectionCapsOf,
  descriptorLimit,
  limitOfProcLimits,
  UNKNOWN_LIMIT_CONNECTIONS,
} from './descriptor-limit.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             127489               127489               processes
Max open files            20000                524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('descriptor limit', () => {
  it('reads the soft limit of /proc/self/limits, none when unlimited or absent', () => {
    assert.equal(limitOfProcLimits(LIMITS), 20_000);
    assert.equal(limitOfProcLimits(LIMITS.replace('20000 ', 'unlimited')), undefined);
    assert.equal(limitOfProcLimits('Max processes 1 1 processes\n'), undefined);
  });

  it('says what `ulimit -n` says for this process', () => {
    const said = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    assert.equal(String(descriptorLimit()), said);
  });

  it('keeps connections below the limit, with room for the store and the service', () => {
    const caps = (total: number | undefined, limit: number | undefined) =>
      connectionCapsOf({ total, perClient: 256 }, limit, 10);
    // A tenth of the limit (at least 100) and the database pool are kept back.
    assert.deepEqual(caps(undefined, 20_000), { caps: { total: 17_990, perClient: 256 } });
    assert.deepEqual(caps(5000, 20_000), { caps: { total: 5000, perClient: 256 } });
    const lowered = caps(50_000, 20_000);
    assert.equal(lowered.caps.total, 17_990);
    assert.match(
      lowered.warning ?? '',
      /^MAX_CONNECTIONS=50000 is more than the descriptor limit \(20000/,
    );
    const small = caps(undefined, 1024);
    assert.equal(small.caps.total, 1024 - 103 - 10);
    assert.match(small.warning ?? '', /leaves room for 911 client connections only/);
    // No limit to read (or none at all): MAX_CONNECTIONS, else a default.
    assert.deepEqual(caps(undefined, undefined), {
      caps: { total: UNKNOWN_LIMIT_CONNECTIONS, perClient: 256 },
    });
    assert.deepEqual(caps(300, undefined), { caps: { total: 300, perClient: 256 } });
  });
});
