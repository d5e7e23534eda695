/**
 * How a journey names what it looks at on a page (by role and accessible name, by label, by
 * text, as a customer would find it), and the one in-page function that finds it through the
 * widget's shadow roots, the same in every engine.
 */

/** What a journey looks for; every given criterion must hold. */
export interface Target {
  /** The element's role (implicit from its tag, or `role=`). */
  role?: 'button' | 'link' | 'radio' | 'heading' | 'img';
  /** Its accessible name: exactly this text, or matching this pattern. */
  name?: string | RegExp;
  /**
   * A form control whose label (or `aria-label`) is exactly this text, or a group of them (a
   * fieldset) whose legend is.
   */
  label?: string;
  /** Its text contains this (alone: the innermost element whose text does). */
  text?: string;
  /** A CSS selector it matches. */
  css?: string;
  /** Inside the first element this names (through shadow roots), e.g. one form of several. */
  within?: Target;
}

/** A target as it crosses into the page: a pattern as its source and flags. */
export interface PageTarget extends Omit<Target, 'name' | 'within'> {
  name?: string | { source: string; flags: string };
  within?: PageTarget;
}

export const toPageTarget = ({ name, within, ...rest }: Target): PageTarget => ({
  ...rest,
  ...(name === undefined
    ? {}
    : { name: typeof name === 'string' ? name : { source: name.source, flags: name.flags } }),
  ...(within === undefined ? {} : { within: toPageTarget(within) }),
});

/** Words for a failure message: `role "heading", name "Payment complete"`. */
export const describeTarget = (target: Target): string =>
  Object.entries(target)
    .map(([key, value]) =>
      key === 'within'
        ? `within (${describeTarget(value as Target)})`
        : `${key} ${typeof value === 'string' ? `"${value}"` : String(value)}`,
    )
    .join(', ');

/**
 * Runs in the page (so it uses nothing from outside itself): the first element that matches
 * `target`, is rendered and, when `enabled`, is not disabled; null while there is none. Walks
 * the document and every open shadow root, as the widget nests its parts.
 */
export function locate(target: PageTarget, enabled: boolean): Element | null {
  const container = target.within ? locate(target.within, false) : null;
  if (target.within && !container) return null;
  const elements: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      elements.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);

  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const ROLES: Record<string, string> = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    radio: 'input[type="radio"], [role="radio"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    img: 'img, [role="img"]',
  };
  const labelOf = (element: Element) => {
    const aria = element.getAttribute('aria-label');
    if (aria) return normal(aria);
    if (element instanceof HTMLFieldSetElement) {
      return normal(element.querySelector(':scope > legend')?.textContent);
    }
    const labels = (element as HTMLInputElement).labels;
    return labels?.length ? normal([...labels].map((label) => label.textContent).join(' ')) : '';
  };
  const nameOf = (element: Element) => {
    const ids = element.getAttribute('aria-labelledby');
    if (ids) {
      const root = element.getRootNode() as Document | ShadowRoot;
      return normal(
        ids
          .split(/\s+/)
          .map((id) => root.getElementById(id)?.textContent)
          .join(' '),
      );
    }
    return (
      labelOf(element) ||
      (element instanceof HTMLImageElement ? normal(element.alt) : normal(element.textContent))
    );
  };
  const named = (element: Element, name: NonNullable<PageTarget['name']>) =>
    typeof name === 'string'
      ? nameOf(element) === name
      : new RegExp(name.source, name.flags).test(nameOf(element));
  const hasText = (element: Element, text: string) => normal(element.textContent).includes(text);
  // Up through parents and shadow hosts, as the widget's and the dashboard's parts nest.
  const inside = (element: Element) => {
    for (let node = element.parentNode; node; node = node.parentNode ?? (node as ShadowRoot).host) {
      if (node === container) return true;
    }
    return false;
  };
  const rendered = (element: Element) =>
    'checkVisibility' in element
      ? element.checkVisibility({ visibilityProperty: true })
      : (element as HTMLElement).getClientRects().length > 0;

  const found = elements.filter(
    (element) =>
      (!container || inside(element)) &&
      (!target.role || element.matches(ROLES[target.role]!)) &&
      (!target.css || element.matches(target.css)) &&
      (!target.label || labelOf(element) === target.label) &&
      (!target.name || named(element, target.name)) &&
      (!target.text || hasText(element, target.text)) &&
      // Text alone names the innermost element with it, not each of its ancestors.
      (!target.text ||
        target.role ||
        target.css ||
        ![...element.children].some((child) => hasText(child, target.text!))) &&
      rendered(element) &&
      !(enabled && (element as HTMLButtonElement).disabled),
  );
  return found[0] ?? null;
}

/**
 * The widget's date of birth (three fields in a fieldset, `target`) as a person fills it for
 * `isoDate` (YYYY-MM-DD): each part's field, found as the browser's autofill finds it
 * (`bday-day`), with the digits to type into it.
 */
export function datePartFields(target: Target, isoDate: string): [Target, string][] {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return Object.entries({ day, month, year }).map(([part, digits]) => [
    { css: `input[autocomplete="bday-${part}"]`, within: target },
    digits,
  ]);
}

/**
 * Runs in the page: the digits a person types into `input` (a date input) for `isoDate`, in
 * the order the page's language shows the fields (en-US: month, day, year).
 */
export function dateKeystrokes(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  const digits: Record<string, string> = { year: year!, month: month!, day: day! };
  return new Intl.DateTimeFormat(navigator.language)
    .formatToParts(new Date(`${isoDate}T12:00:00`))
    .filter((part) => part.type in digits)
    .map((part) => digits[part.type])
    .join('');
}

/**
 * `fn` as an expression the page can run. tsx (@crypto-pay/test-kit/source) compiles with esbuild's
 * keepNames, which wraps a function's named inner functions in `__name(...)`, a helper that
 * exists only in Node: the page gets a stand-in that changes nothing.
 */
export const pageFunction = (fn: (...args: never[]) => unknown) =>
  `((__name) => (${fn}))((named) => named)`;

/** A call of `fn` with `args` (JSON values) as an expression the page can run. */
export const pageCall = (fn: (...args: never[]) => unknown, ...args: unknown[]) =>
  `${pageFunction(fn)}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
