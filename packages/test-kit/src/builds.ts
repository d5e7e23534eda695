/**
 * Whether the packages' builds are as new as their source. `pnpm bench` measures `dist/`, as
 * deployed: a build older than the tree (a branch checked out, a file edited since) would be
 * measured in its place without a word.
 */

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Tests and their helpers: in `src/`, never in a build. */
const NOT_BUILT = /\.test(-helpers)?\.[cm]?tsx?$/;

/** The last time a file below `folder` that `counts` was written, in ms (0 when none is). */
function lastWritten(folder: string, counts: (path: string) => boolean): number {
  let last = 0;
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, name);
    const stat = statSync(path);
    if (stat.isFile() && counts(path)) last = Math.max(last, stat.mtimeMs);
  }
  return last;
}

/**
 * Of the packages `names` under `root` (`packages/<name>`), those built (with a `dist/`) whose
 * source (`src/`, tests aside) was written after their build last was. A package not built at
 * all is left to whatever needs it, which says so.
 */
export function staleBuilds(root: string, names: readonly string[]): string[] {
  return names.filter((name) => {
    const folder = join(root, 'packages', name);
    if (!existsSync(join(folder, 'dist'))) return false;
    const source = lastWritten(join(folder, 'src'), (path) => !NOT_BUILT.test(path));
    return source > lastWritten(join(folder, 'dist'), () => true);
  });
}
