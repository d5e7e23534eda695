/**
 * How a checkout ended, in the customer's words: after the pay step only, so it comes with the
 * pay step's chunk (payment-panel.ts) and not in the first paint.
 */
import type { Checkout } from '../../api/proxy-api.ts';
import type { LaterMessages } from '../../localize/translation.ts';

/**
 * How a checkout ended, for the customer: what happened (`message`), and what becomes of money
 * already sent (`money`, empty when nothing needs saying), as the service's callback told it.
 */
export function sentencesOf(
  checkout: Checkout,
  t: LaterMessages,
): { message: string; money: string } {
  const { status_detail: detail, refund_instructions: refund } = checkout;
  switch (checkout.status) {
    case 'paid':
      return {
        message: t.successBody,
        money:
          detail === 'overpaid'
            ? refund === 'email'
              ? t.overpaidRefundByEmail
              : t.overpaidRefundFromShop
            : '',
      };
    case 'expired':
      return { message: t.expiredBody, money: '' };
    default:
      if (detail === 'underpaid') {
        const money = refund === 'email' ? t.refundByEmail : t.refundFromShop;
        return { message: t.failedUnderpaidBody, money };
      }
      if (detail === 'late') return { message: t.failedLateBody, money: t.lateMoneyFromShop };
      return { message: t.failedBody, money: t.failedMoneyFromShop };
  }
}
