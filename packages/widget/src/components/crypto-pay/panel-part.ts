/**
 * The pay step's panel, in a chunk of its own: fetched once for the page, what it brings (the
 * panel, and how the views after the pay step are made; their words come with the language,
 * English's in its `en-later` chunk), and which views wait for it.
 */
import type { TemplateResult } from 'lit';
import { loadPart } from '../../api/parts.ts';
import type { View } from './crypto-pay.views.ts';

/**
 * Fetched while the create is on its way (or a checkout resumes), one fetch at a time for the
 * page: the element that asked reports a failure. Until it is there the step shows the plain
 * link to the payment page, so a chunk that is slow or fails to load never hides where to pay.
 */
let panelLoading: Promise<unknown> | undefined;
/** The panel's chunk once loaded: it also brings how the views after the pay step read. */
export let panelPart: typeof import('../payment-panel/payment-panel.ts') | undefined;
/**
 * The panel's chunk failed the last time it was asked for: the views after the pay step
 * show without it, a result with its heading and next step.
 */
export let panelFailed = false;
export const loadPanel = (host: HTMLElement) =>
  (panelLoading ??= loadPart(host, import('../payment-panel/payment-panel.ts')).then(
    (part) => {
      panelPart = part;
      panelFailed = false;
    },
    (error) => {
      panelFailed = true;
      panelLoading = undefined;
      throw error;
    },
  ));

/** What an end view shows from the panel's chunk: its sentences and the payment reference. */
export type Ending = { message: string; money: string; reference?: TemplateResult };

/** Views that need the panel's chunk: the pay step, and those that may come next. */
export const PANEL_VIEWS: readonly View[] = [
  'pay',
  'checking',
  'paid',
  'failed',
  'expired',
  'elsewhere',
];
/**
 * Views that need the panel's chunk (an ending's sentences) and the language's later messages
 * (English's from `en-later`): "checking" stands in until both are there, or one failed to load.
 */
export const AFTER_PAY: readonly View[] = ['redirect', 'paid', 'failed', 'expired', 'elsewhere'];
