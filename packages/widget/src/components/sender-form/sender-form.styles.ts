/** Styles of the details form. */
import { css } from 'lit';

export default css`
  :host {
    display: block;
  }

  :host([hidden]) {
    display: none;
  }

  .intro {
    margin-block-end: var(--_space);
  }

  fieldset {
    border: 0;
    margin: 0 0 var(--_space);
    padding: 0;
  }

  .sender-type {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
  }

  .sender-type legend {
    margin-block-end: calc(var(--_space) * 0.375);
  }

  /*
   * The date of birth's parts: each label above its input, wide enough for a year, narrower on a
   * narrow screen (a fieldset is at least as wide as its content).
   */
  .date {
    display: grid;
    grid: auto auto / auto-flow minmax(0, 5em);
    gap: calc(var(--_space) * 0.25) calc(var(--_space) * 0.75);
  }

  .date label {
    font-weight: 400;
    text-transform: capitalize;
  }

  select {
    padding: calc(var(--_space) * 0.25);
  }

  button[type='submit'] {
    width: 100%;
  }

`;
