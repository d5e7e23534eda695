/**
 * `crypto-pay events list|redeliver`: the proxy's webhook events in the order they happened, as
 * `GET /admin/events` pages them, and sending one again to every endpoint that takes its type.
 */

import type { WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import type { Command } from 'commander';
import { eventTypeArgument, idArgument, limitOption } from '../flags.ts';
import { printJson, printMore, printTable, timeOf } from '../io.ts';
import type { CommandContext } from '../program.ts';

/**
 * `GET /admin/events`: oldest first, `next_after` when the page is full. The protocol's `Page` is
 * newest first with `next_before`; this list pages the other way, so its answer is spelt here.
 */
export interface EventPage {
  data: WebhookEvent[];
  next_after?: string;
}

/** `POST /admin/events/{id}/redeliver`'s 202 (the proxy's OpenAPI `redeliveredSchema`). */
export interface Redelivered {
  id: string;
  queued: true;
  deliveries: number;
}

/**
 * What an event is about: the checkout's id (what `checkouts show` takes), or the relayed
 * callback's foreign_id (the merchant's own: an invoice's, a withdrawal's), else its id at the
 * service; with the checkout's status detail (underpaid, late, overpaid) when it has one.
 */
export function subjectOf(event: WebhookEvent): string {
  const data = event.data as Record<string, unknown>;
  const subject = event.type.startsWith('checkout.') ? data.id : (data.foreign_id ?? data.id);
  const named = typeof subject === 'string' || typeof subject === 'number' ? String(subject) : '-';
  return typeof data.status_detail === 'string' ? `${named} (${data.status_detail})` : named;
}

/** The one table of events, `events list`'s and `trigger`'s. */
export const EVENT_COLUMNS = [
  ['TIME', (event: WebhookEvent) => timeOf(Date.parse(event.timestamp) / 1000)],
  ['TYPE', (event: WebhookEvent) => event.type],
  ['ID', (event: WebhookEvent) => event.id],
  ['ABOUT', subjectOf],
] as const;

export function eventCommands(program: Command, context: CommandContext): void {
  const events = program
    .command('events')
    .description(
      "List the proxy's webhook events (checkout.paid, invoice.confirmed, …) and send one again.",
    );
  events
    .command('list')
    .description(
      'List events in the order they happened, oldest first (the merchant API pages forward only: --after goes on from a page).',
    )
    .option('--type <type>', 'only events of this type, e.g. checkout.paid', eventTypeArgument)
    .option('--after <id>', 'only events after this one (the next_after of the previous page)')
    .addOption(limitOption())
    .option('--json', 'print the answer as JSON')
    .action(
      async (
        options: { type?: string; after?: string; limit: number; json?: boolean },
        command: Command,
      ) => {
        const page = await context.api(command).get<EventPage>('/admin/events', {
          type: options.type,
          after: options.after,
          limit: options.limit,
        });
        if (options.json) return printJson(context.io, page);
        printTable(context.io, EVENT_COLUMNS, page.data, 'No events.');
        if (page.next_after) {
          printMore(context.io, command, {
            '--type': options.type,
            '--limit': options.limit,
            '--after': page.next_after,
          });
        }
      },
    );
  events
    .command('redeliver')
    .description(
      'Send an event again to every webhook endpoint that takes its type (through the outbox, retried like any delivery).',
    )
    .argument('<id>', 'the event id (evt_…), as `events list` shows it', idArgument)
    .option('--json', 'print the answer as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const queued = await context
        .api(command)
        .send<Redelivered>('POST', `/admin/events/${encodeURIComponent(id)}/redeliver`);
      if (options.json) return printJson(context.io, queued);
      const endpoints = queued.deliveries === 1 ? 'endpoint' : 'endpoints';
      context.io.stdout.write(
        `Queued ${queued.id} again for ${queued.deliveries} ${endpoints}: \`crypto-pay webhook-endpoints list\` shows how they fare.\n`,
      );
    });
}
