/**
 * `crypto-pay webhook-endpoints list|add|rotate|disable|enable|remove`: where the proxy sends its
 * webhooks, over `/admin/webhook-endpoints`. A secret is printed only by the command that made
 * it (add, rotate): the proxy never shows it again.
 */

import type { WebhookEndpoint } from '@crypto-pay/protocol/merchant-api';
import type { Command } from 'commander';
import { CommandFailed, UsageError } from '../failures.ts';
import { eventTypeListArgument, graceSeconds, idArgument, webhookEndpointUrl } from '../flags.ts';
import { type Io, painter, printJson, printTable, timeOf } from '../io.ts';
import type { CommandContext } from '../program.ts';

const ENDPOINT_ID = 'the endpoint id (whe_…), as `webhook-endpoints list` shows it';

/** `POST /admin/webhook-endpoints`'s 201: the endpoint and, this once, its secret. */
export type EndpointWithSecret = WebhookEndpoint & { secret: string };

/** `POST /admin/webhook-endpoints/{id}/rotate-secret`'s 200 (the proxy's `rotatedSecretSchema`). */
export interface RotatedSecret {
  id: string;
  secret: string;
  previous_secret_expires_at: number;
}

const stateOf = (endpoint: WebhookEndpoint) =>
  endpoint.disabled
    ? 'disabled'
    : endpoint.failing_since === undefined
      ? endpoint.status
      : `${endpoint.status} since ${timeOf(endpoint.failing_since)}`;

const columns = [
  ['ID', (endpoint: WebhookEndpoint) => endpoint.id],
  ['URL', (endpoint: WebhookEndpoint) => endpoint.url],
  ['EVENTS', (endpoint: WebhookEndpoint) => endpoint.event_types?.join(',') ?? 'all'],
  ['STATE', stateOf],
  ['CREATED', (endpoint: WebhookEndpoint) => timeOf(endpoint.created_at)],
  // The API's names: `environment` is WEBHOOK_URL's endpoint, `merchant_api` one added through it.
  ['SOURCE', (endpoint: WebhookEndpoint) => endpoint.source],
] as const;

/** A new secret for people: on stdout with the endpoint, and a line that it will not come again. */
function printSecret(io: Io, secret: string): void {
  const paint = painter(io.stdout, io.env);
  io.stdout.write(`Secret: ${paint('bold', secret)}\n`);
  io.stdout.write(
    `${paint('yellow', 'It is shown only now: keep it where your webhook handler verifies the signatures (Standard Webhooks).')}\n`,
  );
}

export function webhookEndpointCommands(program: Command, context: CommandContext): void {
  const { io } = context;
  const endpoints = program
    .command('webhook-endpoints')
    .description(
      'List, add, rotate, disable, enable and remove the endpoints the proxy sends its webhooks to.',
    );
  const path = (id: string) => `/admin/webhook-endpoints/${encodeURIComponent(id)}`;

  endpoints
    .command('list')
    .description('List the webhook endpoints (never their secrets) and how their deliveries fare.')
    .option('--json', 'print the answer as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const list = await context
        .api(command)
        .get<{ data: WebhookEndpoint[] }>('/admin/webhook-endpoints');
      if (options.json) return printJson(io, list);
      printTable(
        io,
        columns,
        list.data,
        'No webhook endpoints: `crypto-pay webhook-endpoints add <url>` adds one.',
      );
    });

  endpoints
    .command('add')
    .description('Add an endpoint and print its new secret, this once.')
    .argument(
      '<url>',
      "where to send the webhooks: https, or http on 127.0.0.1 or localhost, which is the proxy's own machine (for a handler on your laptop and a proxy elsewhere, use `crypto-pay listen`)",
      webhookEndpointUrl,
    )
    .option(
      '--events <types>',
      'only these event types, comma-separated (e.g. checkout.paid,checkout.failed); all when left out',
      eventTypeListArgument,
    )
    .option('--json', 'print the answer as JSON, the secret in it')
    .action(
      async (url: string, options: { events?: string[]; json?: boolean }, command: Command) => {
        const added = await context
          .api(command)
          .send<EndpointWithSecret>('POST', '/admin/webhook-endpoints', {
            url,
            ...(options.events ? { event_types: options.events } : {}),
          });
        if (options.json) return printJson(io, added);
        const { secret, ...endpoint } = added;
        printTable(io, columns, [endpoint], '');
        printSecret(io, secret);
      },
    );

  endpoints
    .command('rotate')
    .description(
      'Give an endpoint a new secret; the old one signs too for a grace period, so the handler can switch without missing a webhook (an owner’s change).',
    )
    .argument('<id>', ENDPOINT_ID, idArgument)
    .option(
      '--grace-seconds <n>',
      'how long the old secret signs too, 0 to 604800 (default: a day)',
      graceSeconds,
    )
    .option('--json', 'print the answer as JSON, the secret in it')
    .action(
      async (id: string, options: { graceSeconds?: number; json?: boolean }, command: Command) => {
        const rotated = await context
          .api(command)
          .send<RotatedSecret>(
            'POST',
            `${path(id)}/rotate-secret`,
            options.graceSeconds === undefined ? {} : { grace_seconds: options.graceSeconds },
          );
        if (options.json) return printJson(io, rotated);
        io.stdout.write(`New secret of ${rotated.id}.\n`);
        printSecret(io, rotated.secret);
        io.stdout.write(
          options.graceSeconds === 0
            ? 'The old secret no longer signs.\n'
            : `The old secret signs too until ${timeOf(rotated.previous_secret_expires_at)}: every webhook carries both signatures until then.\n`,
        );
      },
    );

  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    endpoints
      .command(name)
      .description(
        disabled
          ? 'Stop queuing events for an endpoint (its pending deliveries end); `enable` sends again.'
          : 'Queue events for a disabled endpoint again, from the next one on.',
      )
      .argument('<id>', ENDPOINT_ID, idArgument)
      .option('--json', 'print the answer as JSON')
      .action(async (id: string, options: { json?: boolean }, command: Command) => {
        const changed = await context
          .api(command)
          .send<WebhookEndpoint>('PATCH', path(id), { disabled });
        if (options.json) return printJson(io, changed);
        printTable(io, columns, [changed], '');
      });
  }

  endpoints
    .command('remove')
    .description(
      'Remove an endpoint for good: nothing more is sent to it and its pending deliveries end (`disable` stops it until `enable`). Asks first on a terminal; --yes confirms (needed without a terminal).',
    )
    .argument('<id>', ENDPOINT_ID, idArgument)
    .option('--yes', 'remove without asking (a script, CI)')
    .option('--json', 'print the answer as JSON ({"id": …, "deleted": true})')
    .action(async (id: string, options: { yes?: boolean; json?: boolean }, command: Command) => {
      if (!options.yes && !io.ask) {
        throw new UsageError(
          `webhook-endpoints remove deletes ${id} for good and there is no terminal to ask on: add --yes to confirm.`,
        );
      }
      const api = context.api(command);
      if (!options.yes && io.ask) {
        // Its address, to be sure of the one removed; an unknown id is left to the proxy's 404.
        const listed = await api.get<{ data: WebhookEndpoint[] }>('/admin/webhook-endpoints');
        const endpoint = listed.data.find((item) => item.id === id);
        if (endpoint) {
          const answer = await io.ask(`Remove ${endpoint.url} (${id})? [y/N] `);
          if (!/^y(es)?$/i.test(answer.trim())) {
            throw new CommandFailed(`Not removed: ${id} still receives its webhooks.`);
          }
        }
      }
      await api.send<undefined>('DELETE', path(id));
      if (options.json) return printJson(io, { id, deleted: true });
      io.stdout.write(`Removed ${id}: the proxy sends it nothing more.\n`);
    });
}
