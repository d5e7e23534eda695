/**
 * The theme: every `--crypto-pay-*` custom property with its light and dark default, mapped
 * to private `--_*` variables that the element and its sub-views read. Defaults meet WCAG AA
 * contrast in both schemes; a page sets the public properties on the element or any ancestor.
 */
import { css } from 'lit';

export default css`
  :host {
    --_accent: var(--crypto-pay-accent, #2f43c4);
    --_accent-text: var(--crypto-pay-accent-text, #ffffff);
    --_background: var(--crypto-pay-background, #ffffff);
    --_surface: var(--crypto-pay-surface, #f3f4f7);
    --_text: var(--crypto-pay-text, #161a22);
    --_muted: var(--crypto-pay-muted-text, #4b5263);
    --_border: var(--crypto-pay-border, #767c8c);
    --_danger: var(--crypto-pay-danger, #b3261e);
    --_success: var(--crypto-pay-success, #1b6b3a);
    --_focus: var(--crypto-pay-focus, #2f43c4);
    --_radius: var(--crypto-pay-radius, 0.5rem);
    --_font: var(
      --crypto-pay-font,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Noto Sans',
      'Noto Sans Arabic',
      sans-serif
    );
    --_space: var(--crypto-pay-spacing, 1rem);
    color-scheme: light;
  }

  @media (prefers-color-scheme: dark) {
    :host {
      --_accent: var(--crypto-pay-accent, #9fb0ff);
      --_accent-text: var(--crypto-pay-accent-text, #0d1020);
      --_background: var(--crypto-pay-background, #15171c);
      --_surface: var(--crypto-pay-surface, #20232b);
      --_text: var(--crypto-pay-text, #eceef3);
      --_muted: var(--crypto-pay-muted-text, #b6bcc9);
      --_border: var(--crypto-pay-border, #8d93a3);
      --_danger: var(--crypto-pay-danger, #ffa49c);
      --_success: var(--crypto-pay-success, #7fdca0);
      --_focus: var(--crypto-pay-focus, #9fb0ff);
      color-scheme: dark;
    }
  }
`;
