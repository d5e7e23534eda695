/**
 * `<cp-accounts>`: the accounts (owners only): add one with a role, change a role, disable or
 * enable one (`/admin/accounts`).
 */
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, failureText } from '../api.ts';
import { formatTime } from '../format.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { Account, Role } from '../types.ts';
import { actionResult, formValues, whenLoaded } from '../ui.ts';

const t = strings.accounts;
const ROLES: Role[] = ['viewer', 'operator', 'owner'];

interface AccountRow {
  name: string;
  role: Role;
  created_at: number;
  disabled: boolean;
}

@customElement('cp-accounts')
export class Accounts extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @state() private result: { ok: boolean; text: string } | undefined;

  private readonly list = new Task(this, {
    task: (_args, { signal }) => api<{ data: AccountRow[] }>('/admin/accounts', { signal }),
    args: () => [],
  });

  private async act(work: () => Promise<unknown>, done: string = strings.done): Promise<void> {
    try {
      await work();
      this.result = { ok: true, text: done };
      void this.list.run();
    } catch (error) {
      this.result = { ok: false, text: failureText(error) };
    }
  }

  private add(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const body = formValues(form);
    void this.act(async () => {
      await api('/admin/accounts', { method: 'POST', body });
      form.reset();
    });
  }

  /**
   * Saves the role chosen in a row, on its button only: a select that saved on every change
   * would let arrow keys demote an owner while passing through the options.
   */
  private saveRole(event: SubmitEvent, name: string): void {
    event.preventDefault();
    const { role } = formValues(event.target as HTMLFormElement);
    if (!role) return;
    void this.act(
      () => api(`/admin/accounts/${encodeURIComponent(name)}`, { method: 'PATCH', body: { role } }),
      t.roleSaved(name, strings.roles[role] ?? role),
    );
  }

  private change(name: string, body: { disabled: boolean }): void {
    void this.act(() =>
      api(`/admin/accounts/${encodeURIComponent(name)}`, { method: 'PATCH', body }),
    );
  }

  override render() {
    return html`<h1>${t.heading}</h1>
      ${actionResult(this.result)}
      ${whenLoaded(this.list, ({ data }) => this.renderList(data))}
      <h2>${t.add}</h2>
      <form class="fields" @submit=${this.add}>
        <label>${t.name}<input name="name" required autocomplete="off" /></label>
        <label>${t.password}<input name="password" type="password" minlength="12" required autocomplete="new-password" /></label>
        <label
          >${t.role}
          <select name="role">
            ${ROLES.map((role) => html`<option value=${role}>${strings.roles[role]}</option>`)}
          </select></label
        >
        <button>${t.create}</button>
      </form>`;
  }

  private renderList(accounts: AccountRow[]) {
    return html`<div class="table-box" tabindex="0">
      <table>
        <caption class="visually-hidden">${t.heading}</caption>
        <thead>
          <tr>
            <th scope="col">${t.name}</th>
            <th scope="col">${t.role}</th>
            <th scope="col">${t.created}</th>
            <th scope="col">${t.state}</th>
          </tr>
        </thead>
        <tbody>
          ${accounts.map(
            (row) => html`<tr>
              <td>${row.name}</td>
              <td>
                <form class="fields" @submit=${(event: SubmitEvent) => this.saveRole(event, row.name)}>
                  <select name="role" aria-label=${t.roleFor(row.name)}>
                    ${ROLES.map((role) => html`<option value=${role} ?selected=${row.role === role}>${strings.roles[role]}</option>`)}
                  </select>
                  <button class="secondary">${t.saveRole}<span class="visually-hidden"> ${row.name}</span></button>
                </form>
              </td>
              <td>${formatTime(row.created_at)}</td>
              <td>
                ${row.disabled ? t.disabled : t.active}
                <button class="secondary" @click=${() => this.change(row.name, { disabled: !row.disabled })}>
                  ${row.disabled ? t.enable : t.disable}<span class="visually-hidden"> ${row.name}</span>
                </button>
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
    'cp-accounts': Accounts;
  }
}
