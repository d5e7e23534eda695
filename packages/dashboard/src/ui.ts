/**
 * Small view pieces every page uses: a loading task's three states, an error's sentence, and an
 * action's result line (announced to screen readers).
 */
import type { Task } from '@lit/task';
import { html, nothing, type TemplateResult } from 'lit';
import { ApiFailure, failureText } from './api.ts';
import { strings } from './strings.ts';

/** A task's view: a loading line, its error in words, or `complete`'s. */
export function whenLoaded<T>(task: Task<readonly unknown[], T>, complete: (value: T) => unknown) {
  return task.render({
    initial: () => html`<p class="muted">${strings.loading}</p>`,
    pending: () => html`<p class="muted" role="status">${strings.loading}</p>`,
    complete,
    error: (error) => html`<p class="error" role="alert">${errorText(error)}</p>`,
  });
}

/** The sentence of a failure: the proxy's own, or that the role is too low. */
export function errorText(error: unknown): string {
  if (error instanceof ApiFailure && error.code === 'forbidden_role') return strings.forbidden;
  return strings.failedToLoad(failureText(error));
}

/** The result of the last action: a line announced politely, red when it failed. */
export function actionResult(result: { ok: boolean; text: string } | undefined): TemplateResult {
  return html`<p role="status" class=${result?.ok === false ? 'error' : 'muted'}>
    ${result ? result.text : nothing}
  </p>`;
}

/** What a form's fields hold, trimmed, empty ones left out. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim()) values[name] = value.trim();
  }
  return values;
}
