/**
 * Two library builds of the element: `crypto-pay.js` leaves Lit to the host's bundler;
 * `vite build --mode bundled` makes `crypto-pay.bundled.js`, one self-contained module for a
 * plain `<script type="module">`. Locales other than English become chunks loaded on demand.
 */
import { defineConfig, type Plugin, transformWithEsbuild } from 'vite';

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

/** Collapses the whitespace and comments of the `css` blocks in `*.styles.ts` files. */
const minifyStyles = (): Plugin => ({
  name: 'crypto-pay:minify-styles',
  transform(code, id) {
    if (!id.endsWith('.styles.ts')) return undefined;
    return code.replace(/css`([^`]*)`/g, (_block, text: string) => {
      const minified = text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{};,])\s*/g, '$1')
        .replace(/:\s+/g, ':')
        .replace(/;}/g, '}')
        .trim();
      return `css\`${minified}\``;
    });
  },
});

export default defineConfig(({ mode }) => {
  const bundled = mode === 'bundled';
  return {
    plugins: [minifyStyles(), minifyChunks()],
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
