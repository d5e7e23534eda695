/**
 * Small view pieces every page uses: a loading task's three states, an error's sentence, an
 * action's result line (announced to screen readers), a copy to the clipboard, and the field of
 * a new password.
 */

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@crypto-pay/protocol/passwords';
import type { Task } from '@lit/task';
import { html, nothing, type TemplateResult } from 'lit';
import { type Ref, ref } from 'lit/directives/ref.js';
import { ApiFailure, failureText } from './api.ts';
import { strings } from './strings.ts';
import { webHref } from './web-href.ts';

/** The tasks running again for the same list (after an action), not for a new one. */
const reloading = new WeakSet<Task<readonly unknown[], unknown>>();

/**
 * Runs `tasks` again for what they show now (an action changed it): `whenLoaded` keeps their
 * value on screen meanwhile, so the button just pressed stays where it is, and keyboard focus
 * with it. A task whose arguments changed (another page, other filters) shows the loading line.
 */
export function reload(...tasks: Task<readonly unknown[], unknown>[]): void {
  for (const task of tasks) {
    reloading.add(task);
    void task.run().finally(() => reloading.delete(task));
  }
}

/** A task's view: a loading line, its error in words (or `error`'s), or `complete`'s. */
export function whenLoaded<T>(
  task: Task<readonly unknown[], T>,
  complete: (value: T) => unknown,
  error: (error: unknown) => unknown = errorLine,
) {
  return task.render({
    initial: () => html`<p class="muted">${strings.loading}</p>`,
    pending: () =>
      reloading.has(task) && task.value !== undefined
        ? complete(task.value)
        : html`<p class="muted" role="status">${strings.loading}</p>`,
    complete,
    error,
  });
}

const errorLine = (error: unknown) => html`<p class="error" role="alert">${errorText(error)}</p>`;

/** The sentence of a failure: the proxy's own, or that the role is too low. */
export function errorText(error: unknown): string {
  if (error instanceof ApiFailure && error.code === 'forbidden_role') return strings.forbidden;
  return strings.failedToLoad(failureText(error));
}

/**
 * An address from outside as a link that opens apart (no opener, no referrer), when `webHref`
 * lets it; otherwise the same text, not a link.
 */
export function outsideLink(url: string): TemplateResult {
  const href = webHref(url);
  return href
    ? html`<a class="mono" href=${href} target="_blank" rel="noopener noreferrer">${url}</a>`
    : html`<span class="mono">${url}</span>`;
}

/** The result of the last action: a line announced politely, red when it failed. */
export function actionResult(result: { ok: boolean; text: string } | undefined): TemplateResult {
  return html`<p role="status" class=${result?.ok === false ? 'error' : 'muted'}>
    ${result ? result.text : nothing}
  </p>`;
}

/**
 * Puts `text` on the clipboard; false where the browser will not (a permission refused, no
 * clipboard on an insecure page), for the page to say how to copy it by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a form's fields hold, empty ones left out; trimmed, except passwords, which are kept as
 * typed (a password may begin or end with a space, and `users add` takes it so).
 */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const passwords = new Set(
    [...form.querySelectorAll<HTMLInputElement>('input[type="password"]')].map((i) => i.name),
  );
  return fieldValues(new FormData(form), passwords);
}

/** `formValues` without the DOM: `entries` as FormData gives them, `asTyped` the untrimmed names. */
export function fieldValues(
  entries: Iterable<[string, FormDataEntryValue]>,
  asTyped: ReadonlySet<string>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string') continue;
    const kept = asTyped.has(name) ? value : value.trim();
    if (kept.trim()) values[name] = kept;
  }
  return values;
}

/**
 * The field of a new password: the proxy's rule (its length, `@crypto-pay/protocol/passwords`)
 * is the browser's, so a short one is said before anything is sent. `rules` is the id of the
 * line that says the rule in words; `field` keeps the element (to focus it).
 */
export const newPasswordInput = (
  name: string,
  options: { rules?: string; field?: Ref<HTMLInputElement> } = {},
) =>
  html`<input
    ${ref(options.field)}
    name=${name}
    type="password"
    minlength=${MIN_PASSWORD_LENGTH}
    maxlength=${MAX_PASSWORD_LENGTH}
    required
    autocomplete="new-password"
    aria-describedby=${options.rules ?? nothing}
  />`;
