/**
 * The details form's rules, in a chunk of its own (`sender-rules.ts`): fetched once for the page,
 * as the first form (or an open amount's check) needs them.
 */

/** What the rules' chunk brings. */
export type SenderRules = typeof import('./sender-rules.ts');

let rulesLoading: Promise<SenderRules> | undefined;
/**
 * A failed fetch is forgotten, so Continue or "Try again" fetches again (in the bundle, whose
 * chunk imports ask again under a new address: see build/chunks-from-proxy.ts; proven in
 * tests/e2e/resilience.test.ts).
 */
export const loadRules = () => {
  rulesLoading ??= import('./sender-rules.ts').catch((error) => {
    rulesLoading = undefined;
    throw error;
  });
  return rulesLoading;
};
