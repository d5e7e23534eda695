/**
 * The two ways a command fails, by exit code: 1, the proxy (or the local server, or the
 * sandbox) refused or failed; 2, the command was used wrongly. Commander's own usage errors end
 * with 2 too (`run.ts`). Each carries a sentence a developer can act on.
 */

/** Exit code 1: the command ran and what it asked for was refused or failed. */
export class CommandFailed extends Error {
  override name = 'CommandFailed';
}

/** Exit code 2: a flag or argument was wrong; nothing was sent. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Exit code 1: the user stopped the command (Ctrl-C, SIGTERM) before it did what it was run for;
 * the sentence says how far it got. Any other failure after a stop is said as a plain stop.
 */
export class Stopped extends CommandFailed {
  override name = 'Stopped';
}
