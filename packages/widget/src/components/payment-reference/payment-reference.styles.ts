/** Styles of the payment reference. */
import { css } from 'lit';

export default css`
  :host {
    display: block;
  }

  .reference {
    display: grid;
    justify-items: center;
    gap: calc(var(--_space) * 0.5);
    padding: calc(var(--_space) * 0.75);
    background: var(--_surface);
    border-radius: var(--_radius);
    text-align: center;
  }

  dl,
  dd,
  p {
    margin: 0;
  }

  dt {
    color: var(--_muted);
    font-size: 0.875em;
  }

  .value,
  input {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace;
    font-size: 1.125em;
    font-weight: 600;
    /* Each group stays whole; in a narrow card the groups wrap between them. */
    word-spacing: 0.25em;
    overflow-wrap: normal;
  }

  /* A group ending in a hyphen and the next share a line (referenceLines); wider than the card, they wrap. */
  .value span {
    display: inline-block;
  }

  input {
    text-align: center;
  }
`;
