/**
 * The process's limit on open file descriptors, read once at start, and the connection caps
 * that keep client connections below it: every connection is a descriptor, and a process out
 * of them can accept nothing, `/healthz` and its own store included.
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The caps a server holds connections to (`process/connection-caps.ts`). */
export interface ConnectionCaps {
  /** Open connections at most, all clients together. */
  total: number;
  /** Open connections at most from one client address (an IPv6 client by its /64); 0: no cap. */
  perClient: number;
}

/** Where the limit cannot be read (no /proc, no shell) and MAX_CONNECTIONS is unset. */
export const UNKNOWN_LIMIT_CONNECTIONS = 10_000;

/** The soft "Max open files" of `/proc/self/limits`; undefined when unlimited or absent. */
export function limitOfProcLimits(text: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

/**
 * The descriptor limit this process runs under, or undefined when none can be read or there is
 * none. Node raises its soft limit to the hard one at start, and a child inherits it, so a
 * shell's `ulimit -n` says the same where there is no /proc (macOS, the BSDs).
 */
export function descriptorLimit(): number | undefined {
  try {
    return limitOfProcLimits(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    // Not Linux: ask a shell.
  }
  try {
    const said = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2000 });
    return /^\d+$/.test(said.trim()) ? Number(said.trim()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Descriptors kept back from client connections: the store (a SQLite file and its companions,
 * or `DATABASE_POOL_SIZE` PostgreSQL connections), calls to the processing service, webhook
 * deliveries, the log and Node's own. A tenth of the limit, at least 100, and the pool.
 */
export function reservedDescriptors(limit: number, databasePoolSize: number): number {
  return Math.max(100, Math.ceil(limit / 10)) + databasePoolSize;
}

/**
 * The caps to hold connections to: `MAX_CONNECTIONS` when given and the limit leaves room for
 * it, else all the limit leaves; `warning` says why a given value was lowered, or that the
 * limit leaves little room.
 */
export function connectionCapsOf(
  wanted: { total: number | undefined; perClient: number },
  limit: number | undefined,
  databasePoolSize: number,
): { caps: ConnectionCaps; warning?: string } {
  if (limit === undefined) {
    return {
      caps: { total: wanted.total ?? UNKNOWN_LIMIT_CONNECTIONS, perClient: wanted.perClient },
    };
  }
  const room = Math.max(1, limit - reservedDescriptors(limit, databasePoolSize));
  const total = Math.min(wanted.total ?? room, room);
  const caps = { total, perClient: wanted.perClient };
  if (wanted.total !== undefined && wanted.total > room) {
    return {
      caps,
      warning: `MAX_CONNECTIONS=${wanted.total} is more than the descriptor limit (${limit}, ulimit -n) leaves for clients: capped at ${room}. Raise the limit (the container's nofile) to allow more.`,
    };
  }
  if (room < 1000) {
    return {
      caps,
      warning: `The descriptor limit (${limit}, ulimit -n) leaves room for ${room} client connections only: raise it (the container's nofile) for more customers at once.`,
    };
  }
  return { caps };
}
