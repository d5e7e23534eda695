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

  .choice {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 0.5);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-weight: 400;
    cursor: pointer;
  }

  .choice:has(:checked) {
    border: 2px solid var(--_accent);
  }

  .choice input {
    width: auto;
    margin: 0;
    accent-color: var(--_accent);
  }

  select {
    padding: calc(var(--_space) * 0.25);
  }

  button[type='submit'] {
    width: 100%;
  }

`;
