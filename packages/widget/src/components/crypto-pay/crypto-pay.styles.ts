/** Styles of the `<crypto-pay>` box and its step layout. */
import { css } from 'lit';

export default css`
  :host {
    display: block;
    max-width: 32rem;
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }

  .base {
    display: grid;
    gap: var(--_space);
    padding: calc(var(--_space) * 1.5);
    background: var(--_background);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }

  h2 {
    margin: 0;
    font-size: 1.25em;
    line-height: 1.3;
  }

  h2:focus {
    outline: none;
  }

  h2:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 4px;
  }

  .total {
    display: flex;
    justify-content: space-between;
    gap: var(--_space);
    margin: 0;
    padding: calc(var(--_space) * 0.75);
    background: var(--_surface);
    border-radius: var(--_radius);
  }

  /* On a phone the description wraps, never the price: "25.00 / EUR" reads as two things. */
  .total strong {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  a:not(.button) {
    color: var(--_accent);
  }
`;
