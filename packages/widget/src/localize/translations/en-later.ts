/**
 * English messages only later views show (the payment panel, how a checkout ended, the tab that
 * defers to another), and with them the form's mistakes (en-form.ts): a chunk of their own,
 * fetched (localize.ts, `laterEnglish`) only where English is the language in use, or stands in
 * for a language whose chunk failed to load. Neither the first paint nor another language's
 * journey carries them.
 */
import type { LaterMessages } from '../translation.ts';

export { default as enForm } from './en-form.ts';

const enLater: LaterMessages = {
  redirectHeading: 'Going to the payment page',
  redirectBody: 'Taking you to the payment page…',
  paymentLink: 'Payment link',
  qrLabel: 'QR code of the payment link',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Copy the link yourself.',
  chooseAnotherCurrency: 'Choose another currency',
  cancelPayment: 'Cancel payment',
  paymentCancelled: 'You cancelled this payment. To pay, go back to the shop and start again.',
  timeLeft: 'Time left:',
  expiresAt: (time) => `(Expires at ${time})`,
  statusCreated: 'Waiting for your payment.',
  statusProcessing: 'Currency chosen. Waiting for your payment to arrive.',
  statusUnreadable:
    "We can't check your payment right now. If you have paid, it is safe: this page updates as soon as we can check again.",
  checkNow: 'Check now',
  successBody: 'Thank you. Your payment has arrived.',
  leavingToShop: 'Taking you back to the shop…',
  failedBody: 'The payment was confirmed too late or was less than the amount due.',
  expiredBody: 'No payment arrived before the time ran out. Nothing was taken.',
  failedUnderpaidBody: 'Less than the amount due arrived.',
  failedLateBody: 'Your payment arrived but was not confirmed in time.',
  refundByEmail: 'The payment service will email you instructions to get your money back.',
  refundFromShop: 'To get your money back, please contact the shop.',
  lateMoneyFromShop: 'Please contact the shop about the money you sent.',
  failedMoneyFromShop: 'If you already sent money, please contact the shop.',
  overpaidRefundByEmail:
    'You sent more than the amount due. The payment service will email you instructions to get the difference back.',
  overpaidRefundFromShop:
    'You sent more than the amount due. Please contact the shop to get the difference back.',
  backToShop: 'Back to the shop',
  paymentReference: 'Payment reference',
  referenceHint: 'Give this reference if you contact the shop about this payment.',
  copyReference: 'Copy reference',
  referenceCopied: 'Reference copied.',
  referenceCopyFailed: 'Could not copy. Copy the reference yourself.',
  referenceCapital: (letter) => `capital ${letter}`,
  referenceHyphen: 'hyphen',
  referenceUnderscore: 'underscore',
  elsewhereHeading: 'Continue in your other tab',
  elsewhereBody:
    'The result of this payment is shown in the tab where you started it. You can close this tab.',
};

export default enLater;
