// Files of the demo's folders by URL path, for both of its servers (server.mjs, and Vite's dev
// server for /vendor/ in vite.config.ts): never a file outside its folder, never a folder, and
// a path that cannot name a file refused with a 400 in the project's error shape, not thrown.

import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

/** A path that cannot name a file: answered 400 by `answerBadPath`. */
export class BadPath extends Error {}

/**
 * A `.` or `..` segment (each dot plain or `%2e`) in a request target's path, before any query,
 * as the proxy refuses them (packages/proxy/src/http/middleware/path-guard.ts). No page links
 * with one, and resolving it would move the request to another route or file.
 */
const DOT_SEGMENT = /^[^?]*?(?:^|\/)(?:\.|%2e){1,2}(?:\/|\?|$)/i;

/** Throws BadPath when the request target `target` holds a dot segment. */
export function refuseDotSegments(target) {
  if (DOT_SEGMENT.test(target)) {
    throw new BadPath('The request path must not contain dot segments.');
  }
}

/**
 * The file that `urlPath` (still percent-encoded, below `root`) names, or undefined when there
 * is none; a folder stands for its index.html. Throws BadPath for an encoding that does not
 * decode or a NUL byte.
 */
export function fileUnder(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    throw new BadPath('The path has a percent-encoding that does not decode.');
  }
  if (decoded.includes('\0')) throw new BadPath('The path holds a NUL byte.');
  let file = join(root, normalize(decoded || 'index.html'));
  // The separator too: `dist-old/` starts with `dist` but is not inside it.
  if (!file.startsWith(root + sep)) return undefined;
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  // Only a regular file: reading a folder fails after the answer has begun.
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** Answers an error as the project does: `{error, code}` JSON. */
export function answerError(response, status, code, error, headers = {}) {
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ error, code }));
}

/** Answers a BadPath 400 and says true, or says false for any other error. */
export function answerBadPath(response, error) {
  if (!(error instanceof BadPath)) return false;
  answerError(response, 400, 'bad_path', error.message);
  return true;
}
