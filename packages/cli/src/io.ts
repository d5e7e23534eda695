/**
 * Where a command writes and what it reads of its environment, so the same commands run in the
 * `crypto-pay` process and in a test: its two streams, its environment, and a signal that ends
 * a long-running command (Ctrl-C in the process). Colours only on a terminal, never with
 * `NO_COLOR` (https://no-color.org).
 */

import { styleText } from 'node:util';
import type { Command } from 'commander';

/** A stream a command writes to: `process.stdout` or a test's collector. */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  hasColors?: (count?: number, env?: object) => boolean;
}

export interface Io {
  stdout: Output;
  stderr: Output;
  env: Readonly<Record<string, string | undefined>>;
  /** Aborted when the user stops the command (SIGINT, SIGTERM): `listen` then ends cleanly. */
  signal: AbortSignal;
  /**
   * Asks the user a question on the terminal and answers what they typed; undefined when there is
   * no terminal to ask on (stdin is a pipe or a file: a script, CI).
   */
  ask?: (question: string) => Promise<string>;
}

type Style = Parameters<typeof styleText>[0];

/** Colours for one stream: what a terminal that takes them shows, plain text anywhere else. */
export function painter(stream: Output, env: Io['env']): (style: Style, text: string) => string {
  const colours =
    stream.isTTY === true &&
    (env.NO_COLOR === undefined || env.NO_COLOR === '') &&
    (stream.hasColors?.(16, env) ?? false);
  return colours
    ? (style, text) => styleText(style, text, { validateStream: false })
    : (_, text) => text;
}

/** Prints `value` as indented JSON: what `--json` prints, for scripts and `jq`. */
export function printJson(io: Io, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Prints rows as aligned columns under a header, for people; an empty list says so in a line
 * (`empty`) instead of a bare header.
 */
export function printTable<Row>(
  io: Io,
  columns: ReadonlyArray<readonly [header: string, cell: (row: Row) => string]>,
  rows: readonly Row[],
  empty: string,
): void {
  if (rows.length === 0) {
    io.stdout.write(`${empty}\n`);
    return;
  }
  const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
  const widths = columns.map(([header], index) =>
    Math.max(header.length, ...cells.map((line) => line[index]!.length)),
  );
  const paint = painter(io.stdout, io.env);
  const line = (values: string[]) =>
    values
      .map((value, index) => (index === values.length - 1 ? value : value.padEnd(widths[index]!)))
      .join('  ');
  io.stdout.write(`${paint('bold', line(columns.map(([header]) => header)))}\n`);
  for (const values of cells) io.stdout.write(`${line(values)}\n`);
}

/**
 * One thing's facts, a line each, the labels aligned (for people); a fact without a value is
 * left out.
 */
export function printFacts(
  io: Io,
  facts: ReadonlyArray<readonly [label: string, value: string | undefined]>,
): void {
  const given = facts.filter((fact): fact is readonly [string, string] => fact[1] !== undefined);
  const width = Math.max(...given.map(([label]) => label.length));
  const paint = painter(io.stdout, io.env);
  for (const [label, value] of given) {
    io.stdout.write(`${paint('bold', label.padEnd(width))}  ${value}\n`);
  }
}

/**
 * A table printed a row at a time, as rows come: the header before the first row, each column
 * padded to at least `widths` (a wider cell pushes the rest of its line along).
 */
export function rowPrinter<Row>(
  io: Io,
  columns: ReadonlyArray<readonly [header: string, cell: (row: Row) => string]>,
  widths: readonly number[],
): (row: Row) => void {
  const paint = painter(io.stdout, io.env);
  const line = (values: string[]) =>
    values
      .map((value, index) =>
        index === values.length - 1 ? value : value.padEnd(widths[index] ?? 0),
      )
      .join('  ');
  let started = false;
  return (row) => {
    if (!started) io.stdout.write(`${paint('bold', line(columns.map(([header]) => header)))}\n`);
    started = true;
    io.stdout.write(`${line(columns.map(([, cell]) => cell(row)))}\n`);
  };
}

/** A word as a shell reads it back: quoted when it holds more than plain characters. */
export const shellWord = (value: string) =>
  /^[\w.,:/@%+=-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;

/**
 * The line after a full page: the command that shows the next one, with every flag given for
 * this one (a filter left out would page through another list), and `--proxy` when it was given
 * as one: the next page is the same proxy's. A `--token` is never printed: it is a secret.
 */
export function printMore(
  io: Io,
  command: Command,
  flags: Readonly<Record<string, string | number | true | undefined>>,
): void {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  const { proxy } = command.optsWithGlobals<{ proxy?: string }>();
  const all: typeof flags = { '--proxy': proxy, ...flags };
  const given = Object.entries(all)
    .filter(([, value]) => value !== undefined)
    .map(([flag, value]) => (value === true ? ` ${flag}` : ` ${flag} ${shellWord(String(value))}`))
    .join('');
  io.stdout.write(`More: crypto-pay ${names.join(' ')}${given}\n`);
}

/** A currency with its network as people read it (`USDT on tron`): one ISO code names several. */
export const currencyOnNetwork = (currency: { iso: string; network_name?: string | undefined }) =>
  currency.network_name ? `${currency.iso} on ${currency.network_name}` : currency.iso;

/** A Unix time in seconds as people read it: `2026-11-29 18:04:12Z`. */
export const timeOf = (seconds: number) =>
  new Date(seconds * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
