/**
 * The dashboard's look: the widget's design tokens (its colours, radius, font and spacing, light
 * and dark) and the few rules every page shares: tables that scroll inside their own box, forms
 * that wrap at 375 px, visible focus, buttons.
 */
import tokens from '@crypto-pay/widget/tokens';
import { css } from 'lit';

export { tokens };

export const shared = css`
  :host {
    display: block;
    font-family: var(--_font);
    color: var(--_text);
    line-height: 1.45;
  }
  * {
    box-sizing: border-box;
  }
  h1 {
    overflow-wrap: anywhere;
    font-size: 1.5rem;
    margin: 0 0 var(--_space);
  }
  h2 {
    font-size: 1.15rem;
    margin: calc(var(--_space) * 1.5) 0 calc(var(--_space) / 2);
  }
  a {
    color: var(--_accent);
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  button,
  .button {
    font: inherit;
    cursor: pointer;
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_accent-text);
    border-radius: var(--_radius);
    padding: 0.4rem 0.9rem;
    text-decoration: none;
    display: inline-block;
  }
  button.secondary,
  .button.secondary {
    background: transparent;
    color: var(--_accent);
  }
  button.danger {
    background: var(--_danger);
    border-color: var(--_danger);
    color: var(--_background);
  }
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  form.fields,
  .fields {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2) var(--_space);
    align-items: flex-end;
    margin: 0 0 var(--_space);
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-size: 0.9rem;
    color: var(--_muted);
    min-width: 0;
    max-width: 100%;
  }
  fieldset {
    border: 1px solid var(--_surface);
    border-radius: var(--_radius);
    min-width: 0;
    max-width: 100%;
  }
  input,
  select,
  textarea {
    font: inherit;
    color: var(--_text);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.35rem 0.5rem;
    max-width: 100%;
  }
  /* Focusable (tabindex=0): a keyboard user scrolls a wide table inside it. */
  .table-box {
    /* Positioned: a visually hidden label in a wide table's cell scrolls with it, not the page. */
    position: relative;
    overflow-x: auto;
    max-width: 100%;
    border: 1px solid var(--_surface);
    border-radius: var(--_radius);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.92rem;
  }
  caption {
    text-align: start;
    font-weight: 600;
    padding: 0.4rem 0.5rem;
  }
  th,
  td {
    text-align: start;
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid var(--_surface);
    vertical-align: top;
  }
  /* A cell's buttons or form wrap like a form's, without a form's space under them. */
  td .fields {
    margin: 0;
  }
  th {
    background: var(--_surface);
    font-weight: 600;
  }
  th.numeric,
  td.numeric {
    text-align: end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  code,
  .mono {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    overflow-wrap: anywhere;
  }
  /* Below an id's underscore, which an underline in its usual place hides: r_BK read as r BK. */
  a.mono {
    text-underline-offset: 0.3em;
  }
  pre {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    background: var(--_surface);
    padding: 0.5rem;
    border-radius: var(--_radius);
    margin: 0.3rem 0;
  }
  dl.facts {
    display: grid;
    grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
    gap: 0.3rem var(--_space);
    margin: 0;
  }
  dl.facts dt {
    color: var(--_muted);
  }
  dl.facts dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .error {
    color: var(--_danger);
  }
  .notice {
    margin-block: 1rem;
    background: var(--_surface);
    border-inline-start: 4px solid var(--_accent);
    padding: 0.5rem 0.75rem;
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }
  .muted {
    color: var(--_muted);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @media (max-width: 480px) {
    dl.facts {
      grid-template-columns: minmax(0, 1fr);
    }
    dl.facts dd {
      margin-bottom: 0.4rem;
    }
  }
`;
