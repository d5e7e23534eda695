/**
 * Structured logs: one JSON object per line with time, level and message. Callers pass only
 * ids, statuses and timings; bodies, secrets and sender data are never handed to the logger.
 */

export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: Level, message: string, fields?: Record<string, unknown>) => void;

/**
 * Collects the lines of one turn of the event loop and hands them to `write` at once: under
 * load a write per request costs a system call each (stdout is usually a pipe, written
 * synchronously). Whatever is pending is written when the process exits.
 */
export function bufferedLines(
  write: (text: string) => void = (text) => process.stdout.write(text),
): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    write(text);
  };
  process.on('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

/** A logger writing JSON lines to `write` (stdout by default), with `base` fields on each. */
export function createLogger(
  write: (line: string) => void = bufferedLines(),
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
