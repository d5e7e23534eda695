// A package's `prepack`: build from nothing, so a packed tarball never carries a stale or
// leftover file of an older dist/. Runs in the package's directory.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const { status } = spawnSync('pnpm', ['run', 'build'], { stdio: 'inherit' });
process.exit(status ?? 1);
