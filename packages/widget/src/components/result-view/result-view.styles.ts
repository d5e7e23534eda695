/** Styles of the result and error views (`result-view.ts`), among `<crypto-pay>`'s own. */
import { css } from 'lit';

export default css`
  .result,
  .said {
    display: grid;
    justify-items: center;
    text-align: center;
    gap: calc(var(--_space) * 0.75);
  }

  .icon {
    display: grid;
    place-items: center;
    width: 3rem;
    height: 3rem;
    border-radius: 50%;
    font-size: 1.5rem;
    font-weight: 700;
    border: 3px solid currentColor;
  }

  .tone-success .icon {
    color: var(--_success);
  }

  .tone-info .icon {
    color: var(--_accent);
  }

  .tone-failure .icon,
  .tone-error .icon {
    color: var(--_danger);
  }

  .spinner {
    width: 2rem;
    height: 2rem;
    color: var(--_accent);
  }

  .message {
    margin: 0;
    max-width: 32rem;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: calc(var(--_space) * 0.5);
  }
`;
