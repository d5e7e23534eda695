/**
 * What the element loads before the details form: the proxy's configuration, a session's price,
 * and for an open amount the amount choice's chunk, which holds its check.
 */

import { loadPart } from '../../api/parts.ts';
import {
  type CallOptions,
  fetchConfig,
  fetchSessionPrice,
  isSessionInvalid,
} from '../../api/proxy-api.ts';
import { CryptoPayReadyEvent } from '../../events/ready.ts';
import type { LoadedConfig } from './checkout-price.ts';

/**
 * All at once. Only a session that can no longer be used stops the customer; any other trouble
 * just leaves the price out, and the create will say if it matters. An open amount is checked
 * before the form shows, with the amount choice's chunk holding the check and its money helpers
 * out of the first paint and out of a fixed price's journey (the chunk comes for any open
 * amount: a page may change its attributes to offer the choice). The page hears
 * `crypto-pay-ready` once it is all there.
 */
export async function loadConfig(
  host: HTMLElement,
  proxy: string,
  session: string | undefined,
  openAmount: boolean,
  options: CallOptions,
): Promise<LoadedConfig> {
  const configRead = fetchConfig(proxy, options);
  const parts = Promise.all([
    session
      ? fetchSessionPrice(proxy, session, options).catch((error) => {
          if (isSessionInvalid(error)) throw error;
          return undefined;
        })
      : undefined,
    openAmount ? loadPart(host, import('../amount-choice/amount-choice.ts')) : undefined,
  ]);
  // Heard after the configuration, whose failure (the shop's setup, say) is the one to tell.
  parts.catch(() => {});
  const config = await configRead;
  const [sessionPrice, choice] = await parts;
  host.dispatchEvent(new CryptoPayReadyEvent({}));
  return {
    ...config,
    sessionPrice,
    checkOpenAmount: choice?.checkOpenAmount,
    refusalSentence: choice?.refusalSentence,
    amountChoiceOf: choice?.amountChoiceOf,
  };
}
