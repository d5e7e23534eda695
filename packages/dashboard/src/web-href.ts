/**
 * The one guard of every link whose address came from outside the dashboard (a payment link,
 * an invoice's URL, a success or failure address): only an absolute http or https address
 * becomes a link; anything else (`javascript:`, `data:`, a relative path) is shown as text.
 * Lit binds an href as an attribute value, which keeps markup out but not a `javascript:` URL.
 */
import { isWebUrl } from '@crypto-pay/protocol/formats';

/** The address to link to, or undefined when it must be shown as text only. */
export function webHref(value: string | undefined | null): string | undefined {
  return typeof value === 'string' && isWebUrl(value) ? value : undefined;
}
