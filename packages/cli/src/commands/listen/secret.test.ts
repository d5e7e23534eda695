import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CommandFailed } from '../../failures.ts';
import { configDirOf, listenSecretFor, SECRETS_FILE } from './secret.ts';

describe('listen: the local signing secret', () => {
  let home: string;
  before(async () => {
    home = await mkdtemp(join(tmpdir(), 'crypto-pay-cli-secret-'));
  });
  after(() => rm(home, { recursive: true, force: true }));

  it('lives in XDG_CONFIG_HOME, else ~/.config, and in APPDATA on Windows', () => {
    assert.equal(
      configDirOf({ XDG_CONFIG_HOME: '/x/config', HOME: '/h' }, 'linux'),
      '/x/config/crypto-pay',
    );
    // A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
    assert.equal(
      configDirOf({ XDG_CONFIG_HOME: 'config', HOME: '/h' }, 'linux'),
      '/h/.config/crypto-pay',
    );
    assert.equal(configDirOf({ HOME: '/h' }, 'darwin'), '/h/.config/crypto-pay');
    assert.equal(
      configDirOf({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming', HOME: '/h' }, 'win32'),
      join('C:\\Users\\a\\AppData\\Roaming', 'crypto-pay'),
    );
  });

  it('is made once per proxy, kept 0600 in a 0700 folder, the same on every run', async () => {
    const env = { XDG_CONFIG_HOME: join(home, 'config') };
    const first = await listenSecretFor('http://127.0.0.1:8787', env);
    assert.match(first.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(first.created, true);
    assert.equal(first.file, join(home, 'config', 'crypto-pay', SECRETS_FILE));
    assert.equal((await stat(first.file)).mode & 0o777, 0o600);
    assert.equal((await stat(join(home, 'config', 'crypto-pay'))).mode & 0o777, 0o700);

    const again = await listenSecretFor('http://127.0.0.1:8787', env);
    assert.deepEqual(again, { ...first, created: false });
    const other = await listenSecretFor('https://pay.example.com', env);
    assert.notEqual(other.secret, first.secret);
    assert.deepEqual(JSON.parse(await readFile(first.file, 'utf8')), {
      'http://127.0.0.1:8787': first.secret,
      'https://pay.example.com': other.secret,
    });
    assert.equal((await listenSecretFor('http://127.0.0.1:8787', env)).secret, first.secret);
  });

  it('says how to fix a file that is not its JSON, and never overwrites it', async () => {
    const env = { XDG_CONFIG_HOME: join(home, 'broken') };
    const { file } = await listenSecretFor('http://127.0.0.1:8787', env);
    await writeFile(file, 'not json');
    await assert.rejects(
      listenSecretFor('http://127.0.0.1:8787', env),
      (error: unknown) =>
        error instanceof CommandFailed &&
        error.message.includes(`${file} is not a JSON object`) &&
        error.message.includes('delete it to make new secrets'),
    );
    assert.equal(await readFile(file, 'utf8'), 'not json');
  });

  it('says how to fix a kept secret that cannot sign, before any event is forwarded', async () => {
    const env = { XDG_CONFIG_HOME: join(home, 'edited') };
    const { file } = await listenSecretFor('http://127.0.0.1:8787', env);
    const edited = JSON.stringify({ 'http://127.0.0.1:8787': 'whsec_not*base64!' });
    await writeFile(file, edited);
    await assert.rejects(
      listenSecretFor('http://127.0.0.1:8787', env),
      (error: unknown) =>
        error instanceof CommandFailed &&
        error.message ===
          `The secret kept for http://127.0.0.1:8787 in ${file} is not a whsec_ secret that can sign: fix it, or delete its line to make a new one.`,
    );
    assert.equal(await readFile(file, 'utf8'), edited);
  });

  it('keeps one secret when several first runs start at once, and tightens a loose file', async () => {
    const env = { XDG_CONFIG_HOME: join(home, 'racing') };
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => listenSecretFor('http://127.0.0.1:8787', env)),
    );
    assert.equal(new Set(runs.map((run) => run.secret)).size, 1);
    assert.equal(runs.filter((run) => run.created).length, 1);
    const { file } = runs[0]!;
    assert.deepEqual(Object.values(JSON.parse(await readFile(file, 'utf8'))), [runs[0]!.secret]);

    await chmod(file, 0o644);
    await listenSecretFor('http://127.0.0.1:8787', env);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
  });
});
