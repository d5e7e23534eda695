import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { DatabaseFileError } from './open-failure.ts';
import { openSqliteStore } from './sqlite.ts';
import { checkout } from './stores.test-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-lock-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('one store per database file', () => {
  it('refuses a second store while the first is open, naming the file, and not after close', async () => {
    const file = join(dir, 'shared.db');
    const first = openSqliteStore(file);
    let refused: unknown;
    try {
      openSqliteStore(file);
    } catch (error) {
      refused = error;
    }
    assert.ok(refused instanceof DatabaseFileError);
    assert.equal(
      refused.message,
      `${file} is in use by another crypto-pay-proxy process (it holds ${file}.lock): stop it before starting another on the same file`,
    );
    // The first store is untouched by the refused one.
    await first.reserveIdempotencyKey('in-flight', 'h1', 1000);
    await first.close();

    const second = openSqliteStore(file);
    assert.deepEqual(await second.reserveIdempotencyKey('other', 'h1', 1001), {
      kind: 'reserved',
    });
    await second.close();
  });

  it('refuses a second store that reaches the same file by another path (a link)', async () => {
    const file = join(dir, 'linked.db');
    const first = openSqliteStore(file);
    const link = join(dir, 'link-to-linked.db');
    symlinkSync(file, link);
    assert.throws(() => openSqliteStore(link), DatabaseFileError);
    assert.throws(
      () => openSqliteStore(join(dir, '..', basename(dir), 'linked.db')),
      DatabaseFileError,
    );
    await first.close();
  });

  it('leaves the database itself open to other readers (online backups)', async () => {
    const file = join(dir, 'readable.db');
    const store = openSqliteStore(file);
    const saved = checkout();
    await store.insertCheckout(saved, {});
    const reader = new Database(file, { readonly: true, timeout: 100 });
    assert.deepEqual(reader.prepare('SELECT id FROM checkouts').all(), [{ id: saved.id }]);
    reader.close();
    await store.close();
  });

  it('makes no lock file next to a path that is no database', () => {
    const notADatabase = join(dir, 'catalog.json');
    writeFileSync(notADatabase, '{}\n');
    assert.throws(() => openSqliteStore(notADatabase), DatabaseFileError);
    assert.equal(existsSync(`${notADatabase}.lock`), false);
  });
});
