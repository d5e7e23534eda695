/**
 * The doctor's HTTPS check: over https, the proxy's certificate as this machine's Node trusts it
 * (the system's CAs and NODE_EXTRA_CA_CERTS), its name and its expiry; over plain http, a
 * warning unless the proxy is on loopback (development).
 */

import { isIP } from 'node:net';
import { connect, type PeerCertificate } from 'node:tls';
import { timeOf } from '../io.ts';
import type { Target } from '../target.ts';
import { type Check, fail, ok, skip, warn } from './checklist.ts';

/** Renew before this: most automated renewals happen 30 days ahead, so 14 means one failed. */
const EXPIRY_WARN_DAYS = 14;
const DAY_MS = 86_400_000;

/** This machine only, by the proxy's own rule (webhooks/endpoint-url.ts): 127.x, ::1, localhost. */
const isLoopback = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
};

/** The certificate the proxy presents, and whether Node trusts it for that name (and why not). */
function peerCertificate(
  host: string,
  port: number,
  signal: AbortSignal,
): Promise<{ certificate: PeerCertificate; trustError: string | undefined }> {
  return new Promise((resolve, reject) => {
    // Not rejected here: an untrusted certificate is still read, to say whose and until when.
    const socket = connect({
      host,
      port,
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
    });
    const abort = () => {
      socket.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    socket.once('close', () => signal.removeEventListener('abort', abort));
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate();
      const error = socket.authorizationError as unknown;
      socket.end();
      resolve({
        certificate,
        trustError: socket.authorized
          ? undefined
          : error instanceof Error
            ? error.message
            : String(error),
      });
    });
    socket.once('error', reject);
  });
}

export function httpsCheck(target: Target): Check {
  return {
    id: 'https',
    title: 'HTTPS',
    async run(signal) {
      const url = new URL(target.proxyUrl);
      if (url.protocol === 'http:') {
        if (isLoopback(url.hostname)) {
          return skip('plain http on loopback: a development proxy has no certificate.');
        }
        return warn(
          `${url.host} is served over plain http: browsers block a shop's https page from calling it, and the admin token travels in clear.`,
          'Put the proxy behind HTTPS (a reverse proxy or load balancer with a certificate) and give its https address.',
        );
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const { certificate, trustError } = await peerCertificate(
        host,
        Number(url.port || 443),
        signal,
      );
      const expires = Date.parse(certificate.valid_to);
      const days = Math.floor((expires - Date.now()) / DAY_MS);
      const until = `valid until ${timeOf(expires / 1000)} (${days} day${days === 1 ? '' : 's'})`;
      const issuer = certificate.issuer?.O ?? certificate.issuer?.CN ?? 'an unnamed issuer';
      if (expires <= Date.now()) {
        return fail(
          `the certificate expired on ${timeOf(expires / 1000)}.`,
          'Renew the certificate of the proxy’s address (and check why the automatic renewal did not).',
        );
      }
      if (trustError !== undefined) {
        return fail(
          `the certificate is not trusted: ${trustError} (issued by ${issuer}, ${until}).`,
          'Serve a certificate from a public CA for this name, with its intermediate certificates; for a private CA, browsers and this command need it trusted (here: NODE_EXTRA_CA_CERTS=ca.pem).',
        );
      }
      if (days < EXPIRY_WARN_DAYS) {
        return warn(
          `the certificate expires in less than ${EXPIRY_WARN_DAYS} days: ${until}.`,
          'Renew it now (and check why the automatic renewal did not).',
        );
      }
      return ok(`trusted certificate by ${issuer}, ${until}.`);
    },
  };
}
