/**
 * Two library builds of the element: `crypto-pay.js` leaves Lit to the host's bundler;
 * `vite build --mode bundled` makes `crypto-pay.bundled.js`, one self-contained module for a
 * plain `<script type="module">`. Locales other than English become chunks loaded on demand.
 */
import { readFileSync } from 'node:fs';
import { defaultClientConditions, defineConfig } from 'vite';
import { chunksFromProxy } from './build/chunks-from-proxy.ts';
import { localeTable } from './build/locale-table.ts';
import { minifyChunks, minifyStyles, minifyTemplates } from './build/minify.ts';
import { packedTranslations } from './build/packed-translations.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig(({ mode }) => {
  const bundled = mode === 'bundled';
  return {
    plugins: [
      minifyStyles(),
      minifyTemplates(),
      packedTranslations(),
      ...(bundled ? [chunksFromProxy(), localeTable()] : []),
      minifyChunks({ shortMembers: bundled }),
    ],
    // The folder of the proxy's `/widget/{version}/` that the script-tag build fetches from.
    define: { __CRYPTO_PAY_VERSION__: JSON.stringify(version) },
    // The workspace's packages from their TypeScript source (@crypto-pay/test-kit/source).
    resolve: { conditions: ['@crypto-pay/source', ...defaultClientConditions] },
    build: {
      target: 'es2022',
      emptyOutDir: !bundled,
      // Minified by minifyChunks instead, which also takes the whitespace out.
      minify: false,
      sourcemap: false,
      lib: {
        entry: bundled ? 'src/script-tag.ts' : 'src/crypto-pay.ts',
        formats: ['es'],
        fileName: () => (bundled ? 'crypto-pay.bundled.js' : 'crypto-pay.js'),
      },
      rollupOptions: {
        // For bundlers every dependency stays an import (Lit first of all), so the host dedupes them.
        // The entry may export what its chunks share, instead of becoming a facade of one.
        preserveEntrySignatures: 'allow-extension',
        external: bundled ? [] : [/^lit(\/|$)/, /^@lit\//, /^lean-qr/, /^@crypto-pay\//],
        output: {
          // The script-tag build's chunks come from the proxy under the widget's version: a short
          // hash tells a rebuild's files apart, and fifty languages' names cost the list less.
          chunkFileNames: bundled ? 'chunks/[name].bundled-[hash:6].js' : 'chunks/[name]-[hash].js',
        },
      },
    },
  };
});
