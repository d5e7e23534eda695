/**
 * Every word the dashboard shows, in English, in one catalogue typed by `Catalogue`: pages take
 * their text from here and never write a sentence of their own (the widget's wording for
 * customers comes from the widget's own catalogue, `@crypto-pay/widget/customer-wording`).
 */
import type { Catalogue } from './strings/catalogue.ts';
import { operations } from './strings/en-operations.ts';
import { common, payments, shell, values } from './strings/en-payments.ts';

export type { Catalogue } from './strings/catalogue.ts';

export const strings: Catalogue = { ...common, ...values, ...shell, ...payments, ...operations };

/** The keys of a catalogue record, typed: the values the API has words for, in their order. */
export const keysOf = <Key extends string>(words: Record<Key, string>): Key[] =>
  Object.keys(words) as Key[];
