/**
 * The build's minifying, for the size of what customers download: the chunks once Rollup has
 * shaken them, the `css` blocks of the styles, and the whitespace of the `html` and `svg`
 * templates.
 */
import { minify } from 'terser';
import { type Plugin, transformWithEsbuild } from 'vite';

/**
 * Members that may get short names where one bundle holds all the code that touches them, the
 * script-tag build (`shortMembers`): Lit's internal ones (`_$AH`, `_$El`...: `_$` and one or two
 * letters, the names its build leaves so that its packages agree; its protocol names,
 * `_$litType$` and the like, which another copy of Lit on the page may read, stay), and these
 * members of our own classes that only the widget's code touches (private ones, and the flow's
 * and its parts' own), named so that nothing else has them: not the proxy's JSON, the DOM, the
 * page, a translation's key, a module's export, a reactive property, the element's public or
 * protected members (`closeTab` stays, for a page's subclass), nor a test of the built file. A
 * name left out stays as it is; one listed must never become any of those.
 */
const OWN_MEMBERS = [
  'amountRefused',
  'badDate',
  'calling',
  'calls',
  'checkAgain',
  'configStatus',
  'created',
  'creating',
  'dismissedError',
  'dismissError',
  'elsewhere',
  'etag',
  'expiryReported',
  'failures',
  'fallBack',
  'focusField',
  'follow',
  'forgetPlace',
  'formIssue',
  'formUnder',
  'giveWay',
  'inFlight',
  'interacted',
  'lastConfigTry',
  'leave',
  'leaving',
  'lastRequest',
  'linkField',
  'listener',
  'lookUp',
  'lookUpStored',
  'noteInteraction',
  'onCheckout',
  'onElsewhere',
  'onPageShow',
  'openAmount',
  'openAmountCheck',
  'openStream',
  'picker',
  'placement',
  'placing',
  'prefetch',
  'pressing',
  'priced',
  'qrCode',
  'recheck',
  'refusalOf',
  'reporting',
  'rereads',
  'rereadTimer',
  'resumeCheckout',
  'resumeStatus',
  'resumeStored',
  'resuming',
  'retryAction',
  'retryCreate',
  'schedule',
  'secondsLeft',
  'setValue',
  'shownRefusal',
  'shownView',
  'showPanel',
  'stopWatching',
  'storageKey',
  'stored',
  'submitOnEnter',
  'submitWaiting',
  'ticker',
  'timer',
  'touch',
  'troubled',
  'troubleTimer',
  'unchanged',
  'viewState',
  'waitFailed',
  'waiting',
  'waitLoading',
  'wanted',
  'watcher',
  'withFollowing',
  'withPart',
];
/** V8's magic comment: compile every function of this file eagerly, as it loads. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const SHORTENED = new RegExp(`^(_\\$[A-Z][A-Za-z_]?|${OWN_MEMBERS.join('|')})$`);

/**
 * Vite keeps whitespace in ES library builds; for the size of what customers download, the
 * chunks are minified fully once Rollup has shaken them, by Terser: its second compress pass
 * and module-wide mangling take about 400 bytes gzipped more off the first paint than esbuild's
 * minifier did. With `shortMembers`, the members above get short names too (about 210 bytes of
 * the first paint), one name each in every chunk, none of them a word any chunk has: an
 * element of a chunk keeps its own properties (`t`) apart from Lit's on the same object.
 *
 * The entry starts with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`: Chromium
 * (136 and later) then compiles every function of the file as it streams in, off the main
 * thread, instead of each on its first call while the element draws its first form, nearly all
 * of which that form calls (BENCHMARKS.md, "the compile hint"). Other engines read a comment.
 */
export const minifyChunks = ({ shortMembers = false } = {}): Plugin => ({
  name: 'crypto-pay:minify-chunks',
  async generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const words = new Set(chunks.flatMap((chunk) => chunk.code.match(/[\w$]+/g) ?? []));
    const properties = shortMembers && {
      regex: SHORTENED,
      reserved: [...words].filter((word) => !SHORTENED.test(word)),
      // One cache for all the chunks: a member is named alike wherever it is touched.
      cache: { props: new Map<string, string>() },
    };
    for (const chunk of chunks) {
      const result = await minify(chunk.code, {
        module: true,
        ecma: 2020,
        // Parameters a function never reads go: nothing here reads a function's `length`
        // (which they count in), and Terser keeps them where a function reads `arguments`.
        compress: { passes: 2, keep_fargs: false },
        mangle: properties ? { properties } : true,
        format: { comments: false, ...(chunk.isEntry && { preamble: COMPILE_HINT }) },
      });
      if (result.code === undefined) this.error(`Terser returned nothing for ${chunk.fileName}`);
      chunk.code = result.code;
    }
  },
});

/**
 * Minifies the `css` blocks of the `*.styles.ts` files with esbuild's CSS minifier, the one Vite
 * runs on stylesheets: Lit keeps a block's text as written, and Vite minifies only .css files.
 * Each block, static text of our own once minified, becomes Lit's `unsafeCSS` of that text:
 * the same CSSResult, without the `css` tag's code for interpolated values (and its long error
 * messages), which these blocks never have; about 150 bytes of the first paint.
 */
export const minifyStyles = (): Plugin => ({
  name: 'crypto-pay:minify-styles',
  async transform(code, id) {
    if (!id.endsWith('.styles.ts')) return undefined;
    const blocks = taggedTemplates(this.parse(code))
      .filter(({ tag }) => tag?.type === 'Identifier' && tag.name === 'css')
      .sort((a, b) => a.start - b.start);
    let result = '';
    let copied = 0;
    for (const { start, end, quasi } of blocks) {
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
      result += `${code.slice(copied, start)}__cpStyles(\`${escaped}\`)`;
      copied = end;
    }
    const styles = blocks.length > 0 ? "import { unsafeCSS as __cpStyles } from 'lit';\n" : '';
    return { code: styles + result + code.slice(copied), map: null };
  },
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
 * `svg` templates to one space, which renders the same: HTML collapses such runs anyway; and
 * drops the HTML comments written there (notes to the source's reader, never shown). A
 * template with `<pre>` or `<textarea>`, where whitespace shows, stops the build instead.
 */
export const minifyTemplates = (): Plugin => ({
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
      // A comment whole within one piece of text is the source's note, not the customer's.
      const bare = text.replace(/<!--(?:(?!-->)[^$`\\])*-->/g, '');
      result += code.slice(copied, start) + bare.replace(/\s*\n\s*/g, ' ');
      copied = end;
    }
    return { code: result + code.slice(copied), map: null };
  },
});
