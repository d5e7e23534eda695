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
  button:disabled,
  button[aria-disabled='true'] {
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
    /*
     * A shadow at each edge with more of the table beyond it, so a phone shows that the table
     * goes on (its buttons are often in the last column). CSS alone: the shadows stay at the
     * box's edges (scroll), and covers of the page's colour move with the table (local), hiding
     * a shadow once that end of the table is in view.
     */
    --_edge-shadow: color-mix(in srgb, var(--_text) 30%, transparent);
    background:
      linear-gradient(to right, var(--_background) 40%, transparent) left / 2rem 100% no-repeat
        local,
      linear-gradient(to left, var(--_background) 40%, transparent) right / 2rem 100% no-repeat
        local,
      linear-gradient(to right, var(--_edge-shadow), transparent) left / 0.8rem 100% no-repeat
        scroll,
      linear-gradient(to left, var(--_edge-shadow), transparent) right / 0.8rem 100% no-repeat
        scroll;
    background-color: var(--_background);
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
    /* Nearly opaque: a table's edge shadow (see .table-box) shows through its headings too. */
    background: color-mix(in srgb, var(--_surface) 85%, transparent);
    font-weight: 600;
  }
  /* Lines of a readable length: a narrow column would hold a few characters a line. */
  td.address,
  th.address {
    min-width: 13rem;
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
    /*
     * A table wider than a phone is squeezed to its cells' narrowest (a word a line, very tall
     * rows) before it scrolls: a cell keeps room for a few words, and the box scrolls sooner.
     */
    td:not(.numeric, .address) {
      min-width: 8rem;
    }
    dl.facts {
      grid-template-columns: minmax(0, 1fr);
    }
    dl.facts dd {
      margin-bottom: 0.4rem;
    }
  }
`;
