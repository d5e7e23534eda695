/**
 * The `crypto-pay` program on commander: the global `--proxy` and `--token`, every command
 * (each file of `commands/` adds its own), and what they share: the proxy's API for this run
 * (said on stderr once, never the token) and flag parsers that end a bad value with a usage
 * error.
 */

import { Command } from 'commander';
import { checkoutCommands } from './commands/checkouts.ts';
import { doctorCommand } from './commands/doctor/doctor.ts';
import { eventCommands } from './commands/events.ts';
import { listenCommand } from './commands/listen/listen.ts';
import { triggerCommand } from './commands/trigger/trigger.ts';
import { webhookEndpointCommands } from './commands/webhook-endpoints.ts';
import type { Io } from './io.ts';
import { type ProxyApi, proxyApi } from './proxy-api.ts';
import { START_PROXY_URL, sayTarget, type TargetOptions, targetOf } from './target.ts';

/** What a command's action is given beside its flags. */
export interface CommandContext {
  io: Io;
  /** The proxy of this run (flags, environment, `pnpm start`), said on stderr at first use. */
  api(command: Command): ProxyApi;
}

export function createProgram(io: Io, version: string): Command {
  let api: ProxyApi | undefined;
  const context: CommandContext = {
    io,
    api(command) {
      if (!api) {
        const target = targetOf(command.optsWithGlobals<TargetOptions>(), io.env);
        sayTarget(io, target);
        api = proxyApi(target, { signal: io.signal });
      }
      return api;
    },
  };
  const program = new Command('crypto-pay')
    .description(
      "A developer's command line for a crypto-pay proxy. It finds the proxy in --proxy, then CRYPTO_PAY_PROXY_URL, then the address `pnpm start` uses; the admin token in --token, then CRYPTO_PAY_ADMIN_TOKEN, then the demo token of `pnpm start` (only for a proxy on this machine).",
    )
    .version(version)
    .option(
      '--proxy <url>',
      `the proxy's address, e.g. https://pay.example.com (else CRYPTO_PAY_PROXY_URL, else ${START_PROXY_URL}, pnpm start's)`,
    )
    .option(
      '--token <token>',
      "the proxy's ADMIN_TOKEN (else CRYPTO_PAY_ADMIN_TOKEN, else pnpm start's demo token)",
    )
    // Each command's --help shows --proxy and --token too: they matter to every command.
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(add --help for the options)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();
  // Made after the settings above, every command inherits the output and the exit override.
  // This order is the help's and the README's.
  listenCommand(program, context);
  triggerCommand(program, context);
  doctorCommand(program, context);
  checkoutCommands(program, context);
  eventCommands(program, context);
  webhookEndpointCommands(program, context);
  return program;
}
