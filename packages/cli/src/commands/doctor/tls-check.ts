/**
 * The doctor's HTTPS check: over https, the proxy's certificate as this machine's Node trusts it
 * (Node's bundled CA list and NODE_EXTRA_CA_CERTS; the system's store only with --use-system-ca
 * or NODE_USE_SYSTEM_CA=1), its name and its expiry, each refusal in words with its own fix;
 * over plain http, a warning unless the proxy is on loopback (development).
 */

import type { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import { isLoopback } from '@crypto-pay/protocol';
import { timeOf } from '../../io.ts';
import { failureCause, unreachable } from '../../proxy-api.ts';
import type { Target } from '../../target.ts';
import { type Check, type Finding, fail, ok, warn } from './checklist.ts';

/** Renew before this: most automated renewals happen 30 days ahead, so 14 means one failed. */
const EXPIRY_WARN_DAYS = 14;
const DAY_MS = 86_400_000;

const TRUST_FIX =
  "For a private CA, this command needs it trusted as browsers do: NODE_EXTRA_CA_CERTS=ca.pem, or the system's store with NODE_USE_SYSTEM_CA=1 (Node trusts its own bundled list, not the system's, by default).";

/** Node's verification codes, in words, each with its fix. */
const TRUST_ERRORS: Record<string, (host: string) => readonly [words: string, fix: string]> = {
  ERR_TLS_CERT_ALTNAME_INVALID: (host) => [
    `the certificate is for another name than ${host}`,
    `Serve a certificate whose names (subjectAltName) include ${host}, or give the address the certificate names.`,
  ],
  CERT_NOT_YET_VALID: () => [
    "the certificate is not valid yet: this machine's clock (or the proxy host's when it was issued) is wrong",
    'Synchronise the clocks (NTP: e.g. `timedatectl set-ntp true`); a certificate is valid from its notBefore.',
  ],
  CERT_HAS_EXPIRED: () => [
    'the certificate has expired',
    "Renew the certificate of the proxy's address (and check why the automatic renewal did not).",
  ],
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: () => [
    'its issuer is unknown here: the server sends no intermediate certificates, or a private CA signed it',
    `Serve the full chain (the certificate followed by its intermediates: fullchain.pem, not cert.pem) of a public CA. ${TRUST_FIX}`,
  ],
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: () => [
    "the certificate's issuer is not a CA this machine trusts (a private CA, or a missing intermediate)",
    `Serve a certificate from a public CA with its intermediates. ${TRUST_FIX}`,
  ],
  DEPTH_ZERO_SELF_SIGNED_CERT: () => [
    'the certificate is self-signed',
    `Serve a certificate from a CA (a public one, e.g. Let's Encrypt). ${TRUST_FIX}`,
  ],
  SELF_SIGNED_CERT_IN_CHAIN: () => [
    'the chain ends in a self-signed CA this machine does not trust (a private CA, or TLS inspection in between)',
    `Serve a certificate from a public CA. ${TRUST_FIX}`,
  ],
};

/** A connection that never reached a certificate, in words: refused, not TLS, a failed handshake. */
function connectionFailure(target: Target, error: unknown, timeoutMs: number): Finding {
  const cause = failureCause(error);
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(cause)) {
    return fail(
      `${target.proxyUrl} does not speak TLS on that port (wrong version number): it answers plain http there.`,
      'Give the https port of the front end that ends TLS (443 by default), or http:// if this port is meant to be plain http.',
    );
  }
  if (typeof code === 'string' && code.startsWith('ERR_SSL_')) {
    return fail(
      `the TLS handshake with ${target.proxyUrl} failed (${code}).`,
      'Check the TLS settings of the front end: its protocol versions and ciphers (TLS 1.2 or 1.3), and that it serves a certificate for this name.',
    );
  }
  const words = unreachable(target.proxyUrl, error, timeoutMs).message;
  return fail(
    words,
    "Check the address (scheme, host, port) and that this machine may reach it: its DNS name, a firewall or security group, the load balancer's listener.",
  );
}

/** The certificate the proxy presents, and whether Node trusts it for that name (its code if not). */
function peerCertificate(
  host: string,
  port: number,
  signal: AbortSignal,
): Promise<{ certificate: X509Certificate | undefined; trustError: string | undefined }> {
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
      const certificate = socket.getPeerX509Certificate();
      // A code (ERR_TLS_CERT_ALTNAME_INVALID, CERT_HAS_EXPIRED…), as Node sets it.
      const error = socket.authorizationError as unknown;
      socket.end();
      resolve({
        certificate,
        trustError: socket.authorized
          ? undefined
          : error instanceof Error
            ? ((error as { code?: string }).code ?? error.message)
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
    async run({ signal }) {
      const url = new URL(target.proxyUrl);
      if (url.protocol === 'http:') {
        if (isLoopback(url.hostname)) {
          return ok('plain http on loopback: a development proxy needs no certificate.');
        }
        return warn(
          `${url.host} is served over plain http: browsers block a shop's https page from calling it, and the admin token travels in clear.`,
          'Put the proxy behind HTTPS (a reverse proxy or load balancer with a certificate) and give its https address.',
        );
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      let peer: Awaited<ReturnType<typeof peerCertificate>>;
      try {
        peer = await peerCertificate(host, Number(url.port || 443), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        // The runner's timeout is its own; this one has no timeout figure to give.
        return connectionFailure(target, error, 0);
      }
      const { certificate, trustError } = peer;
      if (!certificate) {
        return fail(`${target.proxyUrl} presented no certificate.`, TRUST_FIX);
      }
      const expires = certificate.validToDate.getTime();
      const days = Math.floor((expires - Date.now()) / DAY_MS);
      const until = `valid until ${timeOf(expires / 1000)} (${days} day${days === 1 ? '' : 's'})`;
      const issuer =
        /^O=(.+)$/m.exec(certificate.issuer)?.[1] ??
        /^CN=(.+)$/m.exec(certificate.issuer)?.[1] ??
        'an unnamed issuer';
      if (trustError !== undefined) {
        const known = TRUST_ERRORS[trustError]?.(host);
        if (trustError === 'CERT_HAS_EXPIRED' || expires <= Date.now()) {
          return fail(
            `the certificate expired on ${timeOf(expires / 1000)}.`,
            TRUST_ERRORS.CERT_HAS_EXPIRED!(host)[1],
          );
        }
        return fail(
          `the certificate is not trusted: ${known?.[0] ?? trustError} (${trustError}; issued by ${issuer}, ${until}).`,
          known?.[1] ??
            `Serve a certificate from a public CA for this name, with its intermediates. ${TRUST_FIX}`,
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
