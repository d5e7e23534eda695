/**
 * The build's plugin that ships each language's translation as an array in one fixed key order
 * (src/localize/packed.ts), not an object: a language's chunk then carries its messages alone,
 * and no key name, which the customer's download would otherwise hold once per language.
 */
import type { Plugin } from 'vite';
import { packedKeys } from '../src/localize/packed.ts';
import firstEnglish from '../src/localize/translations/en.ts';

/** A language's own file: not English's first paint, nor English's later messages (en-later.ts). */
const LANGUAGE = /\/src\/localize\/translations\/(?!en\.ts$|en-later\.ts$|en-form\.ts$)[\w-]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Property extends Node {
  key: Node & { name?: string; value?: unknown };
  value: Node;
  computed: boolean;
  kind: string;
}
interface Declarator extends Node {
  id: Node & { name?: string };
  init?: (Node & { properties?: (Property | Node)[] }) | null;
}
interface Statement extends Node {
  declarations?: Declarator[];
  declaration?: Node & { name?: string };
}

export const packedTranslations = (): Plugin => ({
  name: 'crypto-pay:packed-translations',
  // After TypeScript's types are gone: the module is then one object and its default export.
  enforce: 'post',
  transform(code, id) {
    if (!LANGUAGE.test(id)) return null;
    const { body } = this.parse(code) as unknown as { body: Statement[] };
    // The packed module is the object's values alone: anything else in the file (a helper a
    // message calls, a second constant) would be left behind, so the file must be exactly
    // `const x = { ... }; export default x;`.
    const [declaration, exported] = body;
    const [declarator] = declaration?.declarations ?? [];
    const object = declarator?.init;
    if (
      body.length !== 2 ||
      declaration?.declarations?.length !== 1 ||
      object?.type !== 'ObjectExpression' ||
      !object.properties ||
      exported?.type !== 'ExportDefaultDeclaration' ||
      exported.declaration?.name !== declarator?.id.name
    ) {
      return this.error(
        `${id} is not one translation object and its default export (\`const de = { ... };\`, ` +
          `\`export default de;\`, nothing else): it cannot be packed`,
      );
    }
    const keys = packedKeys(firstEnglish);
    const values: string[] = [];
    for (const property of object.properties) {
      const { key, value, computed, kind } = property as Property;
      const name = key?.name ?? key?.value;
      const index =
        typeof name === 'string' && !computed && kind === 'init' ? keys.indexOf(name) : -1;
      if (index < 0) this.error(`${id}: ${String(name)} is not a message that can be packed`);
      values[index] = code.slice(value.start, value.end);
    }
    // Holes for the messages a language has not (`$grouping`); unpack() leaves them out.
    const array = Array.from({ length: values.length }, (_, index) => values[index] ?? '');
    return { code: `export default [${array.join(',')}];`, map: null };
  },
});
