/**
 * `crypto-pay checkouts list|show`: the proxy's checkouts, newest first, as `GET /admin/checkouts`
 * and `GET /admin/checkouts/{id}` answer them.
 */

import type { Page } from '@crypto-pay/protocol/merchant-api';
import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import type { Command } from 'commander';
import {
  checkoutStatusArgument,
  idArgument,
  limitOption,
  SEARCHED,
  searchArgument,
} from '../flags.ts';
import { currencyOnNetwork, printFacts, printJson, printMore, printTable, timeOf } from '../io.ts';
import type { CommandContext } from '../program.ts';

/** The currency paid in and its network (`USDT on tron`). */
const paidWith = (checkout: MerchantCheckout) =>
  checkout.payment_currency && currencyOnNetwork(checkout.payment_currency);

/** The status with its detail, and `stale` while no final status came long after expiry. */
function statusOf(checkout: MerchantCheckout): string {
  const notes = [checkout.status_detail, checkout.stale_since === undefined ? undefined : 'stale'];
  const said = notes.filter((note) => note !== undefined);
  return said.length > 0 ? `${checkout.status} (${said.join(', ')})` : checkout.status;
}
const amountOf = (checkout: MerchantCheckout) => `${checkout.amount} ${checkout.currency.iso}`;

const columns = [
  ['ID', (checkout: MerchantCheckout) => checkout.id],
  ['STATUS', statusOf],
  ['AMOUNT', amountOf],
  ['PAID WITH', (checkout: MerchantCheckout) => paidWith(checkout) ?? '-'],
  ['CREATED', (checkout: MerchantCheckout) => timeOf(checkout.created_at)],
  ['FOREIGN ID', (checkout: MerchantCheckout) => checkout.foreign_id],
] as const;

/** Every field of one checkout, for `checkouts show`. */
function factsOf(checkout: MerchantCheckout) {
  return [
    ['ID', checkout.id],
    ['STATUS', statusOf(checkout)],
    ['AMOUNT', amountOf(checkout)],
    ['PAID WITH', paidWith(checkout)],
    ['PRICING', checkout.product ? `${checkout.pricing} (${checkout.product})` : checkout.pricing],
    ['CREATED', timeOf(checkout.created_at)],
    ['UPDATED', timeOf(checkout.updated_at)],
    ['EXPIRES', timeOf(checkout.expires_at)],
    ['STALE SINCE', checkout.stale_since === undefined ? undefined : timeOf(checkout.stale_since)],
    [
      'REFUND',
      checkout.refund_instructions === undefined
        ? undefined
        : checkout.refund_instructions === 'email'
          ? 'the service emails the customer how to get the money back'
          : 'the customer gave no email address: they ask you for the money back',
    ],
    ['FOREIGN ID', checkout.foreign_id],
    ['PAYMENT REQUEST', checkout.payment_request_id],
    ['PAYMENT LINK', checkout.payment_link],
    ['SUCCESS URL', checkout.success_url],
    ['FAILED URL', checkout.failed_url],
  ] as const;
}

export function checkoutCommands(program: Command, context: CommandContext): void {
  const checkouts = program
    .command('checkouts')
    .description("List and show the proxy's checkouts.");
  checkouts
    .command('list')
    .description('List checkouts, newest first.')
    .option(
      '--status <status>',
      'only checkouts in this status: created, processing, paid, failed or expired',
      checkoutStatusArgument,
    )
    .option(
      '--stale',
      'only checkouts still not final long after they expired: their last callback never came',
    )
    .option(
      '--search <reference>',
      `only the checkout this names: ${SEARCHED} (spaces in an id ignored, as the customer reads it out)`,
      searchArgument,
    )
    .addOption(limitOption())
    .option('--before <id>', 'the page after this checkout (the next_before of the previous page)')
    .option('--json', 'print the answer as JSON')
    .action(
      async (
        options: {
          status?: string;
          stale?: true;
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
          stale: options.stale && 'true',
          q: options.search,
          limit: options.limit,
          before: options.before,
        });
        if (options.json) return printJson(context.io, page);
        printTable(context.io, columns, page.data, 'No checkouts.');
        if (page.next_before) {
          printMore(context.io, command, {
            '--status': options.status,
            '--stale': options.stale,
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
    .argument(
      '<id>',
      'the checkout id (the ?checkout= of the return page), or the reference as the customer reads it, in groups',
      idArgument,
    )
    .option('--json', 'print the answer as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      // The reference the customer reads out is the id in groups of four: the spaces go.
      const checkout = await context
        .api(command)
        .get<MerchantCheckout>(`/admin/checkouts/${encodeURIComponent(id.replace(/\s+/g, ''))}`);
      if (options.json) return printJson(context.io, checkout);
      printFacts(context.io, factsOf(checkout));
    });
}
