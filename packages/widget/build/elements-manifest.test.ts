/**
 * The custom elements manifest (`custom-elements.json`, the package's `customElements` field),
 * as editors, Storybook and wrapper generators read it: `<crypto-pay>`'s events are the ones it
 * fires and documents, no name the analyzer guessed from a variable.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

interface Declaration {
  tagName?: string;
  events?: { name: string; description?: string }[];
}

const manifest = JSON.parse(
  readFileSync(new URL('../custom-elements.json', import.meta.url), 'utf8'),
) as { modules: { declarations?: Declaration[] }[] };
const element = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .find((declaration) => declaration.tagName === 'crypto-pay');

test('lists exactly the events <crypto-pay> fires, each documented', () => {
  assert.deepEqual(element?.events?.map((event) => event.name).sort(), [
    'crypto-pay-cancel',
    'crypto-pay-created',
    'crypto-pay-elsewhere',
    'crypto-pay-error',
    'crypto-pay-failure',
    'crypto-pay-ready',
    'crypto-pay-status',
    'crypto-pay-success',
  ]);
  for (const event of element?.events ?? []) assert.ok(event.description, event.name);
});
