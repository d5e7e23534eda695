/** English: the default locale, bundled with the element. */
import type { Translation } from '../translation.ts';

const en: Translation = {
  $code: 'en',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'Loading the checkout…',
  checkingStatus: 'Checking the payment status…',

  detailsHeading: 'Your details',
  detailsIntro: 'Payment rules require us to know who pays.',
  orderTotal: 'Total',
  senderTypeLegend: 'Who is paying?',
  senderNatural: 'A person',
  senderLegal: 'A company',
  fieldLabels: {
    first_name: 'First name',
    last_name: 'Last name',
    date_of_birth: 'Date of birth',
    legal_name: 'Legal name of the company',
    country_of_registration: 'Country of registration',
  },
  countrySearch: 'Search countries',
  countryNoMatch: 'No country matches.',
  email: 'Email (optional)',
  emailHint: 'Only used to send you refund instructions.',
  payWithLegend: 'Pay with',
  payWithLater: 'Choose on the payment page',
  paymentCurrencyRefused:
    'This currency cannot be used for this payment right now. Choose another.',
  currencyOnNetwork: (iso, network) => `${iso} on ${network}`,
  submit: 'Continue to payment',
  submitting: 'Creating your payment…',
  formHasErrors: {
    one: 'One field needs your attention.',
    other: '{count} fields need your attention.',
  },

  required: {
    first_name: 'Enter your first name.',
    last_name: 'Enter your last name.',
    date_of_birth: 'Enter your date of birth.',
    legal_name: 'Enter the legal name of the company.',
    country_of_registration: 'Choose the country where the company is registered.',
  },
  tooLong: 'Use 255 characters or fewer.',
  dateOfBirthInvalid: 'Enter your real date of birth.',
  countryInvalid: 'Choose a country from the list.',
  emailInvalid: 'Enter an email address like name@example.com, or leave it empty.',
  fieldInvalid: 'Check this field.',

  otherAmount: 'Other amount',
  amountNotAccepted: 'This amount cannot be accepted. Choose another.',

  payHeading: 'Pay',
  amountLabel: 'Amount',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Check the amount',
  amountOutOfRange: (min, max) => `Choose an amount between ${min} and ${max}.`,
  amountFormat: (example, whole) =>
    `Write the amount ${whole ? 'as a whole number' : 'in figures with a point before the decimals'}, like ${example}.`,
  openPaymentPage: 'Open the payment page',
  opensInNewTab: '(opens in a new tab)',
  paymentLink: 'Payment link',
  qrLabel: 'QR code of the payment link',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Copy the link yourself.',
  timeLeft: 'Time left:',
  expiresAt: (time) => `Expires at ${time}`,
  statusCreated: 'Waiting for your payment.',
  statusProcessing: 'Currency chosen. Waiting for your payment to arrive.',
  connectionTrouble: 'We cannot reach the payment service. We keep trying.',
  checkNow: 'Check now',

  redirectHeading: 'Going to the payment page',
  redirectBody: 'Taking you to the payment page…',

  successHeading: 'Payment complete',
  successBody: 'Thank you. Your payment has arrived.',
  leavingToShop: 'Taking you back to the shop…',
  failedHeading: 'Payment failed',
  failedBody: 'The payment was confirmed too late or was less than the amount due.',
  expiredHeading: 'Payment expired',
  expiredBody: 'No payment arrived before the time ran out. Nothing was taken.',
  startAgain: 'Start again',
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
  elsewhereHeading: 'Continue in your other tab',
  elsewhereBody:
    'The result of this payment is shown in the tab where you started it. You can close this tab.',

  errorHeading: 'Something went wrong',
  errorUnreachable: 'We could not reach the payment service. Check your connection.',
  errorUnavailable: 'The payment service is not answering right now. Try again in a moment.',
  errorRateLimited: 'Too many attempts. Wait a moment and try again.',
  errorNotFound: 'We could not find this payment.',
  errorSessionInvalid:
    'This payment link has already been used or has expired. Go back to the shop and start again.',
  errorRejected: 'The payment could not be created.',
  errorMisconfigured: 'The shop has not set up this checkout.',
  retry: 'Try again',
  retryIn: (time) => `Try again in ${time}`,
  retryWait: (time) => `You can try again in ${time}.`,
  back: 'Back',
};

export default en;
