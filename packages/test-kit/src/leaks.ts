/** Finding secrets and personal data where they must never be: bodies, log lines, files. */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerProcess } from './process.ts';
import { PERSONAL_SENTINELS } from './senders.ts';

export interface Text {
  /** Where the text came from, for the failure message. */
  where: string;
  text: string;
}

export interface Leak {
  where: string;
  needle: string;
  /** A few characters around the first hit. */
  excerpt: string;
}

/** Every occurrence of any needle in any text (one per text and needle). */
export function findLeaks(texts: Iterable<Text>, needles: readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  for (const { where, text } of texts) {
    for (const needle of needles) {
      const at = text.indexOf(needle);
      if (at >= 0) {
        leaks.push({
          where,
          needle,
          excerpt: text.slice(Math.max(0, at - 60), at + needle.length + 60),
        });
      }
    }
  }
  return leaks;
}

/** The files under `folder` (recursively), read as text (binary files as latin1 bytes). */
export function filesUnder(folder: string): Text[] {
  const texts: Text[] = [];
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, name);
    if (statSync(path).isFile()) texts.push({ where: path, text: readFileSync(path, 'latin1') });
  }
  return texts;
}

/** A process's log lines, both streams, as texts named by process, stream and line number. */
export function logTexts(name: string, lines: readonly { stream: string; text: string }[]): Text[] {
  return lines.map((line, i) => ({ where: `${name} ${line.stream} line ${i}`, text: line.text }));
}

/** Leaks as a readable list, one per line, for a failure message. */
export function describeLeaks(leaks: readonly Leak[]): string {
  return leaks
    .map((leak) => `  ${leak.where}: ${JSON.stringify(leak.needle)} in …${leak.excerpt}…`)
    .join('\n');
}

/** The sandbox's start-up line that prints its signing secret, by design (stack.ts says why). */
const SANDBOX_SECRET_BANNER = /^\s*signing secret\s+\S+\s+\(SANDBOX ONLY/;

/**
 * A sandbox's log lines (both streams) against the stack's rule (its header): the secret only in
 * its start-up banner, no sender data anywhere. For a sandbox started alone, e.g. to fuzz it.
 */
export function sandboxLogLeaks(
  sandbox: Pick<ServerProcess, 'lines'>,
  signingSecret: string,
): Leak[] {
  const lines = logTexts('sandbox', sandbox.lines);
  return [
    ...findLeaks(
      lines.filter((line) => !SANDBOX_SECRET_BANNER.test(line.text)),
      [signingSecret],
    ),
    ...findLeaks(lines, PERSONAL_SENTINELS),
  ];
}
