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
   * What holds the date of birth's place until its fields come with the rules: its legend, and
   * its parts' labels over their inputs (a line, the padding and the border).
   */
  .placeholder.date {
    min-height: calc(3lh + var(--_space) * 1.25 + 2px);
  }

  select {
    padding: calc(var(--_space) * 0.25);
  }

  button[type='submit'] {
    width: 100%;
  }

`;
