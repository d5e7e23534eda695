/**
 * `crypto-pay checkouts list|show`: the proxy's checkouts, newest first, as `GET /admin/checkouts`
 * and `GET /admin/checkouts/{id}` answer them.
 */

import type { Page } from '@crypto-pay/protocol/merchant-api';
import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import type { Command } from 'commander';
import { limitOption } from '../flags.ts';
import { printJson, printMore, printTable, timeOf } from '../io.ts';
import type { CommandContext } from '../program.ts';

const columns = [
  ['ID', (checkout: MerchantCheckout) => checkout.id],
  [
    'STATUS',
    (checkout: MerchantCheckout) =>
      checkout.status + (checkout.status_detail ? ` (${checkout.status_detail})` : ''),
  ],
  ['AMOUNT', (checkout: MerchantCheckout) => `${checkout.amount} ${checkout.currency.iso}`],
  ['PAID WITH', (checkout: MerchantCheckout) => checkout.payment_currency?.iso ?? '-'],
  ['CREATED', (checkout: MerchantCheckout) => timeOf(checkout.created_at)],
  ['FOREIGN ID', (checkout: MerchantCheckout) => checkout.foreign_id],
] as const;

export function checkoutCommands(program: Command, context: CommandContext): void {
  const checkouts = program
    .command('checkouts')
    .description("List and show the proxy's checkouts.");
  checkouts
    .command('list')
    .description('List checkouts, newest first.')
    .option('--status <status>', 'only checkouts in this status, e.g. paid')
    .option('--search <text>', 'only checkouts whose id, foreign_id or product matches')
    .addOption(limitOption())
    .option('--before <id>', 'the page after this checkout (the next_before of the previous page)')
    .option('--json', 'print the answer as JSON')
    .action(
      async (
        options: {
          status?: string;
          search?: string;
          limit: number;
          before?: string;
          json?: boolean;
        },
        command: Command,
      ) => {
        const api = context.api(command);
        const page = await api.get<Page<MerchantCheckout>>('/admin/checkouts', {
          status: options.status,
          q: options.search,
          limit: options.limit,
          before: options.before,
        });
        if (options.json) return printJson(context.io, page);
        printTable(context.io, columns, page.data, 'No checkouts.');
        if (page.next_before) {
          printMore(context.io, 'checkouts list', {
            '--status': options.status,
            '--search': options.search,
            '--limit': options.limit,
            '--before': page.next_before,
          });
        }
      },
    );
  checkouts
    .command('show')
    .description('Show one checkout, as the merchant API shows it.')
    .argument('<id>', 'the checkout id (the ?checkout= of the return page)')
    .option('--json', 'print the answer as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const checkout = await context
        .api(command)
        .get<MerchantCheckout>(`/admin/checkouts/${encodeURIComponent(id)}`);
      if (options.json) return printJson(context.io, checkout);
      printTable(context.io, columns, [checkout], '');
    });
}
