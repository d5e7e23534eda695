/**
 * Where the script-tag build (`crypto-pay.bundled.js`) fetches its parts: from the merchant's
 * proxy, the one server every page with the element has, at `{proxy}/widget/{version}/chunks/`.
 * So the file works copied alone, under any name, from any origin. The bundler build keeps
 * plain `import()`s (build/chunks-from-proxy.ts routes only the bundle's chunk imports here).
 */

import { CryptoPayErrorEvent } from '../events/error.ts';

/** The widget's version, written in by the build (vite.config.ts); the parts' folder on the proxy. */
declare const __CRYPTO_PAY_VERSION__: string;

/**
 * The proxy of the elements on the page: each sets it as it renders, before it can ask for a
 * part (its language, its form's rules), and the parts are the same whichever proxy serves them.
 */
let partsProxy = '';

export function servePartsFrom(proxy: string): void {
  if (proxy) partsProxy = proxy;
}

/**
 * A part as `host` loads it: should it fail, the page hears so first, `crypto-pay-error` with
 * `part_unavailable` and a message naming the file, the bundle's own (below) or, in the bundler
 * build, the browser's ("Failed to fetch dynamically imported module:
 * https://shop.example/assets/qr-code-1a2b.js"); then it fails with the same error, for the
 * caller to go on without the part or give up.
 */
export const loadPart = <T>(host: EventTarget, part: Promise<T>): Promise<T> =>
  part.catch((error) => {
    const message = `${(error as Error | undefined)?.message ?? error}`;
    host.dispatchEvent(new CryptoPayErrorEvent({ code: 'part_unavailable', message }));
    throw error;
  });

/** For a caller that goes on without a part that failed (the page heard already). */
export const ignore = (): void => {};

let retries = 0;

/**
 * Imports a chunk (`de.bundled-1a2b.js`, as the build names it) from the proxy. A failed
 * import stays failed for the page's life (the browser keeps it in its module map), so a
 * network blip is asked once more under a new address before the checkout gives up on it.
 */
export const importPart = (file: string): Promise<unknown> => {
  // Against the page: a relative `proxy` names the page's server, not the script's.
  const address = new URL(
    `${partsProxy.replace(/\/*$/, '/')}widget/${__CRYPTO_PAY_VERSION__}/chunks/${file}`,
    document.baseURI,
  ).href;
  return import(/* @vite-ignore */ address)
    .catch(() => import(/* @vite-ignore */ `${address}?retry=${++retries}`))
    .catch(() => {
      throw Error(`Could not load ${address}`);
    });
};
