// Preloaded into a process under test (NODE_OPTIONS=--import=…, `openTelemetryWatch` in
// otlp-receiver.ts): writes one stderr line per @opentelemetry package the process loads, by
// import or require, eagerly or late, and by whom (the package that asked, or `workspace` for
// the project's own code), so a test sees whether any was loaded, and why.
import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';

const PACKAGE = /[/\\]node_modules[/\\](@opentelemetry[/\\][^/\\]+)/;
/** The last package in a path: `node_modules/name` or `node_modules/@scope/name`. */
const LAST_PACKAGE = /.*[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)/;
const seen = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = PACKAGE.exec(resolved.url)?.[1];
    if (!name) return resolved;
    const by = LAST_PACKAGE.exec(context.parentURL ?? '')?.[1] ?? 'workspace';
    // OpenTelemetry's packages loading each other: the first asker from outside was told.
    if (PACKAGE.test(`/node_modules/${by}`)) return resolved;
    // Once per package and asker: a second asker of a loaded package is still told.
    if (!seen.has(`${name} ${by}`)) {
      seen.add(`${name} ${by}`);
      writeSync(2, `opentelemetry-watch: loaded ${name} by ${by}\n`);
    }
    return resolved;
  },
});
