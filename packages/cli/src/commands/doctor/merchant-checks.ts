/**
 * The doctor's checks through the merchant API: the admin token works, the webhook endpoints and
 * their failures, stale payments, and when the last callback of the processing service came.
 * Every one but the first needs the token, so a wrong token is said once (and the proxy's limit
 * on failed tokens is not spent); with no token for a remote proxy none of them is made.
 */

import {
  type DeliveryAttempt,
  type Page,
  STALE_CAUSES,
  type StoredCallback,
  type WebhookBacklog,
  type WebhookEndpoint,
} from '@crypto-pay/protocol/merchant-api';
import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import { timeOf } from '../../io.ts';
import { errorBodyOf, type ProxyApi, refusalText } from '../../proxy-api.ts';
import type { Target } from '../../target.ts';
import { type Check, fail, ok, skip, warn } from './checklist.ts';

/** How many stale payments are listed (one page): past it, "or more". */
const STALE_PAGE = 100;

const ago = (seconds: number, now: number) => {
  const minutes = Math.round((now - seconds) / 60);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** Where the service must send its callbacks: the public address, never the one checked from here. */
const CALLBACK_URL =
  "the callback URL the processing service holds for this merchant must be the proxy's public https address followed by /callbacks/processing";

/** Whether stale payments exist, for the callback check (undefined: not known). */
async function hasStalePayments(api: ProxyApi) {
  const response = await api.fetch('/admin/checkouts?stale=true&limit=1');
  if (!response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  return ((await response.json()) as Page<MerchantCheckout>).data.length > 0;
}

export function merchantChecks(
  target: Target,
): Record<'token' | 'webhooks' | 'stale' | 'callbacks', Check> {
  const nowSeconds = () => Date.now() / 1000;
  return {
    token: {
      id: 'token',
      title: 'Admin token',
      needs: 'proxy',
      async run({ api }) {
        if (target.token === undefined) {
          return skip(
            "no token to check: give --token or CRYPTO_PAY_ADMIN_TOKEN (pnpm start's demo token is sent only to a proxy on this machine).",
          );
        }
        const response = await api.fetch('/admin/checkouts?limit=1');
        if (response.ok) {
          await response.body?.cancel();
          return ok(`the merchant API accepts the token from ${target.tokenFrom}.`);
        }
        const said = refusalText(response, await errorBodyOf(response));
        if (response.status === 401) {
          return fail(
            `the merchant API refused the token from ${target.tokenFrom} ${said}.`,
            "Give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN.",
          );
        }
        if (response.status === 429) {
          return fail(
            `the merchant API refuses this address for a while after failed tokens ${said}.`,
            "Wait a minute, then give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN.",
          );
        }
        return fail(
          `the merchant API did not answer a read ${said}.`,
          response.status === 404
            ? 'Set ADMIN_TOKEN on the proxy (the merchant API is off without it) and expose /admin/ where this command runs.'
            : undefined,
        );
      },
    },
    webhooks: {
      id: 'webhooks',
      title: 'Webhooks',
      needs: 'token',
      async run({ api }) {
        const { data: endpoints } = await api.get<Page<WebhookEndpoint>>(
          '/admin/webhook-endpoints',
        );
        const enabled = endpoints.filter((endpoint) => !endpoint.disabled);
        const add =
          'Set WEBHOOK_URL and WEBHOOK_SECRET on the proxy, or add one with POST /admin/webhook-endpoints (crypto-pay webhook-endpoints add).';
        if (endpoints.length === 0) {
          return warn('no webhook endpoint is configured: your server hears of no payment.', add);
        }
        if (enabled.length === 0) {
          return warn(
            `every webhook endpoint is disabled (${plural(endpoints.length, 'endpoint')}): your server hears of no payment.`,
            add,
          );
        }
        const backlog = await api.get<WebhookBacklog>('/admin/webhook-backlog');
        const troubled = enabled.filter((endpoint) => endpoint.status !== 'ok');
        const lastFailures = await Promise.all(
          troubled.map((endpoint) =>
            api
              .get<Page<DeliveryAttempt>>('/admin/webhook-deliveries', {
                endpoint_id: endpoint.id,
                failed: 'true',
                limit: 1,
              })
              .then((page) => page.data[0]),
          ),
        );
        const waiting =
          backlog.pending === 0
            ? 'no delivery waiting'
            : `${plural(backlog.pending, 'delivery', 'deliveries')} waiting, the oldest since ${timeOf(backlog.oldest_pending_at ?? 0)}`;
        const count = `${plural(enabled.length, 'endpoint')}${enabled.length < endpoints.length ? ` (and ${endpoints.length - enabled.length} disabled)` : ''}`;
        if (troubled.length === 0) return ok(`${count}, all delivering; ${waiting}.`);
        const described = troubled.map((endpoint, index) => {
          const last = lastFailures[index];
          const since = endpoint.failing_since ? ` since ${timeOf(endpoint.failing_since)}` : '';
          const why = last ? ` (last: ${last.error ?? `answered ${last.status_code}`})` : '';
          return `${endpoint.url} ${endpoint.status}${since}${why}`;
        });
        const summary = `${count}; ${described.join('; ')}; ${waiting}.`;
        const fix =
          'Make that URL answer 2xx to a signed POST (the proxy keeps retrying): GET /admin/webhook-deliveries?failed=true lists each failure.';
        return troubled.some((endpoint) => endpoint.status === 'failing')
          ? fail(summary, fix)
          : warn(summary, fix);
      },
    },
    stale: {
      id: 'stale',
      title: 'Stale payments',
      needs: 'token',
      async run({ api }) {
        const response = await api.fetch(`/admin/checkouts?stale=true&limit=${STALE_PAGE}`);
        if (response.status === 422) {
          await response.body?.cancel();
          return skip(
            'this proxy does not find stale payments (a release before STALE_AFTER_SECONDS).',
          );
        }
        if (!response.ok) {
          return fail(
            `GET /admin/checkouts?stale=true ${refusalText(response, await errorBodyOf(response))}.`,
          );
        }
        const page = (await response.json()) as Page<MerchantCheckout>;
        if (page.data.length === 0) {
          return ok('none: every payment past its expiry has its final status.');
        }
        // Newest first: the last of a full page is the oldest of that page only.
        const more = page.next_before !== undefined;
        const count = more ? `${page.data.length} or more` : String(page.data.length);
        const oldest = page.data.at(-1)!;
        const which = more ? `the oldest of these ${page.data.length}` : 'the oldest';
        return warn(
          `${count} stale payments (still not final STALE_AFTER_SECONDS past their expiry); ${which}, ${oldest.id}, expired ${timeOf(oldest.expires_at)}.`,
          `Their final callbacks never came: ${CALLBACK_URL}. ${STALE_CAUSES} Then look at each (crypto-pay checkouts show <id>).`,
        );
      },
    },
    callbacks: {
      id: 'callbacks',
      title: 'Callbacks',
      needs: 'token',
      async run({ api }) {
        const { data } = await api.get<Page<StoredCallback>>('/admin/callbacks', { limit: 1 });
        const last = data[0];
        if (!last) {
          if (await hasStalePayments(api)) {
            return warn(
              "none received yet, and payments are stale: the processing service's callbacks do not reach the proxy.",
              `Check that ${CALLBACK_URL}. ${STALE_CAUSES}`,
            );
          }
          return ok('none received yet (the service sends one when a payment moves).');
        }
        const what = [last.type, last.status].filter(Boolean).join(' ');
        return ok(
          `the last one came ${ago(last.received_at, nowSeconds())} (${timeOf(last.received_at)}): ${what}, ${last.outcome}.`,
        );
      },
    },
  };
}
