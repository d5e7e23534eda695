import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/** Every module `entry` imports, itself included, following relative imports. */
function importedModules(entry: URL, found = new Map<string, string>()): Map<string, string> {
  if (found.has(entry.href)) return found;
  const source = readFileSync(entry, 'utf8');
  found.set(entry.href, source);
  for (const [, specifier] of source.matchAll(/^import[^'"]*from '([^']+)'/gm)) {
    if (specifier?.startsWith('.')) importedModules(new URL(specifier, entry), found);
  }
  return found;
}

describe('the modules a browser form imports', () => {
  // The widget checks its form and follows a checkout with these; zod/mini doubled its rules'
  // chunk (BENCHMARKS.md).
  for (const entry of [
    'sender.ts',
    'formats.ts',
    'countries.ts',
    'money.ts',
    'checkout-status.ts',
    'reference.ts',
    // And the dashboard's shell, which leaves zod to the chunks that check forms.
    'merchant-rules.ts',
    'passwords.ts',
    // And the widget's wait for a proxy that asks for one.
    'retry-after.ts',
  ]) {
    it(`${entry} brings no zod`, () => {
      const withZod = [...importedModules(new URL(entry, import.meta.url))]
        .filter(([, source]) => /^import[^'"]*from 'zod/m.test(source))
        .map(([href]) => href.slice(href.lastIndexOf('/') + 1));
      assert.deepEqual(withZod, []);
    });
  }
});
