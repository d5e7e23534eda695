/**
 * The script-tag build's languages (`pnpm test` builds first): its `locales` chunk names the
 * fifty language chunks in one table (build/locale-table.ts), and a page in each of them gets it
 * from the proxy, which serves the built chunks; one the proxy cannot serve is heard as such.
 */
import { expect } from '@open-wc/testing';
import type CryptoPay from '../src/components/crypto-pay/crypto-pay.component.ts';
import { SUPPORTED_LOCALES } from '../src/localize/locales.ts';
import { fakeProxy, framedPage, waitUntil } from './helpers.ts';
import { builtLanguageFiles, load } from './translations.ts';

/** A built file's text, by its path in dist/. */
async function built(path: string): Promise<string> {
  const response = await fetch(`/built/${path}`);
  expect(response.status, `${path} is missing: run the build`).to.equal(200);
  return response.text();
}

/** The built page's element, once its first view (English) shows. */
async function builtPage(options: Parameters<typeof fakeProxy>[0] = {}) {
  const page = await framedPage((await fakeProxy(options)).url);
  const base = () => page.root()?.querySelector<HTMLElement>('[part="base"]');
  await waitUntil(() => page.heading() === 'Your details', 'the element never rendered');
  return { ...page, el: page.el() as CryptoPay, base };
}

const LANGUAGES = SUPPORTED_LOCALES.filter((code) => code !== 'en');

describe('the script-tag build’s languages', () => {
  it('are named in one table of code:hash pairs, in a chunk exporting what the others read', async () => {
    const main = await built('crypto-pay.bundled.js');
    const locales = await built(
      `chunks/${/["'](locales\.bundled-[\w-]+\.js)["']/.exec(main)?.[1]}`,
    );
    // Not a closure per language naming its file whole (`de:()=>e("de.bundled-1a2b3c.js")`).
    expect(locales).to.not.match(/\(\)=>\w+\("[\w-]+\.bundled-/);
    // Its exports are those another chunk reads; the list of locales is the tests' alone.
    const exported = /export\{([^}]*)\}/.exec(locales)?.[1]?.split(',') ?? [];
    expect(exported.map((name) => name.split(' as ').pop()).sort()).to.deep.equal([
      'translationFor',
    ]);
    const files = builtLanguageFiles(locales);
    expect([...files.keys()]).to.deep.equal(LANGUAGES);
    for (const [code, file] of files) {
      expect(file, code).to.match(new RegExp(`^${code}\\.bundled-[\\w-]{6}\\.js$`));
      expect(await built(`chunks/${file}`), code).to.contain('export');
    }
  });

  it(`loads each of the ${LANGUAGES.length} languages by its tag from the proxy`, async () => {
    const { el, base, heading } = await builtPage();
    for (const code of LANGUAGES) {
      el.locale = code;
      const { detailsHeading } = await load(code);
      await waitUntil(
        () => base()?.lang === code && heading() === detailsHeading,
        `${code} never showed (lang "${base()?.lang}", heading "${heading()}")`,
      );
    }
    // And by the tags that name them otherwise: a region, an old code, a script.
    for (const [tag, code] of [
      ['de-AT', 'de'],
      ['pt', 'pt-BR'],
      ['iw', 'he'],
      ['zh-TW', 'zh-Hant'],
      ['es-MX', 'es-419'],
    ] as const) {
      el.locale = tag;
      await waitUntil(() => base()?.lang === code, `${tag} never showed ${code}`);
    }
  });

  it('tells the page which language’s chunk could not load, and stays in English', async () => {
    const { el, base, heading } = await builtPage({ missingParts: ['de'] });
    const heard: string[] = [];
    el.addEventListener('crypto-pay-error', (event) => {
      const { code, message } = (event as CustomEvent<{ code: string; message: string }>).detail;
      heard.push(`${code} ${message}`);
    });
    el.locale = 'de';
    await waitUntil(() => heard.length > 0, 'the page never heard of the missing chunk');
    expect(heard[0]).to.match(/^part_unavailable .*\/chunks\/de\.bundled-[\w-]+\.js/);
    await el.updateComplete;
    expect(base()?.lang).to.equal('en');
    expect(heading()).to.equal('Your details');
  });

  it('gives a German page whose chunk cannot load the whole checkout in English', async () => {
    const { el, base, root, heading, untilForm, submitDetails } = await builtPage({
      missingParts: ['de'],
    });
    const heard: string[] = [];
    el.addEventListener('crypto-pay-error', (event) => {
      const { code, message } = (event as CustomEvent<{ code: string; message: string }>).detail;
      heard.push(`${code} ${message}`);
    });
    el.ownerDocument.documentElement.lang = 'de';
    await waitUntil(() => heard.length > 0, 'the page never heard of the missing chunk');
    expect(heard[0]).to.match(/^part_unavailable .*\/chunks\/de\.bundled-[\w-]+\.js/);
    await untilForm();
    await submitDetails();
    const panel = () => root()?.querySelector('crypto-pay-payment-panel')?.shadowRoot;
    const part = (name: string) => panel()?.querySelector<HTMLElement>(`[part="${name}"]`);
    // The pay step whole, in English: its QR code, its copy button and its countdown.
    await waitUntil(
      () => part('qr') && part('copy-button') && part('countdown'),
      `no whole pay step (heading "${heading()}")`,
    );
    expect(base()?.lang).to.equal('en');
    expect(part('copy-button')?.textContent?.trim()).to.equal('Copy link');
  });
});
