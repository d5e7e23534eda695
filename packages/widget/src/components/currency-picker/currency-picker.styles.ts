/** Styles of the pay-with picker: options as full-width, easy to hit rows. */
import { css } from 'lit';

export default css`
  :host {
    display: block;
  }

  fieldset {
    border: 0;
    margin: 0 0 var(--_space);
    padding: 0;
    display: grid;
    gap: calc(var(--_space) * 0.375);
  }

  legend {
    padding: 0;
    margin-block-end: calc(var(--_space) * 0.375);
  }

  .option {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-weight: 400;
    cursor: pointer;
  }

  .option:has(:checked) {
    border: 2px solid var(--_accent);
  }

  input {
    width: auto;
    margin: 0;
    accent-color: var(--_accent);
  }
`;
