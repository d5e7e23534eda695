/**
 * The doctor's checks of the proxy itself, as anything outside sees it: it answers `/healthz`
 * and says its release, `/readyz` (its store and the processing service), `/api/config` lists
 * currencies, and its clock against this machine's.
 */

import {
  type ProxyErrorBody,
  refusedCredentialsCheck,
  type WidgetConfig,
} from '@crypto-pay/protocol/proxy-api';
import { CommandFailed } from '../../failures.ts';
import { errorBodyOf, type ProxyApi, refusalText } from '../../proxy-api.ts';
import { isStartProxy, type Target } from '../../target.ts';
import { type Check, fail, ok, warn } from './checklist.ts';

/** A clock this far from the proxy's is worth a warning: the Date header has whole seconds. */
const CLOCK_SKEW_WARN_SECONDS = 5;

const UPSTREAM_FIX =
  'Check PROCESSING_BASE_URL and PROCESSING_PAYMENTS_BASE_URL on the proxy, that the processing service is up, and that the proxy can reach it; the proxy logs "processing service check failed" with the reason.';

/**
 * What to check when the service refuses the proxy's credentials: the one variable its code
 * names, as the proxy's log says (without `upstream_code`, both).
 */
const refusedFix = (body: ProxyErrorBody | undefined) =>
  `The processing service refuses the proxy's credentials${
    body?.upstream_code === undefined ? '' : ` (${body.upstream_code})`
  }: ${refusedCredentialsCheck(body?.upstream_code)}.`;

/**
 * The refusal that names the service's code: the public API leaves it out (it is the merchant's
 * business, not a visitor's), so with a token the merchant API is asked the same question.
 */
async function refusalCode(
  api: ProxyApi,
  target: Target,
  publicRefusal: ProxyErrorBody | undefined,
): Promise<ProxyErrorBody | undefined> {
  if (target.token === undefined) return publicRefusal;
  const response = await api.fetch('/admin/currencies');
  if (response.ok) {
    await response.body?.cancel();
    return publicRefusal;
  }
  const refusal = await errorBodyOf(response);
  return refusal?.upstream_code === undefined ? publicRefusal : refusal;
}

export function proxyChecks(
  target: Target,
): Record<'proxy' | 'ready' | 'currencies' | 'clock', Check> {
  return {
    proxy: {
      id: 'proxy',
      title: 'Proxy',
      needs: 'https',
      async run({ api }) {
        let response: Response;
        try {
          response = await api.fetchPublic('/healthz');
        } catch (error) {
          if (!(error instanceof CommandFailed)) throw error;
          return fail(
            error.message,
            isStartProxy(target.proxyUrl)
              ? 'Start it: `pnpm start` runs the proxy at this address.'
              : "Check the address (scheme, host, port, path prefix) and that this machine may reach it: its DNS name, a firewall or security group, the load balancer's listener. On the proxy's host, `curl localhost:$PORT/healthz` tells a proxy that is down from a path that is closed.",
          );
        }
        const body = (await response.json().catch(() => undefined)) as
          | { status?: unknown; version?: unknown }
          | undefined;
        if (!response.ok || body?.status !== 'ok') {
          return fail(
            `${target.proxyUrl}/healthz answered HTTP ${response.status}${body?.status === 'ok' ? '' : ' without {"status":"ok"}'}.`,
            `Is ${target.proxyUrl} the proxy's address (with its path prefix, if a reverse proxy adds one)? Give it with --proxy or CRYPTO_PAY_PROXY_URL.`,
          );
        }
        const version =
          typeof body.version === 'string'
            ? `release ${body.version}`
            : 'release not said (older than the proxy that says it in /healthz)';
        return ok(`answers at ${target.proxyUrl}, ${version}.`);
      },
    },
    ready: {
      id: 'ready',
      title: 'Ready',
      needs: 'proxy',
      async run({ api }) {
        const response = await api.fetchPublic('/readyz');
        if (response.ok) return ok('its store can write and the processing service answers it.');
        const body = (await response.json().catch(() => undefined)) as
          | { code?: unknown; store?: unknown; upstream?: unknown }
          | undefined;
        if (body?.code === 'shutting_down') {
          return fail('the proxy is shutting down.', 'Wait for it to start again, or start it.');
        }
        if (response.status === 404) {
          return fail(
            '/readyz answered 404: whatever is in front of the proxy does not pass /readyz through.',
            'Route /readyz (and /healthz) to the proxy in the reverse proxy, ingress or load balancer, as its other paths are.',
          );
        }
        if (body?.code !== 'not_ready') {
          // Not the proxy's own answer (it says {code: not_ready}): a balancer's page, say.
          return fail(
            `/readyz answered HTTP ${response.status} without the proxy's own body: the front end before it answered, not the proxy.`,
            'Check the reverse proxy or load balancer in front: is the proxy among its healthy backends, and does it pass /readyz through? Its log says why it answered itself.',
          );
        }
        const failing: string[] = [];
        const fixes: string[] = [];
        if (body.upstream !== 'ok') {
          // /readyz says only "failed": /api/config's code tells a refused key from a service down.
          const config = await api.fetchPublic('/api/config');
          const refusal = config.ok ? undefined : await errorBodyOf(config);
          const refused = refusal?.code === 'upstream_refused';
          if (config.ok) await config.body?.cancel();
          failing.push(
            refused
              ? "the processing service refuses the proxy's credentials"
              : 'the processing service does not answer the proxy',
          );
          fixes.push(refused ? refusedFix(await refusalCode(api, target, refusal)) : UPSTREAM_FIX);
        }
        if (body.store !== 'ok') {
          failing.push('its store cannot write');
          fixes.push(
            'Check DATABASE_URL, the database (up, disk space, permissions); the proxy logs "store check failed" with the reason.',
          );
        }
        return fail(`not ready: ${failing.join(', and ')} (/readyz 503).`, fixes.join(' '));
      },
    },
    currencies: {
      id: 'currencies',
      title: 'Currencies',
      needs: 'proxy',
      async run({ api }) {
        const response = await api.fetchPublic('/api/config');
        if (!response.ok) {
          const body = await errorBodyOf(response);
          const refused = body?.code === 'upstream_refused';
          return fail(
            `/api/config could not list the currencies ${refusalText(response, body)}.`,
            refused ? refusedFix(await refusalCode(api, target, body)) : UPSTREAM_FIX,
          );
        }
        const config = (await response.json()) as WidgetConfig;
        const codes = config.payment_currencies.map(
          (currency) => currency.iso + (currency.network_name ? ` (${currency.network_name})` : ''),
        );
        if (codes.length === 0) {
          return fail(
            '/api/config lists no payment currency: the widget has nothing to offer.',
            'Enable currencies for this key at the processing service, or correct PAYMENT_CURRENCIES on the proxy (it offers only those the service lists).',
          );
        }
        const shown = codes.length > 6 ? `${codes.slice(0, 6).join(', ')}, …` : codes.join(', ');
        return ok(`/api/config lists ${codes.length} payment currencies: ${shown}.`);
      },
    },
    clock: {
      id: 'clock',
      title: 'Clock',
      needs: 'proxy',
      async run({ api }) {
        const sent = Date.now();
        const response = await api.fetchPublic('/healthz');
        const received = Date.now();
        await response.body?.cancel();
        const date = Date.parse(response.headers.get('date') ?? '');
        if (Number.isNaN(date)) {
          return warn('the proxy sent no Date header to compare with.');
        }
        // The header has whole seconds: the proxy's time was within [date, date + 1 s).
        const skew = Math.round(((sent + received) / 2 - (date + 500)) / 1000);
        if (Math.abs(skew) <= CLOCK_SKEW_WARN_SECONDS) {
          return ok(`this machine's clock is within ${CLOCK_SKEW_WARN_SECONDS} s of the proxy's.`);
        }
        return warn(
          `this machine's clock is ${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} the proxy's (its Date header).`,
          'Synchronise both clocks (NTP: e.g. `timedatectl set-ntp true`): webhook timestamps, expiry times and signatures are compared across machines.',
        );
      },
    },
  };
}
