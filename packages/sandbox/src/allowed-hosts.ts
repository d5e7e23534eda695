/**
 * Answers only requests addressed to the sandbox by a name it knows, as dev servers do (Vite's
 * `server.allowedHosts`). Without it, DNS rebinding beats the cross-site check: a page at
 * `http://rebind.evil:8790` whose name is re-pointed at 127.0.0.1 reaches the sandbox as its
 * own origin (`Host` and `Origin` both `rebind.evil:8790`, `Sec-Fetch-Site: same-origin`).
 */

import { isIP } from 'node:net';
import { createMiddleware } from 'hono/factory';
import type { ResolvedOptions } from './config.ts';
import type { SandboxEnv } from './env.ts';
import { ControlFailure } from './failure.ts';

/**
 * Whether `hostname` (a URL's, IPv6 in brackets) is one the sandbox answers to: any IP address
 * (a browser connects to it without asking DNS, so no page can rebind it), `localhost` (which
 * browsers resolve to loopback themselves), or a name of `allowed`.
 */
export function isAllowedHost(hostname: string, allowed: ReadonlySet<string>): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0 || bare === 'localhost' || allowed.has(bare);
}

/** Refuses, before anything else runs, a request whose `Host` names another host: 421. */
export function hostGuard(options: ResolvedOptions) {
  // The name it was told to listen on is one it is reached by (`--host my-box.lan`).
  const allowed = new Set([options.host.toLowerCase(), ...options.allowedHosts]);
  return createMiddleware<SandboxEnv>(async (c, next) => {
    // The request's URL is built from `Host`, and everything downstream (the cross-site
    // check, `payment_link`) trusts it: this is the one place it is checked.
    const { hostname } = new URL(c.req.url);
    if (!isAllowedHost(hostname, allowed)) {
      throw new ControlFailure(
        421,
        'host_not_allowed',
        `The sandbox answers only requests addressed to localhost, an IP address or a host of SANDBOX_ALLOWED_HOSTS, not to "${hostname}".`,
      );
    }
    await next();
  });
}
