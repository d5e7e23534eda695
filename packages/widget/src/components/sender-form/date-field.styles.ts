import { css } from 'lit';

/**
 * The date of birth's three parts (`date-field.ts`): each label above its input, wide enough for
 * a year, narrower on a narrow screen (a fieldset is at least as wide as its content).
 */
export default css`
  .date {
    display: grid;
    grid: auto auto / auto-flow minmax(0, 5em);
    gap: calc(var(--_space) * 0.25) calc(var(--_space) * 0.75);
  }

  .date label {
    font-weight: 400;
  }
`;
