/**
 * The build's packing of a language's file (packed-translations.ts), as Vite parses it: a file
 * that is more than its one translation object and default export fails the build, rather than
 * shipping a chunk that leaves the rest behind.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAst } from 'vite';
import { packedTranslations } from './packed-translations.ts';

const ID = '/repo/packages/widget/src/localize/translations/de.ts';

/** The plugin's transform, with Vite's own parser and its error (which throws). */
function pack(code: string): unknown {
  const { transform } = packedTranslations() as unknown as {
    transform: (this: unknown, code: string, id: string) => unknown;
  };
  const context = {
    parse: (text: string) => parseAst(text),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return transform.call(context, code, ID);
}

test('packs a translation file that is its object and default export', () => {
  const packed = pack("const de = { $code: 'de', $dir: 'ltr' }; export default de;") as {
    code: string;
  };
  assert.match(packed.code, /^export default \['de','ltr'/);
});

test('refuses a translation file with anything else in it, naming the file', () => {
  for (const code of [
    // A constant a message uses: the packed array would refer to it, and it would be gone.
    "const rtl = 'rtl'; const de = { $code: 'de', $dir: rtl }; export default de;",
    "const de = { $code: 'de' }; function helper() {} export default de;",
    "const de = { $code: 'de' }, other = { $code: 'fr' }; export default de;",
    "const de = { $code: 'de' }; const fr = { $code: 'fr' }; export default fr;",
    "const de = { $code: 'de' }; export default { ...de };",
  ]) {
    assert.throws(() => pack(code), /de\.ts is not one translation object and its default export/);
  }
});
