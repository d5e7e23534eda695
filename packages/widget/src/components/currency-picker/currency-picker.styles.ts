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
`;
