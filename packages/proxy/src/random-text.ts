/**
 * Random parts of public identifiers (checkout ids, foreign_ids, event and endpoint ids), drawn
 * from a pool of random bytes filled 2 KiB at a time, as Node's `randomUUID` does: a call into
 * OpenSSL per id costs more than the rest of making one (BENCHMARKS.md, "Issue 32"). Each byte is
 * handed out once. Secrets (session and dashboard tokens, salts) are drawn on their own with
 * `randomBytes`, never from the pool.
 */

import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(2048);
let used = pool.length;

/** `bytes` random bytes (at most the pool's size) as base64url. */
export function randomText(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString('base64url', used, used + bytes);
  used += bytes;
  return text;
}
