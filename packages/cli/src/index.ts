/** The command line as a library: run a command line against given streams (tests, scripts). */

export { CommandFailed, UsageError } from './failures.ts';
export type { Io, Output } from './io.ts';
export { EXIT, run } from './run.ts';
export { START_ADMIN_TOKEN, START_PROXY_URL } from './target.ts';
