/**
 * Which host names never leave this machine: the one rule behind "http is fine on loopback" for
 * webhook endpoints and the processing address (proxy), and the demo token and the HTTPS check
 * (command line). No I/O: a name is judged as written, never resolved.
 */

/**
 * Whether `hostname` (a URL's, with or without IPv6 brackets, or a HOST setting) names this
 * machine only: `localhost`, 127.x.x.x, ::1, or ::1's IPv4-mapped form of 127.x. Not
 * `*.localhost`: a resolver without nss-myhostname may ask DNS for it.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  if (/^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host)) return true;
  // `URL` writes ::ffff:127.0.0.1 as ::ffff:7f00:1.
  return /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127(\.\d{1,3}){3})$/.test(host);
}
