/**
 * Two library builds of the element: `crypto-pay.js` leaves Lit to the host's bundler;
 * `vite build --mode bundled` makes `crypto-pay.bundled.js`, one self-contained module for a
 * plain `<script type="module">`. Locales other than English become chunks loaded on demand.
 */
import { defaultClientConditions, defineConfig, type Plugin, transformWithEsbuild } from 'vite';

/**
 * Vite keeps whitespace in ES library builds; for the size of what customers download, the
 * chunks are minified fully once Rollup has shaken them.
 */
const minifyChunks = (): Plugin => ({
  name: 'crypto-pay:minify-chunks',
  async generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const result = await transformWithEsbuild(chunk.code, chunk.fileName, {
        minify: true,
        format: 'esm',
        target: 'es2022',
        legalComments: 'none',
      });
      chunk.code = result.code;
    }
  },
});

/**
 * Minifies the `css` blocks of the `*.styles.ts` files with esbuild's CSS minifier, the one Vite
 * runs on stylesheets: Lit keeps a block's text as written, and Vite minifies only .css files.
 */
const minifyStyles = (): Plugin => ({
  name: 'crypto-pay:minify-styles',
  async transform(code, id) {
    if (!id.endsWith('.styles.ts')) return undefined;
    const blocks = taggedTemplates(this.parse(code))
      .filter(({ tag }) => tag?.type === 'Identifier' && tag.name === 'css')
      .sort((a, b) => a.start - b.start);
    let result = '';
    let copied = 0;
    for (const { start, quasi } of blocks) {
      const [text, ...interpolated] = quasi?.quasis ?? [];
      // A `${}` would split the CSS into pieces no minifier can read alone.
      if (!text || interpolated.length > 0 || typeof text.value.cooked !== 'string') {
        this.error(`cannot minify the css block at ${id}:${start}`);
      }
      const minified = await transformWithEsbuild(text.value.cooked, `${id}.css`, {
        loader: 'css',
        minify: true,
        charset: 'utf8',
        sourcemap: false,
      });
      // Minified from the cooked text, so written back escaped as template literal source.
      const escaped = minified.code.trim().replace(/[`\\]|\$\{/g, (found) => `\\${found}`);
      result += code.slice(copied, text.start) + escaped;
      copied = text.end;
    }
    return { code: result + code.slice(copied), map: null };
  },
});

/**
 * A failed `import()` stays failed for the life of the page (the browser keeps the failure in
 * its module map), so a chunk lost to a network blip could never load without a reload: the
 * form's Continue, the pay step's panel, a language. In the bundle each chunk import that fails
 * asks once more for the same file under a new query. (The bundler build leaves imports to the
 * host's bundler, which needs them static.)
 */
const RETRYING_IMPORT =
  'let __cpRetry=0;const __cpImport=u=>import(u).catch(()=>import(u+"?retry="+ ++__cpRetry));';
const retryChunkImports = (): Plugin => ({
  name: 'crypto-pay:retry-chunk-imports',
  renderDynamicImport: ({ targetChunk }) =>
    targetChunk ? { left: '__cpImport(', right: ')' } : null,
  renderChunk: (code) => (code.includes('__cpImport(') ? RETRYING_IMPORT + code : null),
});

interface TemplateNode {
  type: string;
  start: number;
  end: number;
  tag?: { type: string; name?: string };
  quasi?: {
    quasis: { start: number; end: number; value: { raw: string; cooked?: string | null } }[];
  };
}

/** Every tagged template in an ESTree tree, found by walking all its child nodes. */
function taggedTemplates(node: unknown, found: TemplateNode[] = []): TemplateNode[] {
  if (node && typeof node === 'object') {
    if ((node as TemplateNode).type === 'TaggedTemplateExpression')
      found.push(node as TemplateNode);
    for (const child of Object.values(node)) taggedTemplates(child, found);
  }
  return found;
}

/**
 * Collapses each run of whitespace holding a line break in the static text of the `html` and
 * `svg` templates to one space, which renders the same: HTML collapses such runs anyway. A
 * template with `<pre>` or `<textarea>`, where whitespace shows, stops the build instead.
 */
const minifyTemplates = (): Plugin => ({
  name: 'crypto-pay:minify-templates',
  transform(code, id) {
    if (!/\/src\/.*\.ts$/.test(id) || !/(html|svg)`/.test(code)) return undefined;
    const texts = taggedTemplates(this.parse(code))
      .filter(({ tag }) => tag?.type === 'Identifier' && ['html', 'svg'].includes(tag.name ?? ''))
      .flatMap(({ quasi }) => quasi?.quasis ?? [])
      // In source order: a template may sit inside another's expression.
      .sort((a, b) => a.start - b.start);
    let result = '';
    let copied = 0;
    for (const { start, end, value } of texts) {
      const text = code.slice(start, end);
      if (start < copied || text !== value.raw || /<(pre|textarea)\b/i.test(text)) {
        this.error(`cannot minify the template at ${id}:${start}`);
      }
      result += code.slice(copied, start) + text.replace(/\s*\n\s*/g, ' ');
      copied = end;
    }
    return { code: result + code.slice(copied), map: null };
  },
});

export default defineConfig(({ mode }) => {
  const bundled = mode === 'bundled';
  return {
    plugins: [
      minifyStyles(),
      minifyTemplates(),
      ...(bundled ? [retryChunkImports()] : []),
      minifyChunks(),
    ],
    // The workspace's packages from their TypeScript source (scripts/source.mjs).
    resolve: { conditions: ['@crypto-pay/source', ...defaultClientConditions] },
    build: {
      target: 'es2022',
      emptyOutDir: !bundled,
      // Minified by minifyChunks instead, which also takes the whitespace out.
      minify: false,
      sourcemap: false,
      lib: {
        entry: 'src/crypto-pay.ts',
        formats: ['es'],
        fileName: () => (bundled ? 'crypto-pay.bundled.js' : 'crypto-pay.js'),
      },
      rollupOptions: {
        // For bundlers every dependency stays an import (Lit first of all), so the host dedupes them.
        // The entry may export what its chunks share, instead of becoming a facade of one.
        preserveEntrySignatures: 'allow-extension',
        external: bundled ? [] : [/^lit(\/|$)/, /^@lit\//, /^lean-qr/, /^zod/, /^@crypto-pay\//],
        output: {
          chunkFileNames: bundled ? 'chunks/[name].bundled-[hash].js' : 'chunks/[name]-[hash].js',
        },
      },
    },
  };
});
