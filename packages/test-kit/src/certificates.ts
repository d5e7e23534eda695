/**
 * TLS certificates made as an operator makes them: a private CA and certificates it signs, with
 * openssl, for the tests of what a client makes of a server's certificate (trusted, for another
 * name, expiring, expired).
 */

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface IssuedCertificate {
  key: Buffer;
  cert: Buffer;
}

export interface IssueOptions {
  /** Days from now it stays valid (default 40). */
  days?: number;
  /** Valid in January 2020 only: long expired. */
  expired?: boolean;
  /** Its subjectAltName (default `IP:127.0.0.1`): another name makes a certificate for another host. */
  altName?: string;
}

/**
 * A private CA (`caFile`, its certificate, for NODE_EXTRA_CA_CERTS) in `dir`, and `issue`, which
 * signs a new P-256 key's certificate for 127.0.0.1 unless told otherwise.
 */
export function certificateAuthority(dir: string, name = 'Test CA') {
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
    `/O=${name}/CN=${name}`,
  );
  // `openssl ca` (not `x509 -req`) sets dates in the past, for an expired certificate.
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial.txt'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = issuing',
      '[issuing]',
      'database = index.txt',
      'serial = serial.txt',
      'new_certs_dir = .',
      'certificate = ca.pem',
      'private_key = ca.key',
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  let serial = 0;
  return {
    caFile: join(dir, 'ca.pem'),
    issue(options: IssueOptions = {}): IssuedCertificate {
      const leaf = `leaf-${++serial}`;
      writeFileSync(
        join(dir, `${leaf}.ext`),
        `subjectAltName=${options.altName ?? 'IP:127.0.0.1'}\n`,
      );
      openssl(
        'req',
        '-new',
        ...ec,
        '-keyout',
        `${leaf}.key`,
        '-out',
        `${leaf}.csr`,
        '-subj',
        `/CN=${leaf}`,
      );
      const dates = options.expired
        ? ['-startdate', '20200101000000Z', '-enddate', '20200201000000Z']
        : ['-days', String(options.days ?? 40)];
      openssl(
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-notext',
        '-in',
        `${leaf}.csr`,
        '-out',
        `${leaf}.pem`,
        '-extfile',
        `${leaf}.ext`,
        ...dates,
      );
      return {
        key: readFileSync(join(dir, `${leaf}.key`)),
        cert: readFileSync(join(dir, `${leaf}.pem`)),
      };
    },
  };
}
