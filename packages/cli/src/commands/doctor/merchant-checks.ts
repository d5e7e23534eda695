/**
 * The doctor's checks through the merchant API: the admin token works, the webhook endpoints and
 * their failures, stale payments, and when the last callback of the processing service came.
 * Every one but the first needs the token, so a wrong token is said once (and the proxy's limit
 * on failed tokens is not spent).
 */

import type {
  DeliveryAttempt,
  Page,
  StoredCallback,
  WebhookBacklog,
  WebhookEndpoint,
} from '@crypto-pay/protocol/merchant-api';
import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import { timeOf } from '../io.ts';
import { proxyApi } from '../proxy-api.ts';
import type { Target } from '../target.ts';
import { type Check, fail, ok, skip, warn } from './checklist.ts';
import { errorBodyOf, refusalText } from './requests.ts';

/** How many stale payments are counted before "or more". */
const STALE_PAGE = 100;

const ago = (seconds: number, now: number) => {
  const minutes = Math.round((now - seconds) / 60);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};

export function merchantChecks(
  target: Target,
): Record<'token' | 'webhooks' | 'stale' | 'callbacks', Check> {
  const api = (signal: AbortSignal) => proxyApi(target, signal);
  const nowSeconds = () => Date.now() / 1000;
  return {
    token: {
      id: 'token',
      title: 'Admin token',
      needs: 'proxy',
      async run(signal) {
        const response = await api(signal).fetch('/admin/checkouts?limit=1');
        if (response.ok) {
          await response.body?.cancel();
          return ok(`the merchant API accepts the token from ${target.tokenFrom}.`);
        }
        const body = await errorBodyOf(response);
        const said = refusalText(response, body);
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
      async run(signal) {
        const { data: endpoints } = await api(signal).get<Page<WebhookEndpoint>>(
          '/admin/webhook-endpoints',
        );
        if (endpoints.length === 0) {
          return warn(
            'no webhook endpoint is configured: your server hears of no payment.',
            'Set WEBHOOK_URL and WEBHOOK_SECRET on the proxy, or add one with POST /admin/webhook-endpoints (crypto-pay webhook-endpoints add).',
          );
        }
        const backlog = await api(signal).get<WebhookBacklog>('/admin/webhook-backlog');
        const enabled = endpoints.filter((endpoint) => !endpoint.disabled);
        const troubled = enabled.filter((endpoint) => endpoint.status !== 'ok');
        const lastFailures = await Promise.all(
          troubled.map((endpoint) =>
            api(signal)
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
            : `${backlog.pending} ${backlog.pending === 1 ? 'delivery' : 'deliveries'} waiting, the oldest since ${timeOf(backlog.oldest_pending_at ?? 0)}`;
        const count = `${enabled.length} endpoint${enabled.length === 1 ? '' : 's'}${enabled.length < endpoints.length ? ` (and ${endpoints.length - enabled.length} disabled)` : ''}`;
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
      async run(signal) {
        const response = await api(signal).fetch(`/admin/checkouts?stale=true&limit=${STALE_PAGE}`);
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
        const count = page.next_before ? `${page.data.length} or more` : String(page.data.length);
        const oldest = page.data.at(-1)!;
        return warn(
          `${count} stale payments (still not final STALE_AFTER_SECONDS past their expiry); the oldest, ${oldest.id}, expired ${timeOf(oldest.expires_at)}.`,
          `The service's callbacks may not reach the proxy: check that its callback URL is ${target.proxyUrl}/callbacks/processing and what GET /admin/callbacks last received; then look at each (crypto-pay checkouts show <id>).`,
        );
      },
    },
    callbacks: {
      id: 'callbacks',
      title: 'Callbacks',
      needs: 'token',
      async run(signal) {
        const { data } = await api(signal).get<Page<StoredCallback>>('/admin/callbacks', {
          limit: 1,
        });
        const last = data[0];
        if (!last) return ok('none received yet (the service sends one when a payment moves).');
        const what = [last.type, last.status].filter(Boolean).join(' ');
        return ok(
          `the last one came ${ago(last.received_at, nowSeconds())} (${timeOf(last.received_at)}): ${what}, ${last.outcome}.`,
        );
      },
    },
  };
}
