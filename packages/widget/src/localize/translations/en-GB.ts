/**
 * British English (also Ireland's, Australia's, India's and the Commonwealth's: locales.ts),
 * loaded on demand. The default English already says "shop" and "start again"; this one writes
 * a full stop and leaves a field blank, and its tag gives the region's 24-hour clock.
 */
import type { Translation } from '../translation.ts';

const enGB: Translation = {
  $code: 'en-GB',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'Loading the checkout…',
  checkingStatus: 'Checking the payment status…',

  detailsHeading: 'Your details',
  detailsIntro: 'Payment regulations require us to know who is paying.',
  orderTotal: 'Total',
  senderTypeLegend: 'Who is paying?',
  senderNatural: 'A person',
  senderLegal: 'A company',
  fieldLabels: {
    first_name: 'First name',
    last_name: 'Surname',
    date_of_birth: 'Date of birth',
    legal_name: 'Registered name of the company',
    country_of_registration: 'Country of registration',
  },
  countrySearch: 'Search countries',
  countryNoMatch: 'No country matches.',
  email: 'Email (optional)',
  emailHint: 'Only used to send you refund instructions.',
  payWithLegend: 'Pay with',
  payWithLater: 'Choose on the payment page',
  paymentCurrencyRefused:
    'This currency cannot be used for this payment at the moment. Please choose another.',
  currencyOnNetwork: (iso, network) => `${iso} on ${network}`,
  submit: 'Continue to payment',
  submitting: 'Creating your payment…',
  formHasErrors: {
    one: 'One field needs your attention.',
    other: '{count} fields need your attention.',
  },

  required: {
    first_name: 'Enter your first name.',
    last_name: 'Enter your surname.',
    date_of_birth: 'Enter your date of birth.',
    legal_name: 'Enter the registered name of the company.',
    country_of_registration: 'Choose the country where the company is registered.',
  },
  tooLong: 'Use 255 characters or fewer.',
  dateOfBirthInvalid: 'Enter your real date of birth.',
  dateOfBirthIncomplete:
    'This date is incomplete or does not exist. Enter the day, month and year.',
  dateParts: { day: 'Day', month: 'Month', year: 'Year' },
  countryInvalid: 'Choose a country from the list.',
  countryNotPicked: 'Pick the country from the list, or type its full name.',
  emailInvalid: 'Enter an email address such as name@example.com, or leave it blank.',
  fieldInvalid: 'Please check this field.',

  otherAmount: 'Other amount',
  amountNotAccepted: 'This amount cannot be accepted. Please choose another.',

  payHeading: 'Pay',
  amountLabel: 'Amount',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Check the amount',
  amountOutOfRange: (min, max) => `Choose an amount between ${min} and ${max}.`,
  amountFormat: (example, whole) =>
    `Write the amount ${whole ? 'as a whole number' : 'in figures with a full stop before the decimals'}, for example ${example}.`,
  openPaymentPage: 'Open the payment page',
  opensInNewTab: '(opens in a new tab)',
  paymentLink: 'Payment link',
  qrLabel: 'QR code of the payment link',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Please copy the link yourself.',
  chooseAnotherCurrency: 'Choose another currency',
  cancelPayment: 'Cancel payment',
  paymentCancelled: 'You cancelled this payment. To pay, go back to the shop and start again.',
  timeLeft: 'Time remaining:',
  expiresAt: (time) => `(Expires at ${time})`,
  statusCreated: 'Waiting for your payment.',
  statusProcessing: 'Currency chosen. Waiting for your payment to arrive.',
  statusUnreadable:
    "We can't check your payment right now. If you have paid, it is safe: this page updates as soon as we can check again.",
  checkNow: 'Check now',

  redirectHeading: 'Going to the payment page',
  redirectBody: 'Taking you to the payment page…',

  successHeading: 'Payment complete',
  successBody: 'Thank you. Your payment has arrived.',
  leavingToShop: 'Taking you back to the shop…',
  failedHeading: 'Payment failed',
  failedBody: 'The payment was confirmed too late or was less than the amount due.',
  expiredHeading: 'Payment expired',
  expiredBody: 'No payment arrived before the time ran out. Nothing has been taken.',
  startAgain: 'Start again',
  failedUnderpaidBody: 'Less than the amount due arrived.',
  failedLateBody: 'Your payment arrived but was not confirmed in time.',
  refundByEmail: 'The payment service will email you instructions to get your money back.',
  refundFromShop: 'To get your money back, please contact the shop.',
  lateMoneyFromShop: 'Please contact the shop about the money you sent.',
  failedMoneyFromShop: 'If you have already sent money, please contact the shop.',
  overpaidRefundByEmail:
    'You sent more than the amount due. The payment service will email you instructions to get the difference back.',
  overpaidRefundFromShop:
    'You sent more than the amount due. Please contact the shop to get the difference back.',
  backToShop: 'Back to the shop',
  paymentReference: 'Payment reference',
  referenceHint: 'Quote this reference if you contact the shop about this payment.',
  copyReference: 'Copy reference',
  referenceCopied: 'Reference copied.',
  referenceCopyFailed: 'Could not copy. Please copy the reference yourself.',
  referenceCapital: (letter) => `capital ${letter}`,
  referenceHyphen: 'hyphen',
  referenceUnderscore: 'underscore',
  elsewhereHeading: 'Continue in your other tab',
  elsewhereBody:
    'The result of this payment is shown in the tab where you started it. You can close this tab.',

  errorHeading: 'Something went wrong',
  errorUnreachable: 'We could not reach the payment service. Please check your connection.',
  errorUnavailable: 'The payment service is not responding at the moment. Try again shortly.',
  errorRateLimited: 'Too many attempts. Wait a moment and try again.',
  errorNotFound: 'We could not find this payment.',
  errorSessionInvalid:
    'This payment link has already been used or has expired. Go back to the shop and start again.',
  errorRejected: 'The payment could not be created.',
  errorMisconfigured: "This shop's payment page is not set up correctly. Please tell the shop.",
  retry: 'Try again',
  retryIn: (time) => `Try again in ${time}`,
  retryWait: (time) => `You can try again in ${time}.`,
  back: 'Back',
};

export default enGB;
