/**
 * The local webhook signing secret of `crypto-pay listen`: one `whsec_…` per proxy address, made
 * the first time and kept in the user's config directory, so a handler configured with it keeps
 * working across runs (as `stripe listen` keeps its own). The file holds secrets: mode 0600 in a
 * 0700 directory, replaced whole (written beside, then renamed) so a reader never sees half.
 */

import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { CommandFailed } from '../failures.ts';
import type { Io } from '../io.ts';

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

/** The secret kept for `proxyUrl`, made and kept now if there is none. */
export async function listenSecretFor(proxyUrl: string, env: Io['env']): Promise<ListenSecret> {
  const dir = configDirOf(env);
  const file = join(dir, SECRETS_FILE);
  const secrets = await secretsIn(file);
  const kept = secrets[proxyUrl];
  if (kept?.startsWith('whsec_')) return { secret: kept, file, created: false };
  const secret = newWebhookSecret();
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // An existing directory keeps its mode otherwise: this one holds secrets.
    await chmod(dir, 0o700);
    const written = `${file}.${process.pid}.tmp`;
    await writeFile(written, `${JSON.stringify({ ...secrets, [proxyUrl]: secret }, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(written, file);
  } catch (error) {
    throw new CommandFailed(
      `Could not keep the webhook signing secret in ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}): set XDG_CONFIG_HOME to a folder you can write.`,
    );
  }
  return { secret, file, created: true };
}
