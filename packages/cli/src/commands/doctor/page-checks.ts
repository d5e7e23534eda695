/**
 * The doctor's checks as the shop's page meets the proxy: CORS for `--origin` (the preflight of
 * a checkout's creation, and a read of `/api/config` from that origin), and the widget's parts
 * that the one-tag embed (`crypto-pay.bundled.js`, copied to the shop) loads from the proxy.
 */

import { readFile } from 'node:fs/promises';
import { errorBodyOf, failureCause, refusalText } from '../../proxy-api.ts';
import type { Target } from '../../target.ts';
import { type Check, fail, ok, skip } from './checklist.ts';

/** What the widget sends with a create (checkout-request.ts), so what the preflight asks for. */
const CREATE_HEADERS = ['content-type', 'idempotency-key'];

const listed = (header: string | null) =>
  (header ?? '').split(',').map((item) => item.trim().toLowerCase());

/** Whether an Access-Control-Allow-Origin header lets `origin` read: its name, or `*` (no credentials are sent). */
const allows = (header: string | null, origin: string) => header === '*' || header === origin;

const FRONT_END_OPTIONS =
  'Something in front of the proxy answers OPTIONS itself or strips headers: let OPTIONS /api/ through to the proxy unchanged (its Access-Control-Allow-* headers included).';

export function corsCheck(target: Target, origin: string | undefined): Check {
  return {
    id: 'cors',
    title: 'CORS',
    needs: 'proxy',
    async run({ api }) {
      if (origin === undefined) {
        return skip("give --origin https://your-shop.example to check your shop's page.");
      }
      if (origin === new URL(target.proxyUrl).origin) {
        // The page's browser says same-origin; CORS and ALLOWED_ORIGINS do not apply.
        const read = await api.fetchPublic('/api/config', {
          headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' },
        });
        await read.body?.cancel();
        if (!read.ok) {
          return fail(
            `a page on the proxy's own origin could not read /api/config (HTTP ${read.status}).`,
          );
        }
        return ok(
          `${origin} is the proxy's own origin: a shop that routes /api/ to the proxy by path needs no ALLOWED_ORIGINS entry.`,
        );
      }
      const addOrigin = `Add ${origin} to ALLOWED_ORIGINS on the proxy (comma-separated, scheme://host[:port] exactly as the browser sends it) and restart it.`;
      const preflight = await api.fetchPublic('/api/checkouts', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': CREATE_HEADERS.join(','),
        },
      });
      await preflight.body?.cancel();
      const read = await api.fetchPublic('/api/config', {
        headers: { Origin: origin, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' },
      });
      const readRefusal = read.status === 403 ? await errorBodyOf(read) : undefined;
      await read.body?.cancel().catch(() => {});
      const preflightAllows = allows(preflight.headers.get('access-control-allow-origin'), origin);
      const readAllows = allows(read.headers.get('access-control-allow-origin'), origin);
      const problems: string[] = [];
      const fixes = new Set<string>();
      if (readRefusal?.code === 'origin_not_allowed' || (!preflightAllows && !readAllows)) {
        // The proxy's own refusal, or neither answer allows it: the list lacks it.
        problems.push(
          readRefusal
            ? `GET /api/config ${refusalText(read, readRefusal)}`
            : `neither the preflight of a checkout's creation (OPTIONS /api/checkouts, ${preflight.status}) nor GET /api/config (${read.status}) allows it`,
        );
        fixes.add(addOrigin);
      } else if (!preflightAllows) {
        problems.push(
          `GET /api/config allows it but the preflight (OPTIONS /api/checkouts) answered ${preflight.status} without allowing it`,
        );
        fixes.add(FRONT_END_OPTIONS);
      } else {
        const methods = listed(preflight.headers.get('access-control-allow-methods'));
        const headers = listed(preflight.headers.get('access-control-allow-headers'));
        const missing = CREATE_HEADERS.filter((name) => !headers.includes(name));
        if (!methods.includes('post')) problems.push('the preflight allows it but not POST');
        if (missing.length > 0) {
          problems.push(`the preflight allows it but not the headers ${missing.join(', ')}`);
        }
        if (problems.length > 0) fixes.add(FRONT_END_OPTIONS);
        if (!readAllows) {
          problems.push(
            `the preflight allows it but GET /api/config answered ${read.status} without Access-Control-Allow-Origin: ${origin}`,
          );
          fixes.add(
            'A cache in front of the proxy serves /api/config as stored for another origin: make it key on the Origin header (honour Vary: Origin) or not cache /api/.',
          );
        }
      }
      if (problems.length > 0) {
        return fail(`${origin} is not allowed: ${problems.join('; ')}.`, [...fixes].join(' '));
      }
      return ok(`${origin} may create checkouts (preflight) and read /api/config.`);
    },
  };
}

/** The widget's release and its chunks' names, as the bundled entry carries them. */
function partsOfEntry(source: string): { version: string; chunks: string[] } | undefined {
  // src/api/parts.ts: `${proxy}widget/${__CRYPTO_PAY_VERSION__}/chunks/${file}`, version written in.
  const version = /widget\/([\w.+-]+)\/chunks\//.exec(source)?.[1];
  const chunks = [...new Set(source.match(/[\w-]+\.bundled-[\w-]+\.js/g) ?? [])];
  return version === undefined || chunks.length === 0 ? undefined : { version, chunks };
}

async function entryText(
  script: string,
  origin: string | undefined,
  signal: AbortSignal,
): Promise<{ text?: string; error?: string }> {
  if (!/^https?:\/\//i.test(script)) {
    return readFile(script, 'utf8').then(
      (text) => ({ text }),
      (error: NodeJS.ErrnoException) => ({
        error: `cannot read ${script} (${error.code ?? error.message})`,
      }),
    );
  }
  let response: Response;
  try {
    response = await fetch(script, {
      signal,
      ...(origin ? { headers: { Origin: origin, 'Sec-Fetch-Mode': 'cors' } } : {}),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { error: `${script} could not be fetched (${failureCause(error)})` };
  }
  if (!response.ok) return { error: `${script} answered HTTP ${response.status}` };
  // A module script from another origin than the page's loads only with CORS allowing it.
  const crossOrigin = origin !== undefined && new URL(script).origin !== origin;
  const allowed = response.headers.get('access-control-allow-origin');
  const text = await response.text();
  if (crossOrigin && !allows(allowed, origin)) {
    return {
      text,
      error: `${script} is served without Access-Control-Allow-Origin for ${origin}, so the page cannot load it as a module`,
    };
  }
  return { text };
}

export function widgetCheck(script: string | undefined, origin: string | undefined): Check {
  return {
    id: 'widget',
    title: 'Widget parts',
    needs: 'proxy',
    async run({ api, signal }) {
      if (script === undefined) {
        return skip(
          'give --widget-script with the address (or file) of your crypto-pay.bundled.js to fetch its parts from the proxy as the page does.',
        );
      }
      const entry = await entryText(script, origin, signal);
      if (entry.error !== undefined) {
        const fix = /^https?:/i.test(script)
          ? "Serve crypto-pay.bundled.js at that address, with CORS for the shop's origin if it is on another."
          : 'Give the file, or the address, your page loads crypto-pay.bundled.js from.';
        return fail(`${entry.error}.`, fix);
      }
      const parts = partsOfEntry(entry.text ?? '');
      if (!parts) {
        return fail(
          `${script} is not the widget's script-tag build (no parts named in it).`,
          'Give the crypto-pay.bundled.js of @crypto-pay/widget (its dist/), as the page loads it.',
        );
      }
      const chunk = parts.chunks[0]!;
      const path = `/widget/${encodeURIComponent(parts.version)}/chunks/${chunk}`;
      const response = await api.fetchPublic(path, {
        ...(origin ? { headers: { Origin: origin, 'Sec-Fetch-Mode': 'cors' } } : {}),
      });
      if (!response.ok) {
        const body = await errorBodyOf(response);
        return fail(
          `the proxy does not serve the parts of the widget ${parts.version}: GET ${path} ${refusalText(response, body)}.`,
          body?.code === 'widget_version_mismatch'
            ? "Deploy the crypto-pay.bundled.js of the proxy's release (or upgrade the proxy to the widget's): the two come from one release."
            : 'Install @crypto-pay/widget beside the proxy (the container image has it) and restart it.',
        );
      }
      await response.body?.cancel();
      const type = response.headers.get('content-type') ?? '';
      const allowed = response.headers.get('access-control-allow-origin');
      if (!/javascript/.test(type) || (allowed !== '*' && allowed !== origin)) {
        return fail(
          `GET ${path} is served as ${type || 'no type'}${allowed ? '' : ' without Access-Control-Allow-Origin'}: a page cannot load it as a module.`,
          'Let whatever sits in front of the proxy pass /widget/ through unchanged (its Content-Type and Access-Control-Allow-Origin headers).',
        );
      }
      return ok(
        `the widget ${parts.version}'s parts are served (${chunk}, one of ${parts.chunks.length}).`,
      );
    },
  };
}
