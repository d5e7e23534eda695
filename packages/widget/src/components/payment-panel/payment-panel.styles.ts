/** Styles of the payment panel. */
import { css } from 'lit';

export default css`
  :host {
    display: grid;
    gap: calc(var(--_space) * 0.75);
  }

  .summary {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
    gap: calc(var(--_space) * 0.5);
    margin: 0;
    padding: calc(var(--_space) * 0.75);
    background: var(--_surface);
    border-radius: var(--_radius);
  }

  dt {
    color: var(--_muted);
    font-size: 0.875em;
  }

  dd {
    margin: 0;
    font-weight: 600;
  }

  .amount {
    font-size: 1.375em;
    font-variant-numeric: tabular-nums;
  }

  .qr {
    width: min(100%, 14rem);
    /* The space is kept while the encoder loads, so nothing jumps when the code appears. */
    aspect-ratio: 1;
    justify-self: center;
    border-radius: calc(var(--_radius) * 0.5);
  }

  /* In a narrow card the button goes under the link rather than squeezing it to a sliver. */
  .copy-row {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 0.5);
  }

  .copy-row input {
    flex: 1 1 10rem;
    min-width: 0;
  }

  .countdown,
  .status {
    margin: 0;
  }

  .countdown strong {
    font-variant-numeric: tabular-nums;
  }

  .status {
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
`;
