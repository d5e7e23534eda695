/**
 * Cleanup that runs when this test process ends, whichever way it ends: for servers that do not
 * die with it (a PostgreSQL cluster that `pg_ctl` detached, a balancer left behind by a killed
 * test file) and the directories they write to.
 */

import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

export interface OrphanGuard {
  /** The owner cleaned up by itself: the guard is no longer needed and goes away, doing nothing. */
  release(): void;
}

/** A word for `sh`, quoted so that no character of it is interpreted. */
const quoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * Starts a small shell, in a process group of its own, that waits for this process to end and
 * then runs `commands` one after another (a failing one does not stop the next).
 *
 * Why not `process.on('exit')` alone (as process.ts does for its children): that handler never
 * runs when the test process is killed by a signal (a test runner's timeout, Ctrl-C, SIGKILL).
 * The shell waits on a pipe from this process instead, and the kernel closes that pipe however
 * the process ends, so the cleanup is an event, not a poll.
 */
export function guardAgainstOrphans(commands: string[][]): OrphanGuard {
  const script = commands.map((words) => `${words.map(quoted).join(' ')} >/dev/null 2>&1`);
  const shell = spawn('sh', ['-c', ['cat >/dev/null', ...script].join('; ')], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the shell nor the pipe may keep this process alive.
  shell.unref();
  (shell.stdin as Socket).unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // The whole group: the shell and its `cat`, before the pipe closes.
      try {
        process.kill(-shell.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
