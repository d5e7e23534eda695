/**
 * Structured logs: one JSON object per line with time, level and message. Callers pass only
 * ids, statuses and timings; bodies, secrets and sender data are never handed to the logger.
 * With traces on, a line written inside a span carries its `trace_id` and `span_id`.
 */

import { tracing } from '../tracing/hooks.ts';

export const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type Level = (typeof LEVELS)[number];
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

/**
 * A logger writing JSON lines to `write` (stdout by default), from `least` severe upwards.
 * `time`, `level` and `message` come first and are the logger's own: a field of the same name
 * is left out.
 */
export function createLogger(
  write: (line: string) => void = bufferedLines(),
  least: Level = 'debug',
): Log {
  const threshold = LEVELS.indexOf(least);
  // Read once: without traces a line costs nothing more.
  const traces = tracing();
  const traced = traces.active;
  return (level, message, fields = {}) => {
    if (LEVELS.indexOf(level) < threshold) return;
    const span = traced ? traces.logFields() : undefined;
    // Spliced by hand: every request logs a line, and building one object of everything to
    // stringify cost more than a status read itself.
    const head = `{"time":"${isoTimeNow()}","level":"${level}","message":${JSON.stringify(message)}`;
    const rest = JSON.stringify(withoutOwnFields(span ? { ...fields, ...span } : fields));
    write(rest.length > 2 ? `${head},${rest.slice(1)}` : `${head}}`);
  };
}

function withoutOwnFields(fields: Record<string, unknown>): Record<string, unknown> {
  if (!('time' in fields || 'level' in fields || 'message' in fields)) return fields;
  const { time: _time, level: _level, message: _message, ...rest } = fields;
  return rest;
}

// Formatting a date is slow next to a status read; lines of the same millisecond share one.
let lastMs = 0;
let lastIso = '';
function isoTimeNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/** The same logger with more fixed fields (e.g. a request id). */
export function childLogger(log: Log, fields: Record<string, unknown>): Log {
  return (level, message, more = {}) => log(level, message, { ...fields, ...more });
}
