/**
 * The script-tag build's plugin that writes the `locales` chunk's loaders (src/localize/locales.ts,
 * one `import()` per language) as one table of file names, after chunksFromProxy has made each
 * of them a call of the entry's loader (vite.config.ts uses it for `--mode bundled`).
 */
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Loader extends Node {
  key: Node & { name?: string; value?: unknown };
  value: Node & {
    params?: unknown[];
    async?: boolean;
    body?: Node & {
      callee?: Node & { name?: string };
      arguments?: (Node & { value?: unknown })[];
    };
  };
  computed: boolean;
  kind: string;
  method: boolean;
  shorthand: boolean;
}

/** Every object literal of an ESTree tree, found by walking all its child nodes. */
function objects(node: unknown, found: (Node & { properties: Node[] })[] = []) {
  if (node && typeof node === 'object') {
    if ((node as Node).type === 'ObjectExpression') {
      found.push(node as Node & { properties: Node[] });
    }
    for (const child of Object.values(node)) objects(child, found);
  }
  return found;
}

/**
 * A loader's language and the hash of its chunk's name: `de: () => __cpImport("de.bundled-1a2b.js")`
 * gives `de` and `1a2b` (while the chunk renders, Rollup's placeholder for the hash).
 */
function loaderEntry(property: Node): [code: string, hash: string] | undefined {
  const { key, value, computed, kind, method, shorthand } = property as Loader;
  const code = key?.name ?? key?.value;
  if (property.type !== 'Property' || computed || kind !== 'init' || method || shorthand) return;
  if (typeof code !== 'string' || value.type !== 'ArrowFunctionExpression') return;
  if (value.params?.length || value.async) return;
  const { callee, arguments: args = [] } = value.body ?? {};
  if (value.body?.type !== 'CallExpression' || callee?.name !== '__cpImport') return;
  const [file] = args;
  if (args.length !== 1 || file?.type !== 'Literal' || typeof file.value !== 'string') return;
  // The table's separators (a colon, a space) never in a language's code or a hash.
  const hash =
    file.value.startsWith(`${code}.bundled-`) &&
    /^([^\s:]+)\.js$/.exec(file.value.slice(`${code}.bundled-`.length))?.[1];
  return hash && !/[\s:]/.test(code) ? [code, hash] : undefined;
}

/**
 * Fifty closures, each naming its chunk whole (`ar:()=>e("ar.bundled-D9-e8z.js")`), become one
 * string of `code:hash` pairs and the one function that turns each into its loader: the same
 * object (its keys in the same order, each a function loading the same file), for fewer bytes
 * in the chunk every page in a language other than English fetches. The hash stays in every
 * name (the proxy serves chunks as immutable), and Rollup still writes it in for its placeholder.
 * The source keeps its typed `import()`s, which the bundler build and the dev server use.
 */
export const localeTable = (): Plugin => ({
  name: 'crypto-pay:locale-table',
  renderChunk(code, chunk) {
    if (chunk.name !== 'locales') return null;
    const tables = objects(this.parse(code))
      .map((object) => ({ object, entries: object.properties.map(loaderEntry) }))
      .filter(({ entries }) => entries.length > 1 && entries.every(Boolean));
    const [table] = tables;
    // Were the source's loaders written otherwise, the chunk would quietly keep them whole.
    if (tables.length !== 1 || !table) {
      this.error(`${chunk.fileName}: found ${tables.length} tables of language loaders, not one`);
    }
    const pairs = table.entries.map((entry) => entry?.join(':')).join(' ');
    const loaders =
      `Object.fromEntries(${JSON.stringify(pairs)}.split(" ").map((entry)=>` +
      `[entry.split(":")[0],()=>__cpImport(entry.replace(":",".bundled-")+".js")]))`;
    return {
      code: code.slice(0, table.object.start) + loaders + code.slice(table.object.end),
      map: null,
    };
  },
  /**
   * The chunk exports what the tests read of the source too (`SUPPORTED_LOCALES`,
   * `supportedLocale`): Rollup keeps every export of a chunk that is imported whole. Only the
   * other chunks import it, and they read its exports by name, so one that none of them names
   * is dropped, and the minifier then drops what only it used. (Rollup has named the chunk by
   * then, from its code before, as for the minifier's work: the same sources, the same name.)
   */
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const locales = chunks.find((chunk) => chunk.name === 'locales');
    if (!locales) return;
    const named = (name: string) =>
      chunks.some(
        (chunk) => chunk !== locales && new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(chunk.code),
      );
    const program = this.parse(locales.code) as unknown as { body: (Node & ExportNode)[] };
    const exports = program.body.filter(
      (node) => node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source,
    );
    const [statement] = exports;
    if (
      exports.length !== 1 ||
      !statement ||
      program.body.some((node) => node.type === 'ExportDefaultDeclaration')
    ) {
      this.error(`${locales.fileName}: its exports are not one export {…} list`);
    }
    const kept = statement.specifiers.filter(({ exported }) => named(exported.name));
    if (kept.length === 0) this.error(`${locales.fileName}: no chunk reads any of its exports`);
    const list = kept.map(({ local, exported }) => `${local.name} as ${exported.name}`);
    locales.code =
      locales.code.slice(0, statement.start) +
      `export{${list.join(',')}};` +
      locales.code.slice(statement.end);
    locales.exports = kept.map(({ exported }) => exported.name);
  },
});

interface ExportNode {
  declaration?: unknown;
  source?: unknown;
  specifiers: { local: { name: string }; exported: { name: string } }[];
}
