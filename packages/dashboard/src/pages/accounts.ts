/**
 * `<cp-accounts>`: the accounts (owners only): add one with a role, change a role (chosen in a
 * select, saved by its own button), set a new password for one (a person who forgot theirs),
 * disable or enable one, remove one once asked (never one's own) (`/admin/accounts`).
 */
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { createRef } from 'lit/directives/ref.js';
import { Action } from '../action.ts';
import { api } from '../api.ts';
import { formatTime } from '../format.ts';
import { keysOf, strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import { type Account, type AccountRow, allows, type Role } from '../types.ts';
import { formValues, newPasswordInput, reload, whenLoaded } from '../ui.ts';

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

  /**
   * The account whose new password is being asked for, and the button that asked (the focus
   * goes back to it when the owner keeps things as they are).
   */
  @state() private settingPassword: { name: string; opener: HTMLElement | null } | undefined;
  private readonly newPassword = createRef<HTMLInputElement>();

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

  /**
   * Removes once asked: it cannot be undone (the name may be added again, as a new account).
   * One's own account is not offered: the proxy refuses it, and an owner removing themselves
   * would leave no one signed in to see it.
   */
  private removeAccount(name: string, event: Event): void {
    this.action.ask(
      t.removeQuestion(name),
      t.confirmRemove,
      async () => {
        await api(`/admin/accounts/${encodeURIComponent(name)}`, { method: 'DELETE' });
        return t.removedNow(name);
      },
      event.currentTarget,
    );
  }

  /**
   * Asks for the new password: the question says that the account's sessions end (an owner's
   * own, this one too), and the field says the rules before anything is sent.
   */
  private async askPassword(name: string, event: Event): Promise<void> {
    this.settingPassword = { name, opener: event.currentTarget as HTMLElement | null };
    this.action.clear();
    await this.updateComplete;
    this.newPassword.value?.focus();
  }

  private keepPassword(): void {
    const opener = this.settingPassword?.opener;
    this.settingPassword = undefined;
    opener?.focus();
  }

  private setPassword(event: SubmitEvent, name: string): void {
    event.preventDefault();
    const { password } = formValues(event.target as HTMLFormElement);
    if (!password) return;
    void this.action
      .run(async () => {
        await this.patch(name, { password });
        this.settingPassword = undefined;
        return t.passwordSet(name);
      })
      // Done, the focus goes to the line saying so (the form is gone); refused, it stays there.
      .then(async (done) => {
        await this.updateComplete;
        if (done) this.action.focusResult();
      });
  }

  private patch(
    name: string,
    body: { role: string } | { disabled: boolean } | { password: string },
  ) {
    return api(`/admin/accounts/${encodeURIComponent(name)}`, { method: 'PATCH', body });
  }

  override render() {
    // The nav hides the page from other roles, but an address typed in still lands here.
    if (!allows(this.account, 'owner')) {
      return html`<h1>${t.heading}</h1>
        <p class="error" role="alert">${strings.forbidden}</p>`;
    }
    return html`<h1>${t.heading}</h1>
      ${this.settingPassword ? this.renderPasswordForm(this.settingPassword.name) : nothing}
      ${this.action.view()}
      ${whenLoaded(this.list, ({ data }) => this.renderList(data))}
      <h2>${t.add}</h2>
      <form class="fields" @submit=${this.add}>
        <label>${t.name}<input name="name" required autocomplete="off" /></label>
        <label>${t.password}${newPasswordInput('password')}</label>
        <label
          >${t.role}
          <select name="role">
            ${ROLES.map((role) => html`<option value=${role}>${strings.roles[role]}</option>`)}
          </select></label
        >
        <button>${t.create}</button>
      </form>`;
  }

  private renderPasswordForm(name: string) {
    const own = name === this.account?.name;
    return html`<form
      class="notice"
      aria-labelledby="password-question"
      @submit=${(event: SubmitEvent) => this.setPassword(event, name)}
      @keydown=${(event: KeyboardEvent) => event.key === 'Escape' && this.keepPassword()}
    >
      <p id="password-question">${own ? t.passwordOwnQuestion(name) : t.passwordQuestion(name)}</p>
      <p class="fields">
        <label
          >${t.newPassword}
          ${newPasswordInput('password', { rules: 'password-rules', field: this.newPassword })}</label
        >
      </p>
      <p id="password-rules" class="muted">${strings.passwordRules}</p>
      <p>
        <button class="danger" ?disabled=${this.action.busy}>${t.confirmPassword}</button>
        <button type="button" class="secondary" @click=${this.keepPassword}>${strings.keep}</button>
      </p>
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
          heading: t.newPassword,
          cell: (row) =>
            html`<button class="secondary" @click=${(event: Event) => this.askPassword(row.name, event)}>
              ${t.confirmPassword}<span class="visually-hidden"> ${row.name}</span>
            </button>`,
        },
        {
          heading: t.state,
          cell: (row) =>
            html`${row.disabled ? t.disabled : t.active}
              <button class="secondary" @click=${(event: Event) => this.setDisabled(row, event)}>
                ${row.disabled ? t.enable : t.disable}<span class="visually-hidden"> ${row.name}</span>
              </button>`,
        },
        {
          heading: t.remove,
          headingHidden: true,
          cell: (row) =>
            row.name === this.account?.name
              ? nothing
              : html`<button class="secondary" @click=${(event: Event) => this.removeAccount(row.name, event)}>
                  ${t.remove}<span class="visually-hidden"> ${row.name}</span>
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
