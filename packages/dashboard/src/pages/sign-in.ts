/**
 * `<cp-sign-in>`: name and password; on a fresh install, once, the proxy's ADMIN_TOKEN, after
 * which the first owner is created here and signed in. Fires `cp-signed-in` with the session.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, failureText } from '../api.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { Account, SessionAnswer } from '../types.ts';
import { formValues, newPasswordInput } from '../ui.ts';

const t = strings.session;

@customElement('cp-sign-in')
export class SignIn extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @state() private problem = '';
  @state() private busy = false;
  /** `pnpm start`'s demo owner, when this proxy is that demo (its page exists only then). */
  @state() private demo: { name: string; password: string } | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void fetch('/dashboard/demo-account.json', { credentials: 'same-origin' })
      .then(async (response) =>
        response.ok && response.headers.get('Content-Type')?.includes('application/json')
          ? ((await response.json()) as { name: string; password: string })
          : undefined,
      )
      .then((demo) => {
        this.demo = demo;
      })
      .catch(() => undefined);
  }

  private signInAsDemo(event: SubmitEvent) {
    const demo = this.demo;
    if (!demo) return Promise.resolve();
    return this.send(event, () =>
      api<SessionAnswer>('/admin/session', {
        method: 'POST',
        body: { name: demo.name, password: demo.password },
        keepOn401: true,
      }),
    );
  }

  private async send(event: SubmitEvent, body: () => Promise<SessionAnswer>): Promise<void> {
    event.preventDefault();
    this.busy = true;
    this.problem = '';
    try {
      const session = await body();
      this.dispatchEvent(
        new CustomEvent('cp-signed-in', { detail: session, bubbles: true, composed: true }),
      );
    } catch (error) {
      this.problem = failureText(error);
    } finally {
      this.busy = false;
    }
  }

  private signIn(event: SubmitEvent) {
    const { name = '', password = '' } = formValues(event.target as HTMLFormElement);
    return this.send(event, () =>
      api<SessionAnswer>('/admin/session', {
        method: 'POST',
        body: { name, password },
        keepOn401: true,
      }),
    );
  }

  private signInWithToken(event: SubmitEvent) {
    const { admin_token = '' } = formValues(event.target as HTMLFormElement);
    return this.send(event, () =>
      api<SessionAnswer>('/admin/session', {
        method: 'POST',
        // A token is a machine's string, often pasted with a space or line end: unlike a
        // password, it is trimmed.
        body: { admin_token: admin_token.trim() },
        keepOn401: true,
      }),
    );
  }

  private createOwner(event: SubmitEvent) {
    const { name = '', password = '' } = formValues(event.target as HTMLFormElement);
    return this.send(event, async () => {
      await api('/admin/accounts', { method: 'POST', body: { name, password, role: 'owner' } });
      return api<SessionAnswer>('/admin/session', {
        method: 'POST',
        body: { name, password },
        keepOn401: true,
      });
    });
  }

  override render() {
    const problem = this.problem
      ? html`<p class="error" role="alert">${this.problem}</p>`
      : nothing;
    if (this.account?.setup) {
      return html`<h1>${t.setupHeading}</h1>
        <p>${t.setupIntro}</p>
        ${problem}
        <form class="fields" @submit=${this.createOwner}>
          <label>${t.name}<input name="name" autocomplete="username" required /></label>
          <label
            >${t.password}
            ${newPasswordInput('password', { rules: 'hint' })}</label
          >
          <button ?disabled=${this.busy}>${t.createOwner}</button>
        </form>
        <p id="hint" class="muted">${t.passwordHint}</p>`;
    }
    return html`<h1>${t.signInHeading}</h1>
      ${problem}
      ${
        this.demo
          ? html`<form class="notice" @submit=${this.signInAsDemo}>
            <p>${t.demoIntro(this.demo.name)}</p>
            <button ?disabled=${this.busy}>${t.signInAsDemo}</button>
          </form>`
          : nothing
      }
      <form class="fields" @submit=${this.signIn}>
        <label>${t.name}<input name="name" autocomplete="username" required /></label>
        <label>${t.password}<input name="password" type="password" autocomplete="current-password" required /></label>
        <button ?disabled=${this.busy}>${t.signIn}</button>
      </form>
      <h2>${t.tokenHeading}</h2>
      <p>${t.tokenIntro}</p>
      <form class="fields" @submit=${this.signInWithToken}>
        <label>${t.token}<input name="admin_token" type="password" autocomplete="off" required /></label>
        <button class="secondary" ?disabled=${this.busy}>${t.signInWithToken}</button>
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-sign-in': SignIn;
  }
}
