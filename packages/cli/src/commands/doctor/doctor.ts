/**
 * `crypto-pay doctor`: checks a deployment from outside, as a shop's page, an orchestrator and
 * the merchant's server meet it, and prints a checklist with a fix under each failure. Exit 0
 * when nothing failed (warnings and skipped checks included), 1 otherwise.
 */

import { type Command, InvalidArgumentError, Option } from 'commander';
import { CommandFailed } from '../../failures.ts';
import { positiveInt } from '../../flags.ts';
import { printJson } from '../../io.ts';
import type { CommandContext } from '../../program.ts';
import { printChecklist, runChecks } from './checklist.ts';
import { merchantChecks } from './merchant-checks.ts';
import { corsCheck, widgetCheck } from './page-checks.ts';
import { proxyChecks } from './proxy-checks.ts';
import { httpsCheck } from './tls-check.ts';

/** A shop's origin as browsers send it: scheme, host and port, nothing after. */
function originOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError("Give the shop page's origin, like https://shop.example.");
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.origin !== value.replace(/\/$/, '')
  ) {
    throw new InvalidArgumentError(
      `Give an origin alone (scheme://host[:port]), like ${url.origin === 'null' ? 'https://shop.example' : url.origin}.`,
    );
  }
  return url.origin;
}

export function doctorCommand(program: Command, context: CommandContext): void {
  program
    .command('doctor')
    .summary('Check a deployment from outside: a checklist with fixes.')
    .description(
      "Check a deployment from outside: the proxy answers (and its release) and is ready, HTTPS and its certificate, CORS for your shop's origin, the currencies it offers, the widget's parts, the admin token, webhook endpoints and their failures, stale payments, the last callback, and the clocks. A fix under each failure; exit 1 when one failed.",
    )
    .addOption(
      new Option(
        '--origin <origin>',
        "your shop page's origin, to check CORS, e.g. https://shop.example",
      ).argParser(originOf),
    )
    .option(
      '--widget-script <address>',
      'where your page loads crypto-pay.bundled.js from (an https address or a file), to fetch its parts as the page does',
    )
    .addOption(
      new Option('--timeout <seconds>', 'how long each check may take (1 to 300)')
        .argParser(positiveInt(300))
        .default(10),
    )
    .option('--json', 'print the checks as JSON')
    .addHelpText(
      'after',
      "\nHTTPS is checked as Node trusts certificates: its own CA list plus NODE_EXTRA_CA_CERTS=ca.pem, not the system's store unless NODE_USE_SYSTEM_CA=1.",
    )
    .action(
      async (
        options: { origin?: string; widgetScript?: string; timeout: number; json?: boolean },
        command: Command,
      ) => {
        const { io } = context;
        const target = context.api(command).target;
        const proxy = proxyChecks(target);
        const merchant = merchantChecks(target);
        // HTTPS first: over a connection this machine does not trust, nothing else can be asked.
        const checks = [
          httpsCheck(target),
          proxy.proxy,
          proxy.ready,
          corsCheck(target, options.origin),
          proxy.currencies,
          widgetCheck(options.widgetScript, options.origin),
          merchant.token,
          merchant.webhooks,
          merchant.stale,
          merchant.callbacks,
          proxy.clock,
        ];
        const pending = runChecks(checks, {
          target,
          timeoutMs: options.timeout * 1000,
          signal: io.signal,
        });
        const results = options.json
          ? await Promise.all(pending)
          : await printChecklist(
              io,
              pending,
              Math.max(...checks.map((check) => check.title.length)),
            );
        const failed = results.filter((result) => result.outcome === 'fail');
        if (options.json) {
          printJson(io, { proxy: target.proxyUrl, ok: failed.length === 0, checks: results });
        }
        if (failed.length > 0) {
          throw new CommandFailed(
            `crypto-pay doctor: ${failed.map((result) => result.title).join(', ')} failed.`,
          );
        }
      },
    );
}
