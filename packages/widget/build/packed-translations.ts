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
  init?: (Node & { properties?: (Property | Node)[] }) | null;
}

export const packedTranslations = (): Plugin => ({
  name: 'crypto-pay:packed-translations',
  // After TypeScript's types are gone: the module is then one object and its default export.
  enforce: 'post',
  transform(code, id) {
    if (!LANGUAGE.test(id)) return null;
    const program = this.parse(code) as unknown as {
      body: (Node & { declarations?: Declarator[] })[];
    };
    const objects = program.body.flatMap((node) =>
      (node.declarations ?? []).flatMap((declarator) =>
        declarator.init?.type === 'ObjectExpression' ? [declarator.init] : [],
      ),
    );
    const [object] = objects;
    // Anything else (a helper a message calls) would be left behind: the file must be the object.
    const others = program.body.filter(
      (node) => !['VariableDeclaration', 'ExportDefaultDeclaration'].includes(node.type),
    );
    if (objects.length !== 1 || !object?.properties || others.length > 0) {
      this.error(`${id} is not one translation object: it cannot be packed`);
    }
    const keys = packedKeys(firstEnglish);
    const values: string[] = [];
    for (const property of object.properties ?? []) {
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
