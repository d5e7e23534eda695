/**
 * The ports fetch never connects to: the fetch standard's "bad ports"
 * (https://fetch.spec.whatwg.org/#bad-port), kept for other protocols (6000 is X11's, 25 SMTP's)
 * and refused by browsers and Node's fetch alike before anything is sent. The command line checks
 * the addresses it is given against it, and the proxy the webhook endpoints it is to post to.
 */

const BAD_PORTS: ReadonlySet<string> = new Set(
  [
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
    103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
    512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
    995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
    6669, 6679, 6697, 10080,
  ].map(String),
);

/**
 * Why fetch would refuse `url` for its port, or undefined when it would not: `is on port 6000,
 * which fetch never connects to (…)`, for the caller's sentence to go on with what to do.
 */
export function blockedPortProblem(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!BAD_PORTS.has(url.port)) return undefined;
  return `is on port ${url.port}, which fetch never connects to (a port of another protocol, blocked as browsers block it)`;
}
