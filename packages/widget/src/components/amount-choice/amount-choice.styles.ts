/**
 * Styles of the amount choice: the presets as buttons sharing each row evenly, each on one line
 * (an amount and its currency read as one), fewer to a row when the column is narrow.
 */
import { css } from 'lit';

export default css`
  :host {
    display: block;
  }

  fieldset {
    border: 0;
    margin: 0 0 calc(var(--_space) * 0.75);
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
  }

  legend {
    margin-block-end: calc(var(--_space) * 0.375);
  }

  /* A grid's even columns broke "20.00 / EUR" in two once the padding or font grew (a page's
     theme): a flex item as wide as its text on one line goes to the next row instead. Only one
     wider than the whole group ("1,000,000.00 EUR" on a phone) is narrowed to it, and wraps. */
  .choice {
    flex: 1 1 auto;
    min-width: min(7em, 100%);
    max-width: 100%;
    overflow-wrap: anywhere;
    position: relative;
    justify-content: center;
    min-height: 2.75rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }

  /* A preset is a button: the chosen one filled, as a pressed button looks. */
  .choice:has(:checked) {
    background: var(--_accent);
    color: var(--_accent-text);
  }

  /* The border says which is chosen; the radio stays, unseen, for the keyboard and screen readers. */
  .choice input {
    position: absolute;
    opacity: 0;
  }

  /* Forced colours drop the fill: the system's highlight says which is chosen instead. */
  @media (forced-colors: active) {
    .choice:has(:checked) {
      forced-color-adjust: none;
      background: Highlight;
      color: HighlightText;
    }
  }

  .choice:has(:focus-visible) {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
`;
