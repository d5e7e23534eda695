/**
 * What a customer's browser downloads of the script-tag widget on a paid journey in link mode
 * (a product, a form, the pay step, the result): the budget of issue 20 counts these bytes, and
 * the one-file embed's journey checks it fetched exactly these, so the two cannot drift apart.
 */

/**
 * The chunks such a journey fetches in any language, besides the bundle: the form's rules, the
 * pay step, what follows a checkout (the status watcher, which tab shows the result), and the
 * QR code.
 */
export const JOURNEY_CHUNKS = [
  'sender-rules',
  'payment-panel',
  'checkout-following',
  'qr-code',
] as const;

/**
 * And the list of languages with the language's chunk: for English, the chunk of its messages
 * past the first view (the form's mistakes, the pay step and after), which no other fetches.
 */
export const LANGUAGE_CHUNKS = (language: string) => [
  'locales',
  language === 'en' ? 'en-later' : language,
];

/** A chunk's name in the build (`chunks/{name}.bundled-{hash}.js`), from its file name or URL. */
export function chunkName(file: string): string | undefined {
  return /(?:^|\/)([\w-]+)\.bundled-[\w-]+\.js(?:\?|$)/.exec(file)?.[1];
}
