/** Styles of the amount choice: the presets side by side as buttons, wrapping on a narrow screen. */
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

  .choice {
    position: relative;
    flex: 1 1 6em;
    justify-content: center;
    min-height: 2.75rem;
    font-variant-numeric: tabular-nums;
  }

  /* The border says which is chosen; the radio stays, unseen, for the keyboard and screen readers. */
  .choice input {
    position: absolute;
    opacity: 0;
  }

  .choice:has(:focus-visible) {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
`;
