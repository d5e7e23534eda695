/**
 * Bengali, loaded on demand: আপনি throughout, Latin digits grouped as CLDR has it for Bengali
 * (12,34,567.89, like Hindi).
 */
import type { Translation } from '../translation.ts';

const bn: Translation = {
  $code: 'bn',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,
  // Before the last three digits and before each two left of them.
  $grouping: /\B(?=(\d\d)*\d{3}$)/g,

  loading: 'চেকআউট লোড হচ্ছে…',
  checkingStatus: 'পেমেন্টের অবস্থা যাচাই করা হচ্ছে…',

  detailsHeading: 'আপনার তথ্য',
  detailsIntro: 'পেমেন্টের নিয়ম অনুযায়ী কে পেমেন্ট করছেন তা আমাদের জানা প্রয়োজন।',
  orderTotal: 'মোট',
  senderTypeLegend: 'কে পেমেন্ট করছেন?',
  senderNatural: 'একজন ব্যক্তি',
  senderLegal: 'একটি কোম্পানি',
  fieldLabels: {
    first_name: 'নামের প্রথম অংশ',
    last_name: 'পদবি',
    date_of_birth: 'জন্ম তারিখ',
    legal_name: 'কোম্পানির নিবন্ধিত নাম',
    country_of_registration: 'নিবন্ধনের দেশ',
  },
  countrySearch: 'দেশ খুঁজুন',
  countryNoMatch: 'কোনো দেশ মেলেনি।',
  email: 'ইমেল (ঐচ্ছিক)',
  emailHint: 'শুধু আপনাকে টাকা ফেরতের নির্দেশনা পাঠাতে ব্যবহার করা হবে।',
  payWithLegend: 'যা দিয়ে পেমেন্ট করবেন',
  payWithLater: 'পেমেন্ট পেজে বেছে নিন',
  paymentCurrencyRefused: 'এই মুহূর্তে এই পেমেন্টের জন্য এই মুদ্রা ব্যবহার করা যাচ্ছে না। অন্য একটি বেছে নিন।',
  currencyOnNetwork: (iso, network) => `${network} নেটওয়ার্কে ${iso}`,
  submit: 'পেমেন্টে এগিয়ে যান',
  submitting: 'আপনার পেমেন্ট তৈরি করা হচ্ছে…',
  formHasErrors: {
    one: '{count}টি ঘরে আপনার মনোযোগ প্রয়োজন।',
    other: '{count}টি ঘরে আপনার মনোযোগ প্রয়োজন।',
  },

  required: {
    first_name: 'আপনার নামের প্রথম অংশ লিখুন।',
    last_name: 'আপনার পদবি লিখুন।',
    date_of_birth: 'আপনার জন্ম তারিখ লিখুন।',
    legal_name: 'কোম্পানির নিবন্ধিত নাম লিখুন।',
    country_of_registration: 'যে দেশে কোম্পানিটি নিবন্ধিত, সেটি বেছে নিন।',
  },
  tooLong: '255টি বা তার কম অক্ষর ব্যবহার করুন।',
  dateOfBirthInvalid: 'আপনার আসল জন্ম তারিখ লিখুন।',
  dateOfBirthIncomplete: 'এই তারিখটি অসম্পূর্ণ বা এমন কোনো তারিখ নেই। দিন, মাস ও বছর লিখুন।',
  dateParts: { day: 'দিন', month: 'মাস', year: 'বছর' },
  countryInvalid: 'তালিকা থেকে একটি দেশ বেছে নিন।',
  countryNotPicked: 'তালিকা থেকে দেশটি বেছে নিন, অথবা তার পুরো নাম লিখুন।',
  emailInvalid: 'name@example.com-এর মতো একটি ইমেল ঠিকানা লিখুন, অথবা ঘরটি খালি রাখুন।',
  fieldInvalid: 'এই ঘরটি যাচাই করুন।',

  otherAmount: 'অন্য পরিমাণ',
  amountNotAccepted: 'এই পরিমাণ গ্রহণ করা যাচ্ছে না। অন্য একটি বেছে নিন।',

  payHeading: 'পেমেন্ট করুন',
  amountLabel: 'পরিমাণ',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'পরিমাণ যাচাই করুন',
  amountOutOfRange: (min, max) => `${min} থেকে ${max}-এর মধ্যে একটি পরিমাণ বেছে নিন।`,
  amountFormat: (example, whole) =>
    `পরিমাণটি ${whole ? 'পূর্ণসংখ্যায়' : 'অঙ্কে, দশমিকের আগে বিন্দু (.) দিয়ে'} লিখুন, যেমন ${example}।`,
  openPaymentPage: 'পেমেন্ট পেজ খুলুন',
  opensInNewTab: '(নতুন ট্যাবে খোলে)',
  paymentLink: 'পেমেন্ট লিংক',
  qrLabel: 'পেমেন্ট লিংকের QR কোড',
  copyLink: 'লিংক কপি করুন',
  copied: 'লিংক কপি হয়েছে।',
  copyFailed: 'কপি করা যায়নি। লিংকটি নিজে কপি করুন।',
  chooseAnotherCurrency: 'অন্য মুদ্রা বেছে নিন',
  cancelPayment: 'পেমেন্ট বাতিল করুন',
  paymentCancelled: 'আপনি এই পেমেন্টটি বাতিল করেছেন। টাকা দিতে দোকানে ফিরে গিয়ে আবার শুরু করুন।',
  timeLeft: 'বাকি সময়:',
  expiresAt: (time) => `(${time}-এ মেয়াদ শেষ হবে)`,
  statusCreated: 'আপনার পেমেন্টের অপেক্ষায় আছি।',
  statusProcessing: 'মুদ্রা বেছে নেওয়া হয়েছে। আপনার পেমেন্ট পৌঁছানোর অপেক্ষায় আছি।',
  statusUnreadable:
    'এই মুহূর্তে আমরা আপনার পেমেন্ট যাচাই করতে পারছি না। আপনি টাকা দিয়ে থাকলে তা নিরাপদ আছে: আবার যাচাই করতে পারলেই এই পৃষ্ঠা হালনাগাদ হবে।',
  checkNow: 'এখনই যাচাই করুন',

  redirectHeading: 'পেমেন্ট পেজে যাওয়া হচ্ছে',
  redirectBody: 'আপনাকে পেমেন্ট পেজে নিয়ে যাওয়া হচ্ছে…',

  successHeading: 'পেমেন্ট সম্পন্ন হয়েছে',
  successBody: 'ধন্যবাদ। আপনার পেমেন্ট পৌঁছেছে।',
  leavingToShop: 'আপনাকে দোকানে ফিরিয়ে নেওয়া হচ্ছে…',
  failedHeading: 'পেমেন্ট ব্যর্থ হয়েছে',
  failedBody: 'পেমেন্টটি অনেক দেরিতে নিশ্চিত হয়েছে অথবা প্রাপ্য পরিমাণের চেয়ে কম ছিল।',
  expiredHeading: 'পেমেন্টের মেয়াদ শেষ',
  expiredBody: 'সময় শেষ হওয়ার আগে কোনো পেমেন্ট আসেনি। কোনো টাকা কাটা হয়নি।',
  startAgain: 'আবার শুরু করুন',
  failedUnderpaidBody: 'প্রাপ্য পরিমাণের চেয়ে কম টাকা পৌঁছেছে।',
  failedLateBody: 'আপনার পেমেন্ট পৌঁছেছে, কিন্তু সময়মতো নিশ্চিত হয়নি।',
  refundByEmail: 'পেমেন্ট পরিষেবা আপনাকে টাকা ফেরত পাওয়ার নির্দেশনা ইমেল করবে।',
  refundFromShop: 'টাকা ফেরত পেতে অনুগ্রহ করে দোকানের সঙ্গে যোগাযোগ করুন।',
  lateMoneyFromShop: 'আপনার পাঠানো টাকার বিষয়ে অনুগ্রহ করে দোকানের সঙ্গে যোগাযোগ করুন।',
  failedMoneyFromShop: 'আপনি ইতিমধ্যে টাকা পাঠিয়ে থাকলে অনুগ্রহ করে দোকানের সঙ্গে যোগাযোগ করুন।',
  overpaidRefundByEmail:
    'আপনি প্রাপ্য পরিমাণের চেয়ে বেশি পাঠিয়েছেন। পেমেন্ট পরিষেবা আপনাকে পার্থক্যের টাকা ফেরত পাওয়ার নির্দেশনা ইমেল করবে।',
  overpaidRefundFromShop:
    'আপনি প্রাপ্য পরিমাণের চেয়ে বেশি পাঠিয়েছেন। পার্থক্যের টাকা ফেরত পেতে অনুগ্রহ করে দোকানের সঙ্গে যোগাযোগ করুন।',
  backToShop: 'দোকানে ফিরে যান',
  paymentReference: 'পেমেন্ট রেফারেন্স',
  referenceHint: 'এই পেমেন্টের বিষয়ে দোকানের সঙ্গে যোগাযোগ করলে এই রেফারেন্সটি জানান।',
  copyReference: 'রেফারেন্স কপি করুন',
  referenceCopied: 'রেফারেন্স কপি হয়েছে।',
  referenceCopyFailed: 'কপি করা যায়নি। রেফারেন্সটি নিজে কপি করুন।',
  referenceCapital: (letter) => `বড় হাতের ${letter}`,
  referenceHyphen: 'হাইফেন',
  referenceUnderscore: 'আন্ডারস্কোর',
  elsewhereHeading: 'আপনার অন্য ট্যাবে চালিয়ে যান',
  elsewhereBody:
    'এই পেমেন্টের ফলাফল সেই ট্যাবে দেখানো হয় যেখানে আপনি এটি শুরু করেছিলেন। আপনি এই ট্যাবটি বন্ধ করতে পারেন।',

  errorHeading: 'কিছু একটা সমস্যা হয়েছে',
  errorUnreachable: 'পেমেন্ট পরিষেবায় পৌঁছানো যায়নি। আপনার ইন্টারনেট সংযোগ যাচাই করুন।',
  errorUnavailable: 'পেমেন্ট পরিষেবা এখন সাড়া দিচ্ছে না। একটু পরে আবার চেষ্টা করুন।',
  errorRateLimited: 'অনেক বেশিবার চেষ্টা করা হয়েছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
  errorNotFound: 'এই পেমেন্টটি খুঁজে পাওয়া যায়নি।',
  errorSessionInvalid:
    'এই পেমেন্ট লিংকটি আগেই ব্যবহার করা হয়েছে বা এর মেয়াদ শেষ হয়েছে। দোকানে ফিরে গিয়ে আবার শুরু করুন।',
  errorRejected: 'পেমেন্ট তৈরি করা যায়নি।',
  errorMisconfigured: 'এই দোকানের পেমেন্ট পৃষ্ঠাটি ঠিকভাবে সেট আপ করা হয়নি। অনুগ্রহ করে দোকানকে জানান।',
  retry: 'আবার চেষ্টা করুন',
  retryIn: (time) => `${time} পরে আবার চেষ্টা করুন`,
  retryWait: (time) => `আপনি ${time} পরে আবার চেষ্টা করতে পারবেন।`,
  back: 'ফিরে যান',
};

export default bn;
