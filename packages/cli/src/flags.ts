/**
 * The parsers of the flags' values, as commander `argParser`s: a bad value ends the command with
 * exit 2 and a sentence naming the flag (`run.ts`) before anything is sent. Rules across flags
 * stay with their command (`UsageError`).
 */

import { blockedPortProblem } from '@crypto-pay/protocol';
import { CHECKOUT_STATUSES, type CheckoutStatus } from '@crypto-pay/protocol/checkout-status';
import { eventTypeProblem, nearestOf } from '@crypto-pay/protocol/event-types';
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '@crypto-pay/protocol/merchant-api';
import { compareDecimal, isBoundedDecimal } from '@crypto-pay/protocol/money';
import { webhookUrlProblem } from '@crypto-pay/protocol/webhooks';
import { InvalidArgumentError, Option } from 'commander';

/** A whole number from 1 to `max`. */
export const positiveInt =
  (max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < 1 || number > max) {
      throw new InvalidArgumentError(`Give a whole number from 1 to ${max}.`);
    }
    return number;
  };

/** An id given as an argument: a blank one would ask for the list's address, not an item's. */
export function idArgument(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('Give the id: it is blank.');
  return value;
}

/** A webhook endpoint's address, by the proxy's own rule, checked before it is sent. */
export function webhookEndpointUrl(value: string): string {
  const problem = webhookUrlProblem(value);
  if (problem) throw new InvalidArgumentError(`The url ${problem}.`);
  return value;
}

/** `--limit`, the merchant API's page size (1 to its `MAX_PAGE_SIZE`; 20 by default, a screenful). */
export const limitOption = () =>
  new Option('--limit <n>', `how many to list (1 to ${MAX_PAGE_SIZE})`)
    .argParser(positiveInt(MAX_PAGE_SIZE))
    .default(20);

/** The proxy's bounds of a rotation's grace period: up to 7 days. */
export const MAX_GRACE_SECONDS = 604_800;

/** `--grace-seconds`: a whole number of seconds from 0 to 7 days. */
export function graceSeconds(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > MAX_GRACE_SECONDS) {
    throw new InvalidArgumentError(
      `Give a whole number of seconds from 0 to ${MAX_GRACE_SECONDS} (7 days).`,
    );
  }
  return number;
}

/** `--amount`: a decimal above zero, kept as its digits (never through a float). */
export function amountArgument(value: string): string {
  if (!isBoundedDecimal(value) || compareDecimal(value, '0') <= 0) {
    throw new InvalidArgumentError('Give an amount above zero in decimal digits, e.g. 12.50.');
  }
  return value;
}

/**
 * An http(s) address with a host, written whole (`3000` or `localhost:3000` is refused rather
 * than guessed at), on a port fetch connects to (a command fetches it); `example` shows the form
 * in the message, and its port the one to use instead.
 */
export const httpAddress =
  (example: string) =>
  (value: string): URL => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      throw new InvalidArgumentError(
        `Give an http or https address with its scheme, like ${example}.`,
      );
    }
    const blocked = blockedPortProblem(url);
    if (blocked) {
      throw new InvalidArgumentError(
        `${url.origin} ${blocked}: nothing was sent. Run it on another port, such as ${new URL(example).port}.`,
      );
    }
    return url;
  };

/** One event type the proxy writes (`events list --type`). */
export function eventTypeArgument(type: string): string {
  const problem = eventTypeProblem(type);
  if (problem) throw new InvalidArgumentError(problem);
  return type;
}

/** Comma-separated event types, each checked, repeats dropped (`--events a,b`). */
export function eventTypeListArgument(value: string): string[] {
  const types = [...new Set(value.split(',').map((type) => type.trim()))].filter(Boolean);
  if (types.length === 0) {
    throw new InvalidArgumentError('Name at least one event type, e.g. checkout.paid.');
  }
  return types.map(eventTypeArgument);
}

/** `--status`: one of the checkout statuses, or the one it was probably meant to be said. */
export function checkoutStatusArgument(status: string): CheckoutStatus {
  const known = CHECKOUT_STATUSES.find((name) => name === status);
  if (known) return known;
  // One letter off at most: the statuses are short words, and `unpaid` is not `paid`.
  const nearest = nearestOf(status, CHECKOUT_STATUSES, 1);
  // Stale is no status (the dashboard's "Waiting for payment (stale)" is `created`): a flag.
  const hint = nearest
    ? `did you mean ${nearest}?`
    : status === 'stale'
      ? 'stale checkouts are listed with --stale.'
      : `give one of ${CHECKOUT_STATUSES.join(', ')}.`;
  throw new InvalidArgumentError(`"${status}" is no checkout status; ${hint}`);
}

/** What `checkouts list --search` finds, as the proxy's `q` searches (its help and its refusals). */
export const SEARCHED =
  'a checkout id (or its first 4 characters or more), foreign_id or payment request id';

/** `--search`: a reference the proxy's `q` takes, neither blank nor longer than it allows. */
export function searchArgument(value: string): string {
  if (!/\S/.test(value)) {
    throw new InvalidArgumentError(`The search is blank: give ${SEARCHED}.`);
  }
  if (value.length > MAX_SEARCH_LENGTH) {
    throw new InvalidArgumentError(
      `The search is ${value.length} characters long; it takes at most ${MAX_SEARCH_LENGTH}: ${SEARCHED}, not a text to search.`,
    );
  }
  return value;
}
