/**
 * `crypto-pay-proxy`'s command line, on commander as the `crypto-pay` CLI's: with no command it
 * starts the proxy (configured by the environment, so it takes no flags); `backup <target-file>`,
 * `users add --role <role> <name>` and `users remove <name>` work on DATABASE_URL's store.
 * `--help` (or `-h`) on each prints its usage with exit 0; a wrong command line says what is
 * wrong, with exit 2.
 */

import { Command, CommanderError } from 'commander';
import { ROLES } from '../store/store.ts';
import { backupCommand } from './backup.ts';
import { addUserCommand, removeUserCommand } from './users.ts';

/** Exit code of a wrong command line, as for a configuration the merchant can fix. */
const USAGE = 2;

/** What the command line asks: start the proxy, or the exit code of the command it ran. */
export async function runCommandLine(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<'start' | number> {
  // No command is a start: commander is not asked, so nothing it parses can stand in the way.
  if (argv.length === 0) return 'start';
  let exitCode = 0;
  const program = new Command('crypto-pay-proxy')
    .usage('[command]')
    .description(
      'The crypto-pay signing proxy. With no command it starts, configured by its environment (PROCESSING_API_KEY, PROCESSING_SIGNING_SECRET, DATABASE_URL, …: see its README).',
    )
    .helpOption('-h, --help', 'print this usage')
    .showHelpAfterError('(add --help for the usage)')
    .configureOutput({ outputError: (text, write) => write(`crypto-pay-proxy: ${text}`) })
    .exitOverride();
  // Made after the settings above, each command inherits the output and the exit override.
  program
    .command('backup')
    .description(
      "Copy DATABASE_URL's SQLite database to a file, consistent while the proxy runs (PostgreSQL: pg_dump).",
    )
    .argument('<target-file>', 'the copy to write; an existing file is not overwritten')
    .action(async (target: string) => {
      exitCode = await backupCommand(target, env);
    });
  const users = program.command('users').description("The back office's accounts.");
  users
    .command('add')
    .description(
      "Make a dashboard account in DATABASE_URL's store (the first owner, say). The password is asked twice on a terminal, or read as one line from stdin; never an argument.",
    )
    .requiredOption('--role <role>', `its role: ${ROLES.join(', ')}`)
    .argument('<name>', 'the name it signs in with')
    .action(async (name: string, options: { role: string }) => {
      exitCode = await addUserCommand(name, options.role, env);
    });
  users
    .command('remove')
    .description(
      "Remove a dashboard account from DATABASE_URL's store, as the dashboard does: its sessions end at once; never the last enabled owner.",
    )
    .argument('<name>', 'the name it signs in with')
    .action(async (name: string) => {
      exitCode = await removeUserCommand(name, env);
    });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    // Commander has printed the help, or what is wrong, already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE;
    throw error;
  }
  return exitCode;
}
