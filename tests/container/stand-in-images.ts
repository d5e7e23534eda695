/**
 * Local stand-ins for the official `postgres:15`, `haproxy:2.6` and `prom/prometheus` images
 * that deploy/ names:
 * where the tests run no image registry is reachable, so each is built here from Debian's own
 * package (PostgreSQL 15, HAProxy 2.6 and Prometheus 2.42 are bookworm's), on the local `node:24-slim` of
 * base-image.ts. Each behaves as its official image does where deploy/ relies on it: PostgreSQL
 * made on first start from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB in PGDATA, password
 * logins from the network, `pg_isready` on PATH, a postgres user of uid and gid 999 that may
 * start it without root; HAProxy reading
 * /usr/local/etc/haproxy/haproxy.cfg as user haproxy, stopped gracefully by SIGUSR1; Prometheus as
 * /bin/prometheus run by nobody, writing only to /prometheus.
 *
 * Tagged by a hash of what they are built from (their Containerfile, their files, the base
 * image's id), so a rebuild happens only when one of those changes.
 */

import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_IMAGE, ensureBaseImage } from './base-image.ts';
import { buildOptions, podman, podmanOk } from './podman.ts';

/** One image to build: its Containerfile and the files beside it that it copies. */
interface StandIn {
  name: string;
  containerfile: string;
  files: Record<string, string>;
}

/** Debian's maintainer scripts start no service inside a build (there is no init to ask). */
const NO_SERVICE_STARTS =
  "printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d";

/**
 * The official image's first start, in short: PGDATA made and made private; as root, own it
 * and become `postgres` (setpriv execs, so the server is PID 1 and gets the stop signal); run
 * as postgres (deploy/'s `user: 999`, `runAsUser: 999`), go straight on. On an empty PGDATA,
 * initdb with the user and password given, password logins from anywhere, the database made;
 * then the command (`postgres`).
 */
const POSTGRES_ENTRYPOINT = `#!/bin/sh
set -eu
mkdir -p "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA" || :
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  user="\${POSTGRES_USER:-postgres}"
  database="\${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust \\
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C >/dev/null
  rm -f "$password_file"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    pg_ctl --wait --silent -o "-c listen_addresses=''" start
    psql --username="$user" --dbname=postgres --quiet --set ON_ERROR_STOP=1 \\
      --command "CREATE DATABASE \\"$database\\""
    pg_ctl --wait --silent --mode=fast stop
  fi
fi
exec "$@"
`;

const POSTGRES: StandIn = {
  name: 'postgres',
  containerfile: `FROM ${BASE_IMAGE}
RUN ${NO_SERVICE_STARTS} \\
 && groupadd --system --gid 999 postgres \\
 && useradd --system --gid postgres --uid 999 --home-dir /var/lib/postgresql --shell /bin/bash postgres \\
 && mkdir -p /etc/postgresql-common \\
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \\
 && apt-get update -qq \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \\
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
# As the official image: PGDATA open to any user until the first start makes it 0700, so a
# new volume on it (its content and modes copied up) is writable by postgres without root.
RUN mkdir -p "$PGDATA" /var/run/postgresql \\
 && chown postgres:postgres "$PGDATA" /var/run/postgresql \\
 && chmod 1777 "$PGDATA" && chmod 3777 /var/run/postgresql
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
`,
  files: { 'entrypoint.sh': POSTGRES_ENTRYPOINT },
};

const HAPROXY: StandIn = {
  name: 'haproxy',
  containerfile: `FROM ${BASE_IMAGE}
RUN ${NO_SERVICE_STARTS} \\
 && apt-get update -qq \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null \\
 && rm -rf /var/lib/apt/lists/* \\
 && mkdir -p /usr/local/etc/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
`,
  files: {},
};

/** The official image's layout: its binary, its user, its data folder (the only one written). */
const PROMETHEUS: StandIn = {
  name: 'prometheus',
  containerfile: `FROM ${BASE_IMAGE}
RUN ${NO_SERVICE_STARTS} \\
 && apt-get update -qq \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null \\
 && rm -rf /var/lib/apt/lists/* \\
 && mkdir -p /etc/prometheus /prometheus \\
 && chown nobody:nogroup /prometheus
USER nobody
WORKDIR /prometheus
VOLUME /prometheus
EXPOSE 9090
ENTRYPOINT ["/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]
`,
  files: {},
};

/** The local images standing in for the official ones, by the names deploy/ uses. */
export interface StandInImages {
  postgres: string;
  haproxy: string;
  prometheus: string;
  /** Seconds spent building (0 when both were cached). */
  buildSeconds: number;
}

/** Builds `standIn` unless an image of the same content exists; resolves with its tag. */
async function ensureStandIn(standIn: StandIn, baseImageId: string): Promise<string> {
  const hash = createHash('sha256')
    .update(baseImageId)
    .update(standIn.containerfile)
    .update(JSON.stringify(standIn.files))
    .digest('hex')
    .slice(0, 16);
  const tag = `localhost/crypto-pay-test-${standIn.name}:${hash}`;
  if ((await podman(['image', 'exists', tag])).status === 0) return tag;
  console.log(`building ${tag}, a stand-in for the official ${standIn.name} image`);
  const context = mkdtempSync(join(tmpdir(), `crypto-pay-${standIn.name}-image-`));
  try {
    writeFileSync(join(context, 'Containerfile'), standIn.containerfile);
    for (const [name, text] of Object.entries(standIn.files)) {
      writeFileSync(join(context, name), text);
    }
    await podmanOk([
      'build',
      ...buildOptions(),
      '--file',
      join(context, 'Containerfile'),
      '--tag',
      tag,
      context,
    ]);
    return tag;
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** The base image first (when missing), then each stand-in (when missing or changed). */
export async function ensureStandInImages(): Promise<StandInImages> {
  const started = Date.now();
  await ensureBaseImage();
  const baseImageId = await podmanOk(['image', 'inspect', '--format', '{{.Id}}', BASE_IMAGE]);
  const postgres = await ensureStandIn(POSTGRES, baseImageId);
  const haproxy = await ensureStandIn(HAPROXY, baseImageId);
  const prometheus = await ensureStandIn(PROMETHEUS, baseImageId);
  return {
    postgres,
    haproxy,
    prometheus,
    buildSeconds: Number(((Date.now() - started) / 1000).toFixed(1)),
  };
}
