/**
 * `<cp-dashboard>`: the shell. It finds who is signed in (`GET /admin/session`), shows the
 * header and the sections an account's role may open, renders the page of the address, and
 * sends the browser to sign-in when the session is gone.
 */
import { Task, TaskStatus } from '@lit/task';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { ApiFailure, api, failureText, SIGNED_OUT_EVENT } from './api.ts';
import {
  interceptLinkClick,
  navigate,
  parseRoute,
  type Route,
  returnPath,
  routeHref,
  signInHref,
} from './router.ts';
import { strings } from './strings.ts';
import { shared, tokens } from './styles.ts';
import { type Account, allows, type SessionAnswer } from './types.ts';
import { whenLoaded } from './ui.ts';
import './pages/accounts.ts';
import './pages/audit.ts';
import './pages/callbacks.ts';
import './pages/own-account.ts';
import './pages/payment.ts';
import './pages/payments.ts';
import './pages/sign-in.ts';
import './pages/webhooks.ts';

const SECTIONS = [
  { page: 'payments', href: '/dashboard/', label: strings.nav.payments, role: 'viewer' },
  { page: 'webhooks', href: '/dashboard/webhooks', label: strings.nav.webhooks, role: 'viewer' },
  { page: 'money', href: '/dashboard/money', label: strings.nav.money, role: 'viewer' },
  { page: 'callbacks', href: '/dashboard/callbacks', label: strings.nav.callbacks, role: 'viewer' },
  { page: 'audit', href: '/dashboard/audit', label: strings.nav.audit, role: 'owner' },
  { page: 'accounts', href: '/dashboard/accounts', label: strings.nav.accounts, role: 'owner' },
] as const;

const currentRoute = () => parseRoute(location.pathname, location.search);

/**
 * A failure that may pass: no answer (`status` 0) or a 5xx, with its status. Any other answer
 * (a 404: the merchant API off without ADMIN_TOKEN) stays until the proxy is set up otherwise.
 */
const passing = (error: unknown): { status?: number } =>
  error instanceof ApiFailure && (error.status === 0 || error.status >= 500)
    ? { status: error.status }
    : {};

@customElement('cp-dashboard')
export class Dashboard extends LitElement {
  static override styles = [
    tokens,
    shared,
    css`
      :host {
        min-height: 100vh;
        background: var(--_background);
      }
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem var(--_space);
        padding: 0.6rem var(--_space);
        background: var(--_surface);
      }
      .brand {
        font-weight: 700;
      }
      .who {
        display: flex;
        align-items: center;
        gap: 0.6rem;
        flex-wrap: wrap;
      }
      nav ul {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 1rem;
        list-style: none;
        margin: 0;
        padding: 0.5rem var(--_space);
        border-bottom: 1px solid var(--_surface);
      }
      nav a[aria-current='page'] {
        font-weight: 700;
        text-decoration-thickness: 3px;
      }
      main:focus {
        outline: none;
      }
      main {
        padding: var(--_space);
        max-width: 80rem;
        margin: 0 auto;
      }
    `,
  ];

  @state() private route: Route = currentRoute();
  /** Who is signed in; undefined while unknown or signed out. */
  @state() private account: Account | undefined;
  @query('main') private main!: HTMLElement;

  /**
   * The Money page in its own chunk, loaded when first opened: it alone needs the protocol's
   * invoice rules (and zod with them). (Static, so a test can make it fail.)
   */
  static loadMoney = (): Promise<unknown> => import('./pages/money/money.ts');

  /**
   * The Money chunk while Money is open: `<cp-money>` is drawn once it is defined, and a chunk
   * that cannot load (an old hashed file gone after a redeploy) is said, not a blank page.
   */
  private readonly moneyChunk = new Task(this, {
    task: ([page]) => (page === 'money' ? Dashboard.loadMoney() : Promise.resolve()),
    args: () => [this.route.page] as const,
  });

  /**
   * Who is signed in (`GET /admin/session`), asked once at start and again by Try again. Not
   * signed in: to sign-in. It fails when the session cannot be asked for: the proxy not reached
   * in time or answering 5xx (for now, so a Try again), or its merchant API off without
   * ADMIN_TOKEN (said as it is: the dashboard works only with sessions).
   */
  private readonly session = new Task(this, {
    task: async (_args, { signal }) => {
      try {
        const answer = await api<SessionAnswer>('/admin/session', {
          keepOn401: true,
          // None in time (`api`'s 10 s for a read) is said as no answer, with Try again.
          signal,
        });
        this.account = answer.account;
        if (this.route.page === 'sign-in' && !answer.account.setup) this.leaveSignIn();
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 401) this.onSignedOut();
        else throw error;
      }
    },
    args: () => [],
  });

  private readonly onPopState = async () => {
    this.route = currentRoute();
    // A new page without a page load: keyboard and screen reader users start at its top.
    await this.updateComplete;
    this.main?.focus();
  };
  private readonly onSignedOut = () => {
    this.account = undefined;
    if (this.route.page !== 'sign-in') {
      navigate(signInHref(location.pathname + location.search), { replace: true });
    }
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('popstate', this.onPopState);
    window.addEventListener(SIGNED_OUT_EVENT, this.onSignedOut);
    window.addEventListener('click', interceptLinkClick);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('popstate', this.onPopState);
    window.removeEventListener(SIGNED_OUT_EVENT, this.onSignedOut);
    window.removeEventListener('click', interceptLinkClick);
    super.disconnectedCallback();
  }

  /**
   * Asks for the session again (the proxy was not reached): what was said stays, Try again
   * disabled, until the answer; the page and its data load once it comes. The focus stays on
   * Try again while it is still not reached, or goes to the page. (`aria-disabled`, not
   * `disabled`: a disabled button loses the focus to the page's body.)
   */
  private readonly tryAgain = async () => {
    if (this.session.status === TaskStatus.PENDING) return;
    await this.session.run();
    await this.updateComplete;
    if (this.session.status === TaskStatus.COMPLETE) this.main?.focus();
  };

  private readonly signedIn = (event: CustomEvent<SessionAnswer>) => {
    this.account = event.detail.account;
    if (!event.detail.account.setup) this.leaveSignIn();
  };

  /** Back to the page that asked for sign-in (`?next=`, one of the dashboard's), or the list. */
  private leaveSignIn(): void {
    const next = this.route.page === 'sign-in' ? this.route.search.get('next') : undefined;
    navigate(returnPath(next) ?? '/dashboard/', { replace: true });
  }

  private async signOut(): Promise<void> {
    await api('/admin/session', { method: 'DELETE', keepOn401: true }).catch(() => undefined);
    this.onSignedOut();
  }

  override updated(): void {
    const page = this.route.page === 'payment' ? 'payments' : this.route.page;
    const section = SECTIONS.find((entry) => entry.page === page);
    const title =
      section?.label ?? (page === 'account' ? strings.ownAccount.heading : strings.dashboard);
    document.title = `${title} · ${strings.product}`;
  }

  override render() {
    const signingIn = this.route.page === 'sign-in' || this.account?.setup === true;
    return html`
      <header>
        <span class="brand">${strings.product} ${strings.dashboard}</span>
        ${
          this.account && !signingIn
            ? html`<span class="who">
              <span>${strings.session.signedInAs(this.account.name, strings.roles[this.account.role])}</span>
              <a href=${routeHref({ page: 'account' })} aria-current=${this.route.page === 'account' ? 'page' : nothing}
                >${strings.ownAccount.link}</a
              >
              <button class="secondary" @click=${this.signOut}>${strings.session.signOut}</button>
            </span>`
            : nothing
        }
      </header>
      ${this.account && !signingIn ? this.renderNav() : nothing}
      <main tabindex="-1" aria-busy=${this.session.status === TaskStatus.PENDING ? 'true' : nothing}>
        ${this.session.render({
          initial: () => html`<p class="muted">${strings.loading}</p>`,
          // Asked again after a failure: what was said stays until the answer.
          pending: () =>
            this.session.error === undefined
              ? html`<p class="muted">${strings.loading}</p>`
              : this.renderUnavailable(this.session.error, true),
          complete: () => this.renderPage(signingIn),
          error: (error) => this.renderUnavailable(error, false),
        })}
      </main>
    `;
  }

  private renderNav() {
    const current = this.route.page === 'payment' ? 'payments' : this.route.page;
    return html`<nav aria-label=${strings.nav.label}>
      <ul>
        ${SECTIONS.filter((section) => allows(this.account, section.role)).map(
          (section) => html`<li>
            <a href=${section.href} aria-current=${current === section.page ? 'page' : nothing}
              >${section.label}</a
            >
          </li>`,
        )}
      </ul>
    </nav>`;
  }

  /**
   * Why the session could not be asked for: for now (no answer, or a 5xx with the proxy's own
   * words where it said more than its status), with Try again, inert while `retrying`; or
   * the merchant API off.
   */
  private renderUnavailable(error: unknown, retrying: boolean) {
    const { status } = passing(error);
    const text = failureText(error);
    if (status === undefined) {
      return html`<h1>${strings.session.unavailableHeading}</h1>
        <p>${strings.session.unavailable}</p>
        <p class="error" role="alert">${text}</p>`;
    }
    const said = text === strings.api.answered(status) ? undefined : text;
    const sentence =
      status === 0 ? strings.session.unreachable : strings.session.answeredBadly(status, said);
    // Keyed by the failure: a new one is a new alert, announced even when its words are the same.
    return html`<h1>${strings.session.unreachableHeading}</h1>
      ${keyed(error, html`<p class="error" role="alert">${sentence}</p>`)}
      <p>
        <button aria-disabled=${retrying ? 'true' : nothing} @click=${this.tryAgain}>${strings.session.tryAgain}</button>
      </p>`;
  }

  private renderPage(signingIn: boolean) {
    const route = this.route;
    if (signingIn) {
      return html`<cp-sign-in .account=${this.account} @cp-signed-in=${this.signedIn}></cp-sign-in>`;
    }
    const account = this.account;
    switch (route.page) {
      case 'payments':
        return html`<cp-payments .account=${account} .search=${route.search}></cp-payments>`;
      case 'payment':
        return html`<cp-payment .account=${account} .checkoutId=${route.id}></cp-payment>`;
      case 'webhooks':
        return html`<cp-webhooks .account=${account}></cp-webhooks>`;
      case 'money':
        return whenLoaded(
          this.moneyChunk,
          () => html`<cp-money .account=${account} .search=${route.search}></cp-money>`,
        );
      case 'callbacks':
        return html`<cp-callbacks .search=${route.search}></cp-callbacks>`;
      case 'audit':
        return html`<cp-audit .search=${route.search}></cp-audit>`;
      case 'accounts':
        return html`<cp-accounts .account=${account}></cp-accounts>`;
      case 'account':
        return html`<cp-own-account .account=${account}></cp-own-account>`;
      default:
        return html`<h1>${strings.notFoundPage}</h1>
          <p><a href=${routeHref({ page: 'payments', search: new URLSearchParams() })}>${strings.nav.payments}</a></p>`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-dashboard': Dashboard;
  }
}
