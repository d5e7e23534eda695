/**
 * How the dashboard writes values: times (UTC, to the second, so two people reading a payment
 * over the phone see the same), amounts (every digit of the API's decimal strings, grouped as the
 * customer's widget writes them, never through a float), currencies, statuses in words, and a
 * JSON body for reading.
 */

import type { ServiceCurrencyRef } from '@crypto-pay/protocol';
import type { CheckoutStatus } from '@crypto-pay/protocol/checkout-status';
import { compareDecimal, isDecimal, subtractDecimal } from '@crypto-pay/protocol/money';
import type { StatusDetail } from '@crypto-pay/protocol/proxy-api';
import { englishAmount, networkName } from '@crypto-pay/widget/customer-wording';

/** A currency as the proxy (`CurrencyRef`) or the service (a null network) writes it. */
type CurrencyRef = ServiceCurrencyRef;

import { strings } from './strings.ts';

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `29 Nov 2026, 05:40:12 UTC` of Unix seconds. */
export function formatTime(unixSeconds: number | undefined): string {
  if (unixSeconds === undefined || !Number.isFinite(unixSeconds)) return strings.none;
  return `${TIME.format(new Date(unixSeconds * 1000))} UTC`;
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
});

/**
 * `02 Nov 2026` of a UTC day as the API writes it (`2026-11-02`): the day as `formatTime` writes
 * a time's, so the list's rows and the chart's days read alike. Anything else is shown as given.
 */
export function formatDay(date: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(ms) ? date : DAY.format(new Date(ms));
}

/** `USDT on Tron` (the network named as the widget names it to the customer), or just `EUR`. */
export function formatCurrency(currency: CurrencyRef | undefined): string {
  if (!currency) return strings.none;
  return currency.network_name
    ? strings.currencyOnNetwork(currency.iso, networkName(currency.network_name))
    : currency.iso;
}

/**
 * `12,500.00 EUR`: every digit the API wrote, grouped as the customer's widget writes it in
 * English (`englishAmount`); never rounded, never through a float.
 */
export function formatAmount(amount: string, currency?: CurrencyRef | undefined): string {
  const digits = englishAmount(amount);
  return currency ? `${digits} ${currency.iso}` : digits;
}

/** The status in words, with the detail when there is one: `Failed: underpaid`. */
export function statusWords(status: CheckoutStatus, detail?: StatusDetail): string {
  const words = strings.statuses[status];
  return detail ? `${words}: ${strings.detailShort[detail]}` : words;
}

/**
 * What was sent beside what was due, when a callback reported both in one currency; with the
 * difference when they differ: `short` (less arrived than was due) or `over` (more did).
 * Undefined when there is nothing to compare.
 */
export function paymentAmounts(
  due: { amount: string; currency: CurrencyRef } | undefined,
  sent: { amount: string; currency: CurrencyRef } | undefined,
):
  | {
      due: string;
      sent: string;
      currency: CurrencyRef;
      difference?: { amount: string; direction: 'short' | 'over' };
    }
  | undefined {
  if (!due || !sent || !isDecimal(due.amount) || !isDecimal(sent.amount)) return undefined;
  if (due.currency.iso !== sent.currency.iso) return undefined;
  if ((due.currency.network_name ?? null) !== (sent.currency.network_name ?? null))
    return undefined;
  const amounts = { due: due.amount, sent: sent.amount, currency: sent.currency };
  const order = compareDecimal(sent.amount, due.amount);
  if (order === 0) return amounts;
  return {
    ...amounts,
    difference:
      order > 0
        ? { amount: subtractDecimal(sent.amount, due.amount), direction: 'over' }
        : { amount: subtractDecimal(due.amount, sent.amount), direction: 'short' },
  };
}

/** A webhook delivery attempt the receiver took: it answered 2xx. */
export function deliveredOk(attempt: { status_code?: number | undefined }): boolean {
  const status = attempt.status_code;
  return status !== undefined && status >= 200 && status < 300;
}

/** A JSON value indented for reading (a callback's body), shown as text. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

/**
 * An audit entry's detail as lines a person reads, `Role: viewer → operator`, not JSON: each key
 * in words (one a newer proxy adds shows as its key), lists joined, yes and no.
 */
export function auditDetailLines(detail: Record<string, unknown>): string[] {
  const t = strings.audit;
  const label = (key: string) =>
    Object.hasOwn(t.detailKeys, key) ? t.detailKeys[key as keyof typeof t.detailKeys] : key;
  const role = (value: unknown) =>
    typeof value === 'string' && Object.hasOwn(strings.roles, value)
      ? strings.roles[value as keyof typeof strings.roles]
      : words(value);
  const words = (value: unknown): string =>
    typeof value === 'boolean'
      ? value
        ? t.yes
        : t.no
      : Array.isArray(value)
        ? value.map(words).join(', ')
        : typeof value === 'object' && value !== null
          ? JSON.stringify(value)
          : String(value);
  return Object.entries(detail)
    .filter(([key]) => key !== 'previous_role')
    .map(([key, value]) => {
      // Said as what happened, not "Password changed: yes": the log never holds the password.
      if (key === 'password_changed' && value === true) return t.passwordSet;
      const shown =
        key === 'role'
          ? detail.previous_role === undefined
            ? role(value)
            : t.roleChange(role(detail.previous_role), role(value))
          : key === 'amount' && isDecimal(value)
            ? formatAmount(value)
            : key === 'reason' && typeof value === 'string' && Object.hasOwn(t.reasons, value)
              ? t.reasons[value as keyof typeof t.reasons]
              : words(value);
      return `${label(key)}: ${shown}`;
    });
}
