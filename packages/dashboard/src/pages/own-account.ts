/**
 * `<cp-own-account>`: the signed-in person's own page, linked from the header: who they are,
 * and a change of their own password with the current one (`POST /admin/session/password`),
 * whatever their role. The proxy ends their other sessions and keeps this one signed in.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Action } from '../action.ts';
import { api } from '../api.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { Account, SessionAnswer } from '../types.ts';
import { formValues, newPasswordInput } from '../ui.ts';

const t = strings.ownAccount;

@customElement('cp-own-account')
export class OwnAccount extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;

  private readonly action = new Action(this);

  private changePassword(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const values = formValues(form);
    // The one check the proxy cannot make: that the new password was typed as meant.
    if (values.password !== values.repeat) {
      this.action.refuse(t.mismatch);
      return;
    }
    void this.action
      .run(async () => {
        await api<SessionAnswer>('/admin/session/password', {
          method: 'POST',
          body: { current_password: values.current_password, password: values.password },
        });
        form.reset();
        return t.changed;
      })
      .then(async () => {
        await this.updateComplete;
        this.action.focusResult();
      });
  }

  override render() {
    const account = this.account;
    return html`<h1>${t.heading}</h1>
      ${account ? html`<p>${t.who(account.name, strings.roles[account.role])}</p>` : nothing}
      <h2>${t.changePassword}</h2>
      ${this.action.view()}
      <form class="fields" @submit=${this.changePassword}>
        <label
          >${t.currentPassword}<input
            name="current_password"
            type="password"
            required
            autocomplete="current-password"
        /></label>
        <label
          >${t.newPassword}${newPasswordInput('password', { rules: 'password-rules' })}</label
        >
        <label>${t.repeatPassword}${newPasswordInput('repeat')}</label>
        <button ?disabled=${this.action.busy}>${t.save}</button>
      </form>
      <p id="password-rules" class="muted">${strings.passwordRules}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-own-account': OwnAccount;
  }
}
