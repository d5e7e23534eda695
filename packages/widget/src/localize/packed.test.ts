/**
 * The built languages (`pnpm test` builds first): each chunk of the script-tag build ships its
 * messages as an array, with no key name, and every message lands back under its own key, in
 * every language, as the source file has it.
 */
import { expect } from '@open-wc/testing';
import { builtLanguageFiles, load, texts } from '../../test/translations.ts';
import { SUPPORTED_LOCALES } from './locales.ts';
import { unpack } from './packed.ts';
import type { Translation } from './translation.ts';
import firstEnglish from './translations/en.ts';

async function source(path: string): Promise<string> {
  const response = await fetch(path);
  expect(response.status, `${path} is missing: run the build`).to.equal(200);
  return response.text();
}

describe('the built languages', () => {
  let files = new Map<string, string>();
  before(async () => {
    const bundle = await source('/built/crypto-pay.bundled.js');
    const locales = /["'](locales\.bundled-[\w-]+\.js)["']/.exec(bundle)?.[1];
    files = builtLanguageFiles(await source(`/built/chunks/${locales}`));
  });

  for (const code of SUPPORTED_LOCALES.filter((code) => code !== 'en')) {
    it(`${code}: ships an array that unpacks to every message under its key`, async () => {
      const file = files.get(code);
      expect(file, `the list of languages names no chunk of ${code}`).to.be.a('string');
      const chunk = await source(`/built/chunks/${file}`);
      // No key name: neither the first paint's (`detailsHeading`) nor the later ones.
      expect(chunk).to.not.match(/\b(detailsHeading|successBody|formHasErrors|fieldLabels)\b/);
      const built = (await import(/* @vite-ignore */ `/built/chunks/${file}`)) as {
        default: unknown[];
      };
      expect(built.default).to.be.an('array');
      const unpacked = unpack(built.default, firstEnglish);
      const shipped: Translation = await load(code);
      expect(Object.fromEntries(texts(unpacked))).to.deep.equal(Object.fromEntries(texts(shipped)));
      expect(Object.keys(unpacked).sort()).to.deep.equal(Object.keys(shipped).sort());
      expect(unpacked.$grouping?.source).to.equal(shipped.$grouping?.source);
    });
  }
});
