import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The packages the shell's modules import at run time: from `main.ts`, every module reached by
 * a static import or re-export (`import()` starts a chunk of its own: the Money page, the
 * chart), and of each the specifiers that are not relative. Those of types only leave nothing
 * in the build. Other workspace packages' own imports are theirs to keep (the widget's wording).
 */
function shellImports(entry: URL, seen = new Set<string>(), found = new Map<string, string>()) {
  if (seen.has(entry.href)) return found;
  seen.add(entry.href);
  const source = readFileSync(entry, 'utf8');
  const statements = /^(?:import\b[^'"]*|export\b[^'";]*\bfrom\s*)['"]([^'"]+)['"]/gm;
  for (const [statement, specifier] of source.matchAll(statements)) {
    if (/^(?:import|export)\s+type\b/.test(statement)) continue;
    if (specifier!.startsWith('.')) shellImports(new URL(specifier!, entry), seen, found);
    else found.set(specifier!, entry.pathname.slice(entry.pathname.indexOf('/src/') + 1));
  }
  return found;
}

describe('the dashboard shell', () => {
  it('imports only the protocol modules that build no zod schema', () => {
    // Each of these is checked zod-free by the protocol's own browser-modules test; the root
    // and the API modules build their schemas as they load, which the bundler cannot drop
    // (22 kB of every page, measured: the dashboard README).
    const zodFree = [
      '@crypto-pay/protocol/checkout-status',
      '@crypto-pay/protocol/formats',
      '@crypto-pay/protocol/merchant-rules',
      '@crypto-pay/protocol/money',
      '@crypto-pay/protocol/passwords',
      '@crypto-pay/protocol/reference',
    ];
    const protocol = [...shellImports(new URL('./main.ts', import.meta.url))].filter(
      ([specifier]) => specifier.startsWith('@crypto-pay/protocol'),
    );
    assert.ok(protocol.length > 0, 'the walk found no protocol import at all');
    assert.deepEqual(
      protocol.filter(([specifier]) => !zodFree.includes(specifier)),
      [],
      'a shell module imports a protocol module with schemas: take the term from merchant-rules',
    );
  });
});
