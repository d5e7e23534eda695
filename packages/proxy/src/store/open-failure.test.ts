import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DatabaseFileError, NativeAddonError, openFailure } from './open-failure.ts';
import { openSqliteStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-open-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What opening `file` throws. */
function openError(file: string): Error {
  try {
    openSqliteStore(file);
  } catch (error) {
    assert.ok(error instanceof Error);
    return error;
  }
  assert.fail(`${file} opened`);
}

describe('opening the SQLite store', () => {
  it('names the file and the problem in one line when it cannot be opened', () => {
    const notADatabase = join(dir, 'catalog.json');
    writeFileSync(notADatabase, '{"kettle": {"amount": "25.00", "currency": "EUR"}}\n');
    const aFile = join(dir, 'a-file');
    writeFileSync(aFile, 'x');
    const aDirectory = join(dir, 'a-directory');
    mkdirSync(aDirectory);
    const cases: [string, string][] = [
      [
        notADatabase,
        `cannot open the SQLite database ${notADatabase}: file is not a database (is the path another kind of file?)`,
      ],
      [
        aDirectory,
        `cannot open the SQLite database ${aDirectory}: unable to open database file (is the directory writable, and the path not a directory?)`,
      ],
      [
        join(aFile, 'x.db'),
        `cannot open the SQLite database ${join(aFile, 'x.db')}: file already exists (a file is in the way of a directory)`,
      ],
      [
        join(aFile, 'data', 'x.db'),
        `cannot open the SQLite database ${join(aFile, 'data', 'x.db')}: not a directory (a file is in the way of a directory)`,
      ],
    ];
    for (const [file, message] of cases) {
      const error = openError(file);
      assert.ok(error instanceof DatabaseFileError, `${file}: ${error.message}`);
      assert.equal(error.message, message);
    }
  });

  it('says what to check when the directory cannot be made', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/data'"), {
      code: 'EACCES',
    });
    assert.equal(
      openFailure(denied, '/srv/data/x.db').message,
      'cannot open the SQLite database /srv/data/x.db: permission denied (can this user write there?)',
    );
  });

  it('names a relative path by its absolute form', () => {
    const error = openFailure(
      Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' }),
      'data/x.db',
    );
    assert.equal(
      error.message,
      `cannot open the SQLite database ${join(process.cwd(), 'data/x.db')}: unable to open database file (is the directory writable, and the path not a directory?)`,
    );
  });

  it('says in one line that the platform has no native addon, instead of a require stack', () => {
    // The very error better-sqlite3 meets on a platform it ships no prebuilt addon for.
    const fromDriver = createRequire(createRequire(import.meta.url).resolve('better-sqlite3'));
    let missing: unknown;
    try {
      fromDriver('../prebuilds/no-such-platform.node');
    } catch (error) {
      missing = error;
    }
    assert.match(String(missing), /Cannot find module/);
    const error = openFailure(missing, 'data/x.db');
    assert.ok(error instanceof NativeAddonError);
    assert.doesNotMatch(error.message, /\n/);
    assert.match(error.message, /better-sqlite3 has no native addon for this platform/);
    const wrongNode = Object.assign(
      new Error('The module was compiled against a different Node.js version'),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    assert.ok(openFailure(wrongNode, 'x.db') instanceof NativeAddonError);
  });
});
