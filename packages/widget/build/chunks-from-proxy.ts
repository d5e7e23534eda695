/**
 * The script-tag build's plugin that lets its chunks come from the merchant's proxy, with its
 * checks of what the entry shares with them (vite.config.ts uses it for `--mode bundled`).
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The script-tag build works copied alone, under any name, from any origin: its chunks are
 * fetched from the merchant's proxy (src/api/parts.ts), so neither may name the other by
 * address. Each chunk import becomes a call of the entry's `importPart`, and each chunk's static
 * import of the entry becomes a read of what the entry left under `Symbol.for('crypto-pay')`
 * (instead of exporting it), once it ran. (The bundler build leaves imports to the host's
 * bundler, which needs them static.)
 */
const REGISTRY = 'globalThis[Symbol.for("crypto-pay")]';
export const chunksFromProxy = (): Plugin => {
  /** The entry's page exports by name, with their local names (filled as the entry renders). */
  const pageLocals = new Map<string, string>();
  /** What the chunks import of the entry by name (filled as they render). */
  const imported = new Set<string>();
  return {
    name: 'crypto-pay:chunks-from-proxy',
    renderDynamicImport: ({ targetChunk }) =>
      targetChunk ? { left: '__cpImport(', right: ')' } : null,
    renderChunk(code, chunk) {
      const program = this.parse(code) as unknown as { body: ImportExportNode[] };
      let result = '';
      let copied = 0;
      let loader: string | undefined;
      const replace = (node: ImportExportNode, text: string) => {
        result += code.slice(copied, node.start) + text;
        copied = node.end;
      };
      for (const node of program.body) {
        if (node.type === 'ImportDeclaration') {
          const named = node.specifiers.every((s) => s.type === 'ImportSpecifier');
          if (!node.source?.value.endsWith('crypto-pay.bundled.js') || !named) {
            this.error(
              `${chunk.fileName} imports ${node.source?.value} in a way the proxy cannot serve`,
            );
          }
          for (const s of node.specifiers) imported.add(s.imported?.name ?? '');
          const names = node.specifiers.map((s) => `${s.imported?.name}:${s.local.name}`);
          replace(node, `const{${names.join(',')}}=${REGISTRY};`);
        } else if (chunk.isEntry && node.type === 'ExportNamedDeclaration' && !node.declaration) {
          // What the page may import stays exported; the rest is the chunks' alone.
          const exports = moduleExports(this, chunk.facadeModuleId ?? '');
          const page = new Set(exports.filter((name) => name !== 'importPart'));
          const isPage = (s: (typeof node.specifiers)[number]) => page.has(s.exported?.name ?? '');
          const own = node.specifiers.filter((s) => !isPage(s));
          const pageSpecifiers = node.specifiers.filter(isPage);
          for (const { local } of own) assertConstant(this, program as never, local.name);
          loader = own.find((s) => s.exported?.name === 'importPart')?.local.name;
          // The loader under `$`, a name Rollup never gives an export it shares.
          const key = (name = '') => (name === 'importPart' ? '$' : name);
          const shared = own.map((s) => `${key(s.exported?.name)}:${s.local.name}`).join(',');
          for (const s of pageSpecifiers) pageLocals.set(s.exported?.name ?? '', s.local.name);
          const exported = pageSpecifiers.map((s) => `${s.local.name} as ${s.exported?.name}`);
          replace(node, `${REGISTRY}={${shared}};export{${exported.join(',')}};`);
        }
      }
      // The loader takes a chunk by its file name: all of them are in one folder on the proxy.
      result = (result + code.slice(copied)).replace(
        /__cpImport\((['"])\.\/(chunks\/)?/g,
        '__cpImport($1',
      );
      if (!result.includes('__cpImport(')) return result;
      // A chunk takes the loader with the rest, once the entry has run; the entry calls its own
      // (declared before any element can update, so never read before it is there).
      if (!chunk.isEntry) return `const{$:__cpImport}=${REGISTRY};${result}`;
      if (!loader) this.error('the entry does not export importPart (src/script-tag.ts)');
      return result.replaceAll('__cpImport(', `${loader}(`);
    },
    /**
     * A chunk may also take what the page imports (an event class it dispatches): those are
     * added to what the entry leaves under the symbol once every chunk has said what it reads.
     */
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') return;
      const taken = [...imported].filter((name) => pageLocals.has(name));
      if (taken.length === 0) return;
      // Found again as later plugins may have printed it (spaces, a `@__PURE__` note).
      const opening = /globalThis\[(?:\/\*[^*]*\*\/\s*)?Symbol\.for\("crypto-pay"\)\]\s*=\s*\{/;
      if (!opening.test(entry.code)) this.error('the entry shares nothing with its chunks');
      const added = taken.map((name) => `${name}:${pageLocals.get(name)},`).join('');
      entry.code = entry.code.replace(opening, (found) => found + added);
    },
  };
};

/** The names a module exports, those of its `export *` included. */
function moduleExports(
  context: {
    getModuleInfo: (id: string) => { exportedBindings: Record<string, string[]> | null } | null;
  },
  id: string,
): string[] {
  const bindings = context.getModuleInfo(id)?.exportedBindings ?? {};
  return Object.entries(bindings).flatMap(([source, names]) =>
    names.flatMap((name) =>
      name === '*' ? moduleExports(context, resolve(dirname(id), source)) : [name],
    ),
  );
}

interface ImportExportNode {
  type: string;
  start: number;
  end: number;
  source?: { value: string } | null;
  declaration?: unknown;
  specifiers: {
    type: string;
    local: { name: string };
    imported?: { name: string };
    exported?: { name: string };
  }[];
}

/**
 * The chunks read the entry's bindings once, where an import would follow them live: so none
 * may be a variable the entry assigns again (Rollup writes some classes as `let X = class`).
 * An assignment inside a scope that declares the name again is to another variable.
 */
function assertConstant(
  context: { error: (message: string) => never },
  program: { body: unknown[] },
  name: string,
): void {
  const assigns = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const { type, left, argument } = node as EsNode;
    if (type === 'AssignmentExpression' && left?.name === name) return true;
    if (type === 'UpdateExpression' && argument?.name === name) return true;
    if (node !== program && redeclares(node as EsNode, name)) return false;
    return Object.values(node).some(assigns);
  };
  if (assigns(program)) {
    context.error(`the entry shares ${name}, which it assigns again, with its chunks`);
  }
}

interface EsNode {
  type?: string;
  name?: string;
  left?: EsNode;
  argument?: EsNode;
  id?: EsNode | null;
  params?: EsNode[];
  param?: EsNode | null;
  body?: EsNode | EsNode[];
  declarations?: EsNode[];
  init?: EsNode | null;
  properties?: EsNode[];
  elements?: (EsNode | null)[];
  value?: EsNode;
}

/** The names a binding pattern (`a`, `{a, b: [c]}`, `...d`, `e = 1`) declares. */
function patternNames(pattern: EsNode | null | undefined): string[] {
  if (!pattern) return [];
  if (pattern.type === 'Identifier') return [pattern.name ?? ''];
  if (pattern.type === 'AssignmentPattern') return patternNames(pattern.left);
  if (pattern.type === 'RestElement') return patternNames(pattern.argument);
  if (pattern.type === 'Property') return patternNames(pattern.value);
  return [...(pattern.properties ?? []), ...(pattern.elements ?? [])].flatMap(patternNames);
}

/** Whether a function, block, loop or catch declares `name` for what is inside it. */
function redeclares(node: EsNode, name: string): boolean {
  const declared = (statement: EsNode | null | undefined) =>
    (statement?.type === 'VariableDeclaration' &&
      statement.declarations?.some((declarator) => patternNames(declarator.id).includes(name))) ||
    (['FunctionDeclaration', 'ClassDeclaration'].includes(statement?.type ?? '') &&
      statement?.id?.name === name);
  if (node.params?.some((param) => patternNames(param).includes(name))) return true;
  if (node.type === 'CatchClause' && patternNames(node.param).includes(name)) return true;
  if (node.type?.startsWith('For') && declared(node.init ?? (node.left as EsNode))) return true;
  const statements = Array.isArray(node.body) ? node.body : [];
  // A function's `var`s hoist out of its blocks, but Rollup's output declares them at the top.
  const body = node.body && !Array.isArray(node.body) ? node.body.body : undefined;
  return [...statements, ...(Array.isArray(body) ? body : [])].some(declared);
}
