/**
 * `<cp-webhooks>`: the webhook endpoints (add, delete, rotate the secret, which is shown once
 * here, send a test event), how each is doing, and the delivery attempts, failures first.
 */
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, failureText } from '../api.ts';
import { formatTime } from '../format.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { type Account, allows } from '../types.ts';
import { actionResult, formValues, whenLoaded } from '../ui.ts';

const t = strings.webhooks;

interface Endpoint {
  id: string;
  url: string;
  source: 'environment' | 'merchant_api';
  event_types?: string[];
  created_at: number;
  status: 'ok' | 'retrying' | 'failing';
  failing_since?: number;
  previous_secret_expires_at?: number;
  disabled?: boolean;
}

interface Attempt {
  id: number;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  attempt: number;
  attempted_at: number;
  duration_ms: number;
  status_code?: number;
  error?: string;
}

const succeeded = (attempt: Attempt) =>
  attempt.status_code !== undefined && attempt.status_code >= 200 && attempt.status_code < 300;

@customElement('cp-webhooks')
export class Webhooks extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  /** Rotating a secret is an owner's (secrets are); the rest of the changes an operator's. */
  private get owner(): boolean {
    return allows(this.account, 'owner');
  }
  @state() private result: { ok: boolean; text: string } | undefined;
  /** A secret just made: shown once, until the next action. */
  @state() private secret: { id: string; secret: string; until?: number } | undefined;

  private readonly endpoints = new Task(this, {
    task: (_args, { signal }) => api<{ data: Endpoint[] }>('/admin/webhook-endpoints', { signal }),
    args: () => [],
  });

  private readonly attempts = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: Attempt[] }>('/admin/webhook-deliveries?limit=200', { signal }),
    args: () => [],
  });

  private async act(work: () => Promise<string>): Promise<void> {
    this.secret = undefined;
    try {
      this.result = { ok: true, text: await work() };
      void this.endpoints.run();
      void this.attempts.run();
    } catch (error) {
      this.result = { ok: false, text: failureText(error) };
    }
  }

  private add(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const { url = '', event_types } = formValues(form);
    const types = event_types
      ?.split(',')
      .map((type) => type.trim())
      .filter(Boolean);
    void this.act(async () => {
      const created = await api<{ id: string; secret: string }>('/admin/webhook-endpoints', {
        method: 'POST',
        body: { url, ...(types?.length ? { event_types: types } : {}) },
      });
      form.reset();
      this.secret = { id: created.id, secret: created.secret };
      return strings.done;
    });
  }

  private rotate(id: string): void {
    void this.act(async () => {
      const rotated = await api<{ secret: string; previous_secret_expires_at: number }>(
        `/admin/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`,
        { method: 'POST', body: {} },
      );
      this.secret = { id, secret: rotated.secret, until: rotated.previous_secret_expires_at };
      return strings.done;
    });
  }

  private deleteEndpoint(id: string): void {
    void this.act(async () => {
      await api(`/admin/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return strings.done;
    });
  }

  /** Disables an endpoint (its pending deliveries end) or enables it again. */
  private setDisabled(id: string, disabled: boolean): void {
    void this.act(async () => {
      await api(`/admin/webhook-endpoints/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { disabled },
      });
      return disabled ? t.disabledNow : t.enabledNow;
    });
  }

  private test(id: string): void {
    void this.act(async () => {
      await api(`/admin/webhook-endpoints/${encodeURIComponent(id)}/test`, {
        method: 'POST',
        body: {},
      });
      return t.testSent;
    });
  }

  override render() {
    const operator = allows(this.account, 'operator');
    return html`<h1>${t.heading}</h1>
      ${actionResult(this.result)}
      ${
        this.secret
          ? html`<div class="notice" role="alert">
            <p>${t.newSecret}</p>
            <p><code>${this.secret.secret}</code></p>
            ${this.secret.until ? html`<p>${t.oldSecretKept(formatTime(this.secret.until))}</p>` : nothing}
          </div>`
          : nothing
      }
      <h2>${t.endpoints}</h2>
      ${whenLoaded(this.endpoints, ({ data }) => this.renderEndpoints(data, operator))}
      ${
        operator
          ? html`<form class="fields" @submit=${this.add}>
            <label>${t.url}<input name="url" type="url" required size="36" /></label>
            <label>${t.eventTypes}<input name="event_types" size="30" /></label>
            <button>${t.add}</button>
          </form>`
          : nothing
      }
      <h2>${t.deliveries}</h2>
      ${whenLoaded(this.attempts, ({ data }) => this.renderAttempts(data))}`;
  }

  private renderEndpoints(endpoints: Endpoint[], operator: boolean) {
    if (endpoints.length === 0) return html`<p>${strings.empty}</p>`;
    return html`<div class="table-box" tabindex="0">
      <table>
        <caption class="visually-hidden">${t.endpoints}</caption>
        <thead>
          <tr>
            <th scope="col">${t.url}</th>
            <th scope="col">${t.eventTypes}</th>
            <th scope="col">${t.state}</th>
            <th scope="col">${t.created}</th>
            ${operator ? html`<th scope="col"><span class="visually-hidden">${t.endpoints}</span></th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${endpoints.map(
            (endpoint) => html`<tr>
              <td class="mono">${endpoint.url}</td>
              <td>${endpoint.event_types?.join(', ') ?? t.allTypes}</td>
              <td>
                ${endpoint.disabled ? t.disabled : endpoint.status}
                ${endpoint.failing_since ? html`<br />${t.oldestPending(formatTime(endpoint.failing_since))}` : nothing}
              </td>
              <td>${formatTime(endpoint.created_at)}</td>
              ${
                operator
                  ? html`<td class="fields">
                    ${
                      endpoint.disabled
                        ? nothing
                        : html`<button class="secondary" @click=${() => this.test(endpoint.id)}>
                          ${t.test}<span class="visually-hidden"> ${endpoint.url}</span>
                        </button>`
                    }
                    ${
                      endpoint.source === 'merchant_api'
                        ? html`<button
                            class="secondary"
                            @click=${() => this.setDisabled(endpoint.id, !endpoint.disabled)}
                          >
                            ${endpoint.disabled ? t.enable : t.disable}<span class="visually-hidden"> ${endpoint.url}</span>
                          </button>
                          ${
                            this.owner
                              ? html`<button class="secondary" @click=${() => this.rotate(endpoint.id)}>
                                ${t.rotate}<span class="visually-hidden"> ${endpoint.url}</span>
                              </button>`
                              : nothing
                          }
                          <button class="danger" @click=${() => this.deleteEndpoint(endpoint.id)}>
                            ${t.remove}<span class="visually-hidden"> ${endpoint.url}</span>
                          </button>`
                        : nothing
                    }
                  </td>`
                  : nothing
              }
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderAttempts(attempts: Attempt[]) {
    if (attempts.length === 0) return html`<p>${strings.empty}</p>`;
    // Failures first, each group newest first (the API's order).
    const sorted = [...attempts.filter((a) => !succeeded(a)), ...attempts.filter(succeeded)];
    return html`<div class="table-box" tabindex="0">
      <table>
        <caption class="visually-hidden">${t.deliveries}</caption>
        <thead>
          <tr>
            <th scope="col">${t.at}</th>
            <th scope="col">${t.event}</th>
            <th scope="col">${t.endpoint}</th>
            <th scope="col">${t.attempt}</th>
            <th scope="col">${t.answer}</th>
          </tr>
        </thead>
        <tbody>
          ${sorted.map(
            (attempt) => html`<tr>
              <td>${formatTime(attempt.attempted_at)}</td>
              <td>${attempt.event_type}<br /><code>${attempt.event_id}</code></td>
              <td class="mono">${attempt.endpoint_id}</td>
              <td>${attempt.attempt}</td>
              <td class=${succeeded(attempt) ? '' : 'error'}>
                ${succeeded(attempt) ? t.succeeded : t.failed}:
                ${attempt.status_code ?? strings.none} · ${attempt.duration_ms} ms
                ${attempt.error ? html`<br />${attempt.error}` : nothing}
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-webhooks': Webhooks;
  }
}
