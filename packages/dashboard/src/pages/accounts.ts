/**
 * `<cp-accounts>`: the accounts (owners only): add one with a role, change a role (chosen in a
 * select, saved by its own button), disable or enable one (`/admin/accounts`).
 */
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Action } from '../action.ts';
import { api } from '../api.ts';
import { formatTime } from '../format.ts';
import { keysOf, strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import { type Account, type AccountRow, allows, type Role } from '../types.ts';
import { formValues, reload, whenLoaded } from '../ui.ts';

const t = strings.accounts;
const ROLES = keysOf(strings.roles);

@customElement('cp-accounts')
export class Accounts extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;

  private readonly list = new Task(this, {
    task: (_args, { signal }) => api<{ data: AccountRow[] }>('/admin/accounts', { signal }),
    args: () => [],
  });

  private readonly action = new Action(this, () => reload(this.list));

  private add(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const body = formValues(form);
    void this.action.run(async () => {
      await api('/admin/accounts', { method: 'POST', body });
      form.reset();
      return t.added(body.name ?? '', strings.roles[body.role as Role] ?? body.role ?? '');
    });
  }

  /**
   * Saves the role chosen in a row, on its button only: a select that saved on every change
   * would let arrow keys demote an owner while passing through the options.
   */
  private saveRole(event: SubmitEvent, name: string): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const { role } = formValues(form);
    if (!role) return;
    void this.action.run(async () => {
      try {
        await this.patch(name, { role });
      } catch (error) {
        // Refused (the last owner, say): the select shows the saved role again, not the chosen.
        form.reset();
        throw error;
      }
      return t.roleSaved(name, strings.roles[role as Role] ?? role);
    });
  }

  /**
   * Enables at once; disables once asked (the person is signed out at once, and an owner
   * disabling their own account ends their own session).
   */
  private setDisabled(row: AccountRow, event: Event): void {
    const { name } = row;
    if (row.disabled) {
      void this.action.run(async () => {
        await this.patch(name, { disabled: false });
        return t.enabledNow(name);
      });
      return;
    }
    const own = name === this.account?.name;
    this.action.ask(
      own ? t.disableOwnQuestion(name) : t.disableQuestion(name),
      t.confirmDisable,
      async () => {
        await this.patch(name, { disabled: true });
        return t.disabledNow(name);
      },
      event.currentTarget,
    );
  }

  private patch(name: string, body: { role: string } | { disabled: boolean }) {
    return api(`/admin/accounts/${encodeURIComponent(name)}`, { method: 'PATCH', body });
  }

  override render() {
    // The nav hides the page from other roles, but an address typed in still lands here.
    if (!allows(this.account, 'owner')) {
      return html`<h1>${t.heading}</h1>
        <p class="error" role="alert">${strings.forbidden}</p>`;
    }
    return html`<h1>${t.heading}</h1>
      ${this.action.view()}
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
    return dataTable(
      t.heading,
      [
        { heading: t.name, cell: (row) => row.name },
        {
          heading: t.role,
          cell: (row) =>
            html`<form class="fields" @submit=${(event: SubmitEvent) => this.saveRole(event, row.name)}>
              <select name="role" aria-label=${t.roleFor(row.name)}>
                ${ROLES.map((role) => html`<option value=${role} ?selected=${row.role === role}>${strings.roles[role]}</option>`)}
              </select>
              <button class="secondary">${t.saveRole}<span class="visually-hidden"> ${row.name}</span></button>
            </form>`,
        },
        { heading: t.created, cell: (row) => formatTime(row.created_at) },
        {
          heading: t.state,
          cell: (row) =>
            html`${row.disabled ? t.disabled : t.active}
              <button class="secondary" @click=${(event: Event) => this.setDisabled(row, event)}>
                ${row.disabled ? t.enable : t.disable}<span class="visually-hidden"> ${row.name}</span>
              </button>`,
        },
      ],
      accounts,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-accounts': Accounts;
  }
}
