/**
 * The local webhook signing secret of `crypto-pay listen`: one `whsec_…` per proxy address, made
 * the first time and kept in the user's config directory, so a handler configured with it keeps
 * working across runs (as `stripe listen` keeps its own). The file holds secrets: mode 0600 in a
 * 0700 directory (a looser file is tightened), replaced whole (written beside, then renamed) so a
 * reader never sees half, and changed under a lock file so that two first runs at once keep one
 * secret, not two.
 */

import { chmod, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { webhookSignature } from '@crypto-pay/protocol/webhooks';
import { CommandFailed } from '../../failures.ts';
import type { Io } from '../../io.ts';

/** The file's name in the config directory. */
export const SECRETS_FILE = 'listen-secrets.json';

/**
 * `crypto-pay` in the user's config directory: `%APPDATA%` on Windows, else `$XDG_CONFIG_HOME`
 * (ignored when relative, as the XDG spec says), else `~/.config`.
 */
export function configDirOf(env: Io['env'], platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME || homedir();
  if (platform === 'win32') {
    return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'crypto-pay');
  }
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), 'crypto-pay');
}

export interface ListenSecret {
  secret: string;
  /** The file it is kept in. */
  file: string;
  /** Whether this run made it (the first run for this proxy). */
  created: boolean;
}

/** The proxy address → secret map of `file`; empty when there is no file yet. */
async function secretsIn(file: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CommandFailed(
      `Could not read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check its permissions.`,
    );
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed).filter(([, value]) => typeof value === 'string'),
      ) as Record<string, string>;
    }
  } catch {}
  throw new CommandFailed(
    `${file} is not a JSON object of proxy addresses and secrets: fix it, or delete it to make new secrets.`,
  );
}

/** How long a run waits for another's lock before it says so. */
const LOCK_WAIT_MS = 5_000;

/** Runs `change` holding `${file}.lock` (made with O_EXCL: one holder at a time). */
async function locked<T>(file: string, change: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const since = performance.now();
  for (;;) {
    try {
      await (await open(lock, 'wx', 0o600)).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (performance.now() - since > LOCK_WAIT_MS) {
        throw new CommandFailed(
          `${lock} has been there for over ${LOCK_WAIT_MS / 1000} s: if no other listen is starting, delete it.`,
        );
      }
      await setTimeout(25);
    }
  }
  try {
    return await change();
  } finally {
    await rm(lock, { force: true });
  }
}

/** The secret kept for `proxyUrl`, made and kept now if there is none. */
export async function listenSecretFor(proxyUrl: string, env: Io['env']): Promise<ListenSecret> {
  const dir = configDirOf(env);
  const file = join(dir, SECRETS_FILE);
  const kept = (await secretsIn(file))[proxyUrl];
  if (kept?.startsWith('whsec_')) {
    signable(kept, proxyUrl, file);
    await tighten(file);
    return { secret: kept, file, created: false };
  }
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // An existing directory keeps its mode otherwise: this one holds secrets.
    await chmod(dir, 0o700);
  } catch (error) {
    throw cannotKeep(file, error);
  }
  return locked(file, async () => {
    // Read again under the lock: another first run may have kept one meanwhile.
    const secrets = await secretsIn(file);
    const theirs = secrets[proxyUrl];
    if (theirs?.startsWith('whsec_')) return { secret: theirs, file, created: false };
    const secret = newWebhookSecret();
    try {
      const written = `${file}.${process.pid}.tmp`;
      await writeFile(written, `${JSON.stringify({ ...secrets, [proxyUrl]: secret }, null, 2)}\n`, {
        mode: 0o600,
      });
      await rename(written, file);
    } catch (error) {
      throw cannotKeep(file, error);
    }
    return { secret, file, created: true };
  });
}

/**
 * Refuses a kept secret that cannot sign (a hand-edited `whsec_…` that is not base64): said once,
 * at the start, rather than as every event's failed delivery.
 */
function signable(secret: string, proxyUrl: string, file: string): void {
  try {
    webhookSignature([secret], 'msg_check', new Date(0), '');
  } catch {
    throw new CommandFailed(
      `The secret kept for ${proxyUrl} in ${file} is not a whsec_ secret that can sign: fix it, or delete its line to make a new one.`,
    );
  }
}

function cannotKeep(file: string, error: unknown): CommandFailed {
  return new CommandFailed(
    `Could not keep the webhook signing secret in ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}): set XDG_CONFIG_HOME to a folder you can write.`,
  );
}

/** A secrets file others may read (copied, restored from a backup) is made 0600 again. */
async function tighten(file: string): Promise<void> {
  if (process.platform === 'win32') return;
  const { mode } = await stat(file);
  if ((mode & 0o077) !== 0) await chmod(file, 0o600);
}
