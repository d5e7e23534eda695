/**
 * Test helpers: a fresh scope of the fake proxy for each test, and short ways to reach into
 * the element's views the way a customer would (by label, by role, by text). Test files import
 * them whole (`import * as kit`), one name for the kit rather than a list kept in each file.
 */

import type {
  Checkout,
  OpenAmount,
  SessionPrice,
  WidgetConfig,
} from '@crypto-pay/protocol/proxy-api';
import { expect, fixture, html, oneEvent, waitUntil as waitUntilOpenWc } from '@open-wc/testing';
import { defaultTiming, type Timing } from '../src/api/timing.ts';
import CryptoPay from '../src/components/crypto-pay/crypto-pay.component.ts';
import type { CryptoPayErrorDetail } from '../src/events/error.ts';
import type { DatePart } from '../src/localize/translation.ts';
import '../src/crypto-pay.ts';
import { SENDER } from '@crypto-pay/test-kit/senders';

/** The suite's one set of senders (@crypto-pay/test-kit/senders), for the widget's tests too. */
export { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';

/**
 * `waitUntil` for what is bound to come, however loaded the machine: its deadline only guards
 * against a hang, so it sits just inside the test's own (`web-test-runner.config.mjs`), and a
 * condition that never comes still fails with its message rather than mocha's timeout.
 */
export const waitUntil = (
  condition: Parameters<typeof waitUntilOpenWc>[0],
  message?: string,
  options: Parameters<typeof waitUntilOpenWc>[2] = {},
) => waitUntilOpenWc(condition, message, { timeout: 50_000, ...options });

/**
 * Every address the element tried to go to, newest last. The element's `navigate` is replaced
 * for all tests, so no test page ever leaves (which would end the test run).
 */
export const navigations: string[] = [];
(CryptoPay.prototype as unknown as { navigate: (url: string) => void }).navigate = (url) => {
  navigations.push(url);
};

export interface LoggedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  status?: number;
}

type Route = 'config' | 'session' | 'create' | 'get' | 'events';

export interface FakeProxy {
  url: string;
  /** Answers the next `times` calls of a route with this status and body (status 0: no answer). */
  fail(route: Route, status: number, body?: unknown, times?: number): Promise<void>;
  /** Answers the next call of a route with its head and the start of a body, then nothing. */
  stall(route: Route, status: number): Promise<void>;
  /** Lets the configuration held back (`holdConfig`) go. */
  releaseConfig(): Promise<void>;
  /**
   * Moves the newest (or the given) checkout to a status, with what the callback said beyond it
   * (`details`), pushing it to open streams.
   */
  setStatus(
    status: Checkout['status'],
    id?: string,
    details?: Pick<Checkout, 'status_detail' | 'refund_instructions'>,
  ): Promise<Checkout>;
  log(): Promise<LoggedRequest[]>;
  requests(path: string | RegExp, method?: string): Promise<LoggedRequest[]>;
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export interface FakeSetup {
  config?: WidgetConfig;
  /** The configuration's `open_amount` in place of the default (1.00 to 500.00 EUR or USD). */
  openAmount?: OpenAmount | null;
  /**
   * `stall`: event streams open and never send anything (a buffering middlebox); `mute`: they
   * send the checkout as it is, then nothing more.
   */
  sse?: boolean | 'stall' | 'mute';
  lifetime?: number;
  createDelay?: number;
  /** What the fake answers for a session's price (`GET /api/sessions/{token}`). */
  sessionPrice?: Omit<SessionPrice, 'expires_at'>;
  /** Holds `/api/config` back until `releaseConfig()` (a `fail('config')` set meanwhile is its answer). */
  holdConfig?: boolean;
  /** Holds `/api/config` back until the session's price is asked for (a 503 if never). */
  configAfterSession?: boolean;
  /** Session tokens a checkout has used already. */
  usedSessions?: string[];
  checkout?: Partial<Checkout> & { id: string; status: Checkout['status'] };
  /** The built chunks (by name, e.g. `retry-wait`) the fake answers 503 for, as a proxy in trouble. */
  missingParts?: string[];
  /** The built chunks the fake never answers for (a proxy that stalls). */
  hangingParts?: string[];
}

export async function fakeProxy(setup: FakeSetup = {}): Promise<FakeProxy> {
  const scope = `t${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const url = `${location.origin}/fake/${scope}`;
  const control = `${url}/_control`;
  await post(`${control}/setup`, setup);
  const log = async () => (await (await fetch(`${control}/log`)).json()) as LoggedRequest[];
  return {
    url,
    fail: async (route, status, body, times = 1) => {
      await post(`${control}/fail`, { route, status, body, times });
    },
    stall: async (route, status) => {
      await post(`${control}/fail`, { route, status, stall: true });
    },
    releaseConfig: async () => {
      await post(`${control}/release`, {});
    },
    setStatus: async (status, id, details) =>
      (await post(`${control}/status`, { status, id, details })) as Checkout,
    log,
    requests: async (path, method) =>
      (await log()).filter(
        (entry) =>
          (typeof path === 'string' ? entry.path === path : path.test(entry.path)) &&
          (!method || entry.method === method),
      ),
  };
}

/** A checkout as the fake proxy would return it, for tests that seed one (the contract's type). */
export function aCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 'chk_seeded_0000000000000000000000',
    status: 'created',
    payment_link: 'https://pay.example.test/p/seeded',
    expires_at: Math.floor(Date.now() / 1000) + 1800,
    amount: '25.00',
    currency: { iso: 'EUR' },
    ...overrides,
  };
}

export const shadow = (el: Element) => el.shadowRoot as ShadowRoot;

/** The sub-view elements, each in its own shadow root. */
/** The details form once the configuration is there (not its skeleton). */
export const form = (el: CryptoPay) =>
  shadow(el).querySelector<HTMLElementTagNameMap['crypto-pay-sender-form']>(
    'crypto-pay-sender-form:not([loading])',
  );
export const panel = (el: CryptoPay) => shadow(el).querySelector('crypto-pay-payment-panel');
/** The end or error view (its `result` part). */
export const result = (el: CryptoPay) => shadow(el).querySelector<HTMLElement>('[part="result"]');
export const picker = (el: CryptoPay) =>
  form(el)?.shadowRoot?.querySelector('crypto-pay-currency-picker') ?? null;

/** A part of the end view's payment reference (`reference`, `reference-value`, …). */
export const referencePart = (el: CryptoPay, name: string) =>
  result(el)
    ?.querySelector('crypto-pay-payment-reference')
    ?.shadowRoot?.querySelector<HTMLElement>(`[part="${name}"]`) ?? null;

/** The payment reference as the end view shows it (grouped), or '' where there is none. */
export const shownReference = (el: CryptoPay) =>
  referencePart(el, 'reference-value')?.textContent ?? '';

/**
 * Gives the page the clipboard `clipboard` (`undefined`: none, as on an insecure page) for the
 * length of `run`.
 */
export async function withClipboard(
  clipboard: Pick<Clipboard, 'writeText'> | undefined,
  run: () => Promise<void>,
): Promise<void> {
  const real = navigator.clipboard;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
  try {
    await run();
  } finally {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: real });
  }
}

export const heading = (el: CryptoPay) =>
  shadow(el).querySelector<HTMLElement>('[part="heading"]')?.textContent?.trim() ?? '';

/** All the text a customer can read in the element, across its sub-views' shadow roots. */
export function visibleText(root: Element | ShadowRoot): string {
  let text = '';
  const walk = (node: Node) => {
    if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
      else walk(child);
    }
  };
  walk(root);
  return text.replace(/\s+/g, ' ').trim();
}

/** Waits until the element shows a heading. */
export async function untilHeading(el: CryptoPay, text: string): Promise<void> {
  await waitUntil(
    () => heading(el) === text,
    `heading never became "${text}" (is "${heading(el)}")`,
  );
}

export async function untilText(el: CryptoPay, text: string): Promise<void> {
  await waitUntil(() => visibleText(el).includes(text), `"${text}" never appeared`);
}

/**
 * Every `crypto-pay-error` detail fired on the page from now on: called before the element
 * renders, as a failure can come with its first render.
 */
export function errorEvents(): CryptoPayErrorDetail[] {
  const seen: CryptoPayErrorDetail[] = [];
  document.addEventListener('crypto-pay-error', (event) => seen.push(event.detail));
  return seen;
}

/** Waits until the element tells the page `detail` (its `crypto-pay-error`) and says `text`. */
export async function untilErrorSaid(
  el: CryptoPay,
  detail: CryptoPayErrorDetail,
  text: string,
): Promise<void> {
  const event = await oneEvent(el, 'crypto-pay-error');
  expect(event.detail).to.deep.equal(detail);
  await untilText(el, text);
}

/** A field of the details form by its id (`first_name`, `email`, ...). */
export function field<T extends HTMLElement = HTMLInputElement>(el: CryptoPay, id: string): T {
  const found = form(el)?.shadowRoot?.querySelector<T>(`#${id}`);
  if (!found) throw new Error(`no field #${id}`);
  return found;
}

export function errorOf(el: CryptoPay, id: string): string {
  const input = field(el, id);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const root = form(el)?.shadowRoot as ShadowRoot;
  return ids
    .filter((describedBy) => describedBy.endsWith('-error'))
    .map((describedBy) => root.getElementById(describedBy)?.textContent?.trim() ?? '')
    .join(' ');
}

/** Types into an input as a customer would: value, then an input event. */
async function typeInto(el: CryptoPay, input: HTMLInputElement, value: string): Promise<void> {
  input.focus();
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await form(el)?.updateComplete;
}

/** Types into a field as a customer would: value, then an input event. */
export async function type(el: CryptoPay, id: string, value: string): Promise<void> {
  await typeInto(el, field(el, id), value);
}

/** What holds the date of birth's place until the form's rules come. */
const placeholderOf = (el: CryptoPay) => form(el)?.shadowRoot?.querySelector('.placeholder.date');

/** One of the date of birth's three inputs, found as the browser's autofill finds it. */
export function datePart(el: CryptoPay, part: DatePart): HTMLInputElement {
  const found = form(el)?.shadowRoot?.querySelector<HTMLInputElement>(
    `[autocomplete="bday-${part}"]`,
  );
  if (!found) throw new Error(`no date of birth's ${part}`);
  return found;
}

/** The date of birth's three inputs' text, by part. */
export const dateParts = (el: CryptoPay): Record<DatePart, string> => ({
  day: datePart(el, 'day').value,
  month: datePart(el, 'month').value,
  year: datePart(el, 'year').value,
});

/**
 * Types the date of birth as a customer would, part by part: `date` is YYYY-MM-DD as typed, a
 * part empty there is emptied (`-02-15`: the day and month only; `''`: none).
 */
export async function typeDate(el: CryptoPay, date: string): Promise<void> {
  // Its fields come with the form's rules.
  await waitUntil(() => !placeholderOf(el), 'the date of birth never showed');
  const [year, month, day] = date.split('-');
  for (const [part, text] of Object.entries({ day, month, year })) {
    await typeInto(el, datePart(el, part as DatePart), text ?? '');
  }
}

/**
 * Leaves a field (marks it touched, so its message shows as the customer moves on): its blur,
 * then the focusout that bubbles (the date of birth hears it on its fieldset).
 */
export async function leave(el: CryptoPay, id: string): Promise<void> {
  field(el, id).dispatchEvent(new FocusEvent('blur'));
  field(el, id).dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
  await form(el)?.updateComplete;
}

export async function chooseSenderType(el: CryptoPay, type: 'natural' | 'legal'): Promise<void> {
  const radio = form(el)?.shadowRoot?.querySelector<HTMLInputElement>(
    `input[name="sender-type"][value="${type}"]`,
  );
  radio?.click();
  await form(el)?.updateComplete;
  // The company's country field comes with the country list, in the rules' chunk.
  if (type === 'legal') {
    await waitUntil(
      () => form(el)?.shadowRoot?.querySelector('#country_of_registration'),
      'no country field',
    );
  }
}

export async function chooseCountry(el: CryptoPay, alpha3: string): Promise<void> {
  const select = field<HTMLSelectElement>(el, 'country_of_registration');
  select.value = alpha3;
  select.dispatchEvent(new Event('change'));
  await form(el)?.updateComplete;
}

export async function chooseCurrency(el: CryptoPay, label: string): Promise<void> {
  const root = picker(el)?.shadowRoot;
  const option = [...(root?.querySelectorAll('label') ?? [])].find(
    (candidate) => candidate.textContent?.trim() === label,
  );
  if (!option) throw new Error(`no currency option "${label}"`);
  option.querySelector('input')?.click();
  await picker(el)?.updateComplete;
}

/** The amount choice (donations) inside the details form. */
export const amountChoice = (el: CryptoPay) =>
  form(el)?.shadowRoot?.querySelector('crypto-pay-amount-choice') ?? null;

/** Types into the amount choice's "Other amount" field as a customer would. */
export async function typeAmount(el: CryptoPay, text: string): Promise<void> {
  const input = amountChoice(el)?.shadowRoot?.querySelector<HTMLInputElement>('#other-amount');
  if (!input) throw new Error('no other-amount field');
  input.focus();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await amountChoice(el)?.updateComplete;
}

export function submitButton(el: CryptoPay): HTMLButtonElement {
  const button = form(el)?.shadowRoot?.querySelector<HTMLButtonElement>('[part="submit-button"]');
  if (!button) throw new Error('no submit button');
  return button;
}

/** Fills in the suite's person (`SENDER`) and waits until the rules have loaded. */
export async function fillPerson(el: CryptoPay): Promise<void> {
  await waitUntil(() => form(el), 'no form');
  await type(el, 'first_name', SENDER.sender_data.first_name);
  await type(el, 'last_name', SENDER.sender_data.last_name);
  await typeDate(el, SENDER.sender_data.date_of_birth);
}

/**
 * Renders `<crypto-pay>` with these attributes and waits (in place of the defaults), all set
 * before it connects.
 */
export async function render(
  attributes: Record<string, string>,
  timing: Partial<Timing> = {},
): Promise<CryptoPay> {
  const el = document.createElement('crypto-pay');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.timing = { ...defaultTiming, ...timing };
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.append(el);
  await el.updateComplete;
  return el;
}

/** Renders the element against a fake proxy and waits for the details step. */
export async function details(
  proxy: FakeProxy,
  attributes: Record<string, string> = { product: 'tea-crate' },
  timing: Partial<Timing> = {},
): Promise<CryptoPay> {
  const el = await render({ proxy: proxy.url, ...attributes }, timing);
  await untilHeading(el, 'Your details');
  // With its rules' chunk: the date of birth's fields come with it.
  await waitUntil(
    () => form(el)?.shadowRoot?.querySelector('form') && !placeholderOf(el),
    'no form with its rules',
  );
  return el;
}

/** The pay step with its panel shown (its chunk loads while the checkout is created). */
export async function untilPayStep(el: CryptoPay): Promise<void> {
  await untilHeading(el, 'Pay');
  await waitUntil(() => panel(el)?.shadowRoot?.firstElementChild, 'the payment panel never showed');
}

export async function toPayStep(
  proxy: FakeProxy,
  attributes?: Record<string, string>,
  timing?: Partial<Timing>,
) {
  const el = await details(proxy, attributes, timing);
  await fillPerson(el);
  submitButton(el).click();
  await untilPayStep(el);
  return el;
}

export function clearStoredCheckouts(): void {
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith('crypto-pay:')) sessionStorage.removeItem(key);
  }
}

/**
 * Writes the suite's person (`SENDER`) into a sender form's shadow root, each field with the
 * input event typing fires; the date of birth part by part. For a form in a frame, where the
 * helpers that await this document's element do not reach.
 */
export function writePerson(formRoot: ShadowRoot | null | undefined): void {
  const { first_name, last_name, date_of_birth } = SENDER.sender_data;
  const [year, month, day] = date_of_birth.split('-');
  const fields = {
    '#first_name': first_name,
    '#last_name': last_name,
    '[autocomplete="bday-day"]': day,
    '[autocomplete="bday-month"]': month,
    '[autocomplete="bday-year"]': year,
  };
  for (const [selector, value] of Object.entries(fields)) {
    const field = formRoot?.querySelector<HTMLInputElement>(selector);
    if (!field) throw new Error(`no ${selector} in the form`);
    field.value = value ?? '';
    field.dispatchEvent(new Event('input'));
  }
}

/**
 * The script-tag build's page (`/csp/page.html`, under a strict Content-Security-Policy) in a
 * frame, its element talking to `proxy` (in redirect `mode` if asked), the frame's `loaded`, and
 * what that element shows now: the parts the tests of the built files read.
 */
export async function framedPage(proxy: string, { mode }: { mode?: 'redirect' } = {}) {
  let onLoad = () => {};
  const loaded = new Promise<void>((resolve) => {
    onLoad = resolve;
  });
  const query = `${mode ? `mode=${mode}&` : ''}proxy=${encodeURIComponent(proxy)}`;
  const frame = await fixture<HTMLIFrameElement>(
    html`<iframe title="csp" src=${`/csp/page.html?${query}`} @load=${() => onLoad()}></iframe>`,
  );
  const el = () => frame.contentDocument?.querySelector<CryptoPay>('crypto-pay');
  const root = () => el()?.shadowRoot;
  // The form once its configuration is there: a Continue on its skeleton waits for a currency.
  const formRoot = () => root()?.querySelector('crypto-pay-sender-form:not([loading])')?.shadowRoot;
  const input = (id: string) => formRoot()?.querySelector<HTMLInputElement>(`#${id}`);
  const heading = () => root()?.querySelector('[part="heading"]')?.textContent?.trim() ?? '';
  const untilForm = () => waitUntil(() => input('first_name'), 'the form never rendered');
  const submit = () =>
    formRoot()?.querySelector<HTMLButtonElement>('[part="submit-button"]')?.click();
  /**
   * Types the sender's details into the form and presses Continue, once the date of birth's
   * fields are there (they come with the rules' chunk, which may follow the configuration).
   */
  const submitDetails = async () => {
    await waitUntil(() => input('date_of_birth'), 'the date of birth never showed');
    writePerson(formRoot());
    submit();
  };
  return { frame, loaded, el, root, formRoot, input, heading, untilForm, submit, submitDetails };
}
