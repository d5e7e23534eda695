/**
 * TLS for the doctor's HTTPS check, made as an operator makes it: a private CA and certificates
 * it signs (openssl), and a TLS front end before the proxy, as a load balancer ends TLS.
 */

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect as dial } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';

/**
 * A private CA and, per call, a certificate it signs for 127.0.0.1 valid `days` from now, made
 * with openssl as an operator would.
 */
export function certificateAuthority(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    '/O=Doctor Test CA/CN=Doctor Test CA',
  );
  writeFileSync(join(dir, 'leaf.ext'), 'subjectAltName=IP:127.0.0.1\n');
  let serial = 0;
  return {
    caFile: join(dir, 'ca.pem'),
    issue(days: number) {
      const name = `leaf-${++serial}`;
      openssl(
        'req',
        '-new',
        ...ec,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        '/CN=127.0.0.1',
      );
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-set_serial',
        String(serial),
        '-days',
        String(days),
        '-extfile',
        'leaf.ext',
        '-out',
        `${name}.pem`,
      );
      return {
        key: readFileSync(join(dir, `${name}.key`)),
        cert: readFileSync(join(dir, `${name}.pem`)),
      };
    },
  };
}

/** TLS ended in front of the proxy, as a load balancer does: https on loopback, a free port. */
export async function tlsFront(certificate: { key: Buffer; cert: Buffer }, proxyUrl: string) {
  const target = new URL(proxyUrl);
  const server: TlsServer = createTlsServer(certificate, (socket) => {
    const upstream = dial(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    for (const end of [socket, upstream])
      end.on('error', () => {
        socket.destroy();
        upstream.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
