/** The command line's release, from its package.json: `--version`, and what a proxy's is compared with. */

import { readFileSync } from 'node:fs';

export const CLI_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
