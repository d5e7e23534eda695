/**
 * Shared looks of the controls every view uses: fields, choices (a radio button as a card),
 * buttons, messages, focus, spinner.
 */
import { css } from 'lit';

export default css`
  :host {
    font-family: var(--_font);
    color: var(--_text);
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  /* What stands for text still on its way: a line's height, so nothing moves when it comes. */
  .placeholder {
    display: block;
    min-height: 1lh;
    flex: 1;
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_surface);
  }

  .field {
    display: grid;
    gap: calc(var(--_space) * 0.25);
    margin: 0 0 calc(var(--_space) * 0.75);
  }

  label,
  legend {
    font-weight: 600;
  }

  legend {
    padding: 0;
  }

  input,
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    padding: calc(var(--_space) * 0.5) calc(var(--_space) * 0.625);
    width: 100%;
  }

  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: var(--_danger);
    border-width: 2px;
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

  .hint {
    color: var(--_muted);
    font-size: 0.875em;
    margin: 0;
  }

  .error {
    color: var(--_danger);
    font-size: 0.875em;
    font-weight: 600;
    margin: 0;
  }

  button,
  .button {
    font: inherit;
    font-weight: 600;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    min-height: 2.75rem;
    padding: calc(var(--_space) * 0.5) var(--_space);
    border-radius: var(--_radius);
    border: 2px solid var(--_accent);
    background: transparent;
    color: var(--_accent);
    cursor: pointer;
    text-decoration: none;
  }

  .primary {
    background: var(--_accent);
    color: var(--_accent-text);
  }

  button:disabled {
    cursor: progress;
    opacity: 0.75;
  }

  .spinner {
    display: inline-block;
    width: 1em;
    height: 1em;
    border: 0.15em solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
  }

  @media (prefers-reduced-motion: no-preference) {
    .spinner {
      animation: spin 0.8s linear infinite;
    }
  }

  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
`;
