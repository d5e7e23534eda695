/**
 * English: the default locale. The first view's messages ship in the first paint; those only
 * later views show (en-later.ts) and what the form says of a mistake (en-form.ts) come in a chunk
 * of their own, fetched only where English is the language in use.
 */
import type { FirstMessages } from '../translation.ts';

const en: FirstMessages = {
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
  currencyOnNetwork: (iso, network) => `${iso} on ${network}`,
  submit: 'Continue to payment',
  submitting: 'Creating your payment…',

  otherAmount: 'Other amount',

  payHeading: 'Pay',
  amountLabel: 'Amount',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Check the amount',
  openPaymentPage: 'Open the payment page',
  opensInNewTab: '(opens in a new tab)',

  successHeading: 'Payment complete',
  failedHeading: 'Payment failed',
  expiredHeading: 'Payment expired',
  startAgain: 'Start again',

  errorHeading: 'Something went wrong',
  errorUnreachable: 'We could not reach the payment service. Check your connection.',
  errorUnavailable: 'The payment service is not answering right now. Try again in a moment.',
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

export default en;
