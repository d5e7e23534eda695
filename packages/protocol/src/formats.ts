/**
 * The formats of the API's text fields as plain checks: an email, a web address, a store's
 * address. No zod, so a browser form (the widget's) checks with the same rule the service does.
 */

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\].]{2,}$/;

/** A plausible email address: one `@`, a dotted domain, no spaces. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * An absolute http(s) URL, written out in full: `URL` would also take ` https://a` (spaces
 * trimmed) or `http:/a` (slashes added), which a browser's link check may not.
 */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value) || !URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'https:' || protocol === 'http:') && hostname.length > 0;
}

/** An https URL on a domain name: not an IP address, not `localhost`. */
export function isStoreUrl(value: string): boolean {
  if (!isWebUrl(value)) return false;
  const { protocol, hostname } = new URL(value);
  const isIp = IPV4.test(hostname) || hostname.startsWith('[');
  return (
    protocol === 'https:' &&
    !isIp &&
    hostname.includes('.') &&
    hostname !== 'localhost' &&
    !hostname.endsWith('.localhost')
  );
}
