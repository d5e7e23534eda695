/**
 * `crypto-pay-proxy users add --role <role> <name>`: makes a dashboard account in the store of
 * DATABASE_URL (the first owner, say). The password is never an argument (it would stay in the
 * shell's history and show in `ps`): asked twice without echo on a terminal, or read as one
 * line from stdin when piped. `crypto-pay-proxy users remove <name>` removes one, as the
 * dashboard does (never the last enabled owner).
 */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { validate } from '@crypto-pay/protocol';
import { hashPassword } from '../accounts/passwords.ts';
import { createAccountSchema } from '../http/account-schemas.ts';
import { DatabaseFileError, DatabaseRefusedError } from '../store/open-failure.ts';
import { SchemaTooNewError } from '../store/schema.ts';
import { DEFAULT_DATABASE_URL } from './config.ts';
import { databaseOf } from './database-url.ts';
import { openStore } from './server.ts';

/** The audit log's actor of accounts made and removed here. */
export const COMMAND_LINE_ACTOR = 'command-line';

/** Asks twice on the terminal, echoing nothing of what is typed; the two must be the same. */
async function askTwiceHidden(name: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  // One reader for both answers: lines typed ahead are not lost between the two questions.
  const lines = createInterface({ input: process.stdin, output: silent, terminal: true });
  const typed = lines[Symbol.asyncIterator]();
  const ask = async (prompt: string) => {
    process.stderr.write(prompt);
    const line = await typed.next();
    process.stderr.write('\n');
    if (line.done) throw new Error('no password was typed');
    return line.value;
  };
  // Ctrl-C: give up (the terminal is raw, so no signal ends the process by itself).
  lines.once('SIGINT', () => {
    process.stderr.write('\n');
    process.exit(130);
  });
  try {
    const first = await ask(`Password for ${name}: `);
    const second = await ask('The same password again: ');
    if (first !== second) throw new Error('the two passwords differ');
    return first;
  } finally {
    lines.close();
  }
}

/** The first line of stdin, piped (`printf '%s\n' "$PASSWORD" | crypto-pay-proxy users add …`). */
async function readPipedLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

const passwordFor = (name: string) =>
  process.stdin.isTTY ? askTwiceHidden(name) : readPipedLine();

/**
 * The SQLite file `databaseUrl` names, absolute, when there is none yet: the command would make
 * a new database, which is right only before the proxy's first start. A relative path run from
 * another directory, or a typing mistake, lands there too, and the account is then unknown to
 * the proxy that runs.
 */
function newSqliteFile(databaseUrl: string): string | undefined {
  const database = databaseOf(databaseUrl);
  if (database.kind !== 'sqlite' || database.file === ':memory:') return undefined;
  return existsSync(database.file) ? undefined : resolve(database.file);
}

/**
 * `users add`, its command line parsed (`command-line.ts`): one line on stdout when done (and
 * one on stderr when it made a new SQLite database), one on stderr and a non-zero exit code (2
 * for a name, role or password refused, 1 otherwise) when not. Reads only `DATABASE_URL` from
 * `env`.
 */
export async function addUserCommand(
  name: string,
  role: string,
  env: Record<string, string | undefined>,
): Promise<number> {
  try {
    const password = await passwordFor(name);
    const checked = validate(createAccountSchema, { name, password, role });
    if (!checked.success) {
      console.error(`crypto-pay-proxy: ${checked.failure.error.message.replace(/\.$/, '')}.`);
      return 2;
    }
    const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
    const newFile = newSqliteFile(databaseUrl);
    const store = await openStore(databaseUrl);
    try {
      const now = Date.now();
      const account = {
        name,
        passwordHash: await hashPassword(password),
        role: checked.data.role,
        createdAt: now,
      };
      if ((await store.createAccount(account)) === 'name_taken') {
        console.error(
          `crypto-pay-proxy: an account named ${name} exists already: change it in the dashboard (Accounts) or PATCH /admin/accounts/${name}.`,
        );
        return 1;
      }
      await store.writeAudit({
        at: now,
        actor: COMMAND_LINE_ACTOR,
        action: 'account_created',
        target: name,
        detail: { role: account.role },
      });
    } finally {
      await store.close();
    }
    console.log(`crypto-pay-proxy: added ${name} (${role}); sign in at the dashboard.`);
    if (newFile) {
      console.error(
        `crypto-pay-proxy: ${newFile} did not exist, so the account is in a new database made there: a proxy already running uses another file, and its sign-in will not know ${name}. Give this command the proxy's DATABASE_URL (a relative path counts from the current directory).`,
      );
    }
    return 0;
  } catch (error) {
    return failed('add', error);
  }
}

/**
 * The line on stderr, and exit code 1, of a `users` command that failed: a file or server
 * refusing DATABASE_URL is fixed there, as the proxy's own start says.
 */
function failed(command: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  const variable =
    error instanceof DatabaseFileError ||
    error instanceof DatabaseRefusedError ||
    error instanceof SchemaTooNewError
      ? 'DATABASE_URL: '
      : '';
  console.error(
    `crypto-pay-proxy: users ${command} failed: ${variable}${message.replace(/\.$/, '')}.`,
  );
  return 1;
}

/**
 * `users remove`, its command line parsed: the store's own removal, the dashboard's (the
 * account's sessions end at once; the last enabled owner stays), audited as `account_removed`
 * by `command-line`. One line on stdout when done; one on stderr and exit code 1 for a name the
 * store does not know, the last enabled owner, or a store that cannot be opened. Reads only
 * `DATABASE_URL` from `env`.
 */
export async function removeUserCommand(
  name: string,
  env: Record<string, string | undefined>,
): Promise<number> {
  try {
    const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
    // No database there: opening it would make an empty one, which knows no account either.
    const missing = newSqliteFile(databaseUrl);
    if (missing) {
      console.error(
        `crypto-pay-proxy: users remove failed: DATABASE_URL: ${missing} does not exist. Give this command the proxy's DATABASE_URL (a relative path counts from the current directory).`,
      );
      return 1;
    }
    const store = await openStore(databaseUrl);
    try {
      const now = Date.now();
      const removed = await store.removeAccount(name, now);
      if (removed === undefined) {
        console.error(
          `crypto-pay-proxy: there is no account named ${name} (the dashboard's Accounts lists them).`,
        );
        return 1;
      }
      if (removed === 'last_owner') {
        console.error(
          `crypto-pay-proxy: ${name} is the last enabled owner: make another account an owner first (users add --role owner <name>).`,
        );
        return 1;
      }
      await store.writeAudit({
        at: now,
        actor: COMMAND_LINE_ACTOR,
        action: 'account_removed',
        target: name,
        detail: { role: removed.role },
      });
      console.log(`crypto-pay-proxy: removed ${name} (${removed.role}); its sessions have ended.`);
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    return failed('remove', error);
  }
}
