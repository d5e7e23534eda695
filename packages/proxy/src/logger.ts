/**
 * Structured logs: one JSON object per line with time, level and message. Callers pass only
 * ids, statuses and timings; bodies, secrets and sender data are never handed to the logger.
 */

export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: Level, message: string, fields?: Record<string, unknown>) => void;

/** A logger writing JSON lines to `write` (stdout by default), with `base` fields on each. */
export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  base: Record<string, unknown> = {},
): Log {
  return (level, message, fields = {}) => {
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...base, ...fields }));
  };
}

/** The same logger with more fixed fields (e.g. a request id). */
export function childLogger(log: Log, fields: Record<string, unknown>): Log {
  return (level, message, more = {}) => log(level, message, { ...fields, ...more });
}
