// Installs the Debian packages that tests need when what they provide is missing: one helper,
// so every tool (browsers, PostgreSQL, HAProxy, podman) is found and installed the same way.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether `provides` (an absolute path, or a command looked up in PATH) is there. */
function present(provides) {
  if (provides.startsWith('/')) return existsSync(provides);
  return (
    spawnSync('sh', ['-c', 'command -v "$1"', 'sh', provides], { stdio: 'ignore' }).status === 0
  );
}

/**
 * Makes sure each `provides` exists, installing the packages of those missing with one
 * `apt-get update` and one `apt-get install` (needs root and apt, as on CI). `why` names what
 * needs them in the line printed before installing. Throws if something is still missing.
 */
export function ensureDebianPackages(needs, why) {
  const missing = needs.filter((need) => !present(need.provides));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((need) => need.package))];
  console.log(
    `${missing.map((need) => need.provides).join(', ')} not found: installing Debian ` +
      `package(s) ${packages.join(', ')} for ${why} (needs root and apt).`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  const still = missing.filter((need) => !present(need.provides));
  if (still.length > 0) {
    throw new Error(
      `Installed ${packages.join(', ')}, but ${still.map((need) => need.provides).join(', ')} ` +
        'is still missing.',
    );
  }
}
