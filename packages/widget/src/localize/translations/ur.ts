/** Urdu (right to left, آپ throughout), loaded on demand. */
import type { Translation } from '../translation.ts';

const ur: Translation = {
  $code: 'ur',
  $dir: 'rtl',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'چیک آؤٹ لوڈ ہو رہا ہے…',
  checkingStatus: 'ادائیگی کی صورتحال چیک کی جا رہی ہے…',

  detailsHeading: 'آپ کی تفصیلات',
  detailsIntro: 'ادائیگی کے قواعد کے تحت ہمیں یہ جاننا ضروری ہے کہ ادائیگی کون کر رہا ہے۔',
  orderTotal: 'کل رقم',
  senderTypeLegend: 'ادائیگی کون کر رہا ہے؟',
  senderNatural: 'ایک فرد',
  senderLegal: 'ایک کمپنی',
  fieldLabels: {
    first_name: 'پہلا نام',
    last_name: 'خاندانی نام',
    date_of_birth: 'تاریخ پیدائش',
    legal_name: 'کمپنی کا رجسٹرڈ نام',
    country_of_registration: 'رجسٹریشن کا ملک',
  },
  countrySearch: 'ملک تلاش کریں',
  countryNoMatch: 'کوئی ملک نہیں ملا۔',
  email: 'ای میل (اختیاری)',
  emailHint: 'صرف آپ کو رقم کی واپسی کی ہدایات بھیجنے کے لیے استعمال ہوگی۔',
  payWithLegend: 'اس سے ادائیگی کریں',
  payWithLater: 'ادائیگی کے صفحے پر منتخب کریں',
  paymentCurrencyRefused:
    'یہ کرنسی اس وقت اس ادائیگی کے لیے استعمال نہیں ہو سکتی۔ براہ کرم کوئی اور منتخب کریں۔',
  currencyOnNetwork: (iso, network) => `${network} نیٹ ورک پر ${iso}`,
  submit: 'ادائیگی کی طرف بڑھیں',
  submitting: 'آپ کی ادائیگی بنائی جا رہی ہے…',
  formHasErrors: {
    one: '{count} خانے پر آپ کی توجہ درکار ہے۔',
    other: '{count} خانوں پر آپ کی توجہ درکار ہے۔',
  },

  required: {
    first_name: 'اپنا پہلا نام درج کریں۔',
    last_name: 'اپنا خاندانی نام درج کریں۔',
    date_of_birth: 'اپنی تاریخ پیدائش درج کریں۔',
    legal_name: 'کمپنی کا رجسٹرڈ نام درج کریں۔',
    country_of_registration: 'وہ ملک منتخب کریں جہاں کمپنی رجسٹرڈ ہے۔',
  },
  tooLong: '255 یا اس سے کم حروف استعمال کریں۔',
  dateOfBirthInvalid: 'اپنی اصل تاریخ پیدائش درج کریں۔',
  dateOfBirthIncomplete: 'یہ تاریخ نامکمل ہے یا موجود نہیں۔ دن، مہینہ اور سال درج کریں۔',
  dateParts: { day: 'دن', month: 'مہینہ', year: 'سال' },
  countryInvalid: 'فہرست میں سے کوئی ملک منتخب کریں۔',
  countryNotPicked: 'فہرست سے ملک منتخب کریں، یا اس کا پورا نام لکھیں۔',
  emailInvalid: 'name@example.com جیسا ای میل پتہ درج کریں، یا اسے خالی چھوڑ دیں۔',
  fieldInvalid: 'براہ کرم یہ خانہ چیک کریں۔',

  otherAmount: 'دوسری رقم',
  amountNotAccepted: 'یہ رقم قبول نہیں کی جا سکتی۔ براہ کرم کوئی اور رقم منتخب کریں۔',

  payHeading: 'ادائیگی کریں',
  amountLabel: 'رقم',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'رقم چیک کریں',
  amountOutOfRange: (min, max) => `${min} اور ${max} کے درمیان کوئی رقم منتخب کریں۔`,
  amountFormat: (example, whole) =>
    `رقم ${whole ? 'پورے عدد میں' : 'ہندسوں میں، اعشاریہ سے پہلے نقطہ (.) لگا کر'} لکھیں، جیسے ${example}۔`,
  openPaymentPage: 'ادائیگی کا صفحہ کھولیں',
  opensInNewTab: '(نئے ٹیب میں کھلتا ہے)',
  paymentLink: 'ادائیگی کا لنک',
  qrLabel: 'ادائیگی کے لنک کا QR کوڈ',
  copyLink: 'لنک کاپی کریں',
  copied: 'لنک کاپی ہو گیا۔',
  copyFailed: 'کاپی نہیں ہو سکا۔ براہ کرم لنک خود کاپی کریں۔',
  chooseAnotherCurrency: 'کوئی اور کرنسی منتخب کریں',
  cancelPayment: 'ادائیگی منسوخ کریں',
  paymentCancelled:
    'آپ نے یہ ادائیگی منسوخ کر دی ہے۔ ادائیگی کرنے کے لیے دکان پر واپس جائیں اور دوبارہ شروع کریں۔',
  timeLeft: 'باقی وقت:',
  expiresAt: (time) => `(${time} پر ختم ہو جائے گا)`,
  statusCreated: 'آپ کی ادائیگی کا انتظار ہے۔',
  statusProcessing: 'کرنسی منتخب ہو گئی۔ آپ کی ادائیگی پہنچنے کا انتظار ہے۔',
  statusUnreadable:
    'ہم ابھی آپ کی ادائیگی کی جانچ نہیں کر سکتے۔ اگر آپ ادائیگی کر چکے ہیں تو وہ محفوظ ہے: جیسے ہی ہم دوبارہ جانچ سکیں گے یہ صفحہ اپ ڈیٹ ہو جائے گا۔',
  checkNow: 'ابھی چیک کریں',

  redirectHeading: 'ادائیگی کے صفحے پر جا رہے ہیں',
  redirectBody: 'آپ کو ادائیگی کے صفحے پر لے جایا جا رہا ہے…',

  successHeading: 'ادائیگی مکمل ہو گئی',
  successBody: 'شکریہ۔ آپ کی ادائیگی پہنچ گئی ہے۔',
  leavingToShop: 'آپ کو واپس دکان پر لے جایا جا رہا ہے…',
  failedHeading: 'ادائیگی ناکام ہو گئی',
  failedBody: 'ادائیگی کی تصدیق بہت دیر سے ہوئی یا وہ واجب الادا رقم سے کم تھی۔',
  expiredHeading: 'ادائیگی کی میعاد ختم ہو گئی',
  expiredBody: 'وقت ختم ہونے سے پہلے کوئی ادائیگی نہیں پہنچی۔ کوئی رقم نہیں لی گئی۔',
  startAgain: 'دوبارہ شروع کریں',
  failedUnderpaidBody: 'واجب الادا رقم سے کم رقم پہنچی۔',
  failedLateBody: 'آپ کی ادائیگی پہنچ گئی، لیکن وقت پر اس کی تصدیق نہیں ہوئی۔',
  refundByEmail: 'ادائیگی سروس آپ کو رقم واپس حاصل کرنے کی ہدایات ای میل کرے گی۔',
  refundFromShop: 'اپنی رقم واپس حاصل کرنے کے لیے براہ کرم دکان سے رابطہ کریں۔',
  lateMoneyFromShop: 'آپ کی بھیجی ہوئی رقم کے بارے میں براہ کرم دکان سے رابطہ کریں۔',
  failedMoneyFromShop: 'اگر آپ رقم بھیج چکے ہیں تو براہ کرم دکان سے رابطہ کریں۔',
  overpaidRefundByEmail:
    'آپ نے واجب الادا رقم سے زیادہ بھیجا ہے۔ ادائیگی سروس آپ کو فرق کی رقم واپس حاصل کرنے کی ہدایات ای میل کرے گی۔',
  overpaidRefundFromShop:
    'آپ نے واجب الادا رقم سے زیادہ بھیجا ہے۔ فرق کی رقم واپس حاصل کرنے کے لیے براہ کرم دکان سے رابطہ کریں۔',
  backToShop: 'دکان پر واپس جائیں',
  paymentReference: 'ادائیگی کا حوالہ',
  referenceHint: 'اس ادائیگی کے بارے میں دکان سے رابطہ کریں تو یہ حوالہ بتائیں۔',
  copyReference: 'حوالہ کاپی کریں',
  referenceCopied: 'حوالہ کاپی ہو گیا۔',
  referenceCopyFailed: 'کاپی نہیں ہو سکا۔ براہ کرم حوالہ خود کاپی کریں۔',
  referenceCapital: (letter) => `بڑا ${letter}`,
  referenceHyphen: 'ہائفن',
  referenceUnderscore: 'انڈر اسکور',
  elsewhereHeading: 'اپنے دوسرے ٹیب میں جاری رکھیں',
  elsewhereBody:
    'اس ادائیگی کا نتیجہ اس ٹیب میں دکھایا جاتا ہے جہاں آپ نے اسے شروع کیا تھا۔ آپ یہ ٹیب بند کر سکتے ہیں۔',

  errorHeading: 'کچھ غلط ہو گیا',
  errorUnreachable: 'ہم ادائیگی سروس تک نہیں پہنچ سکے۔ براہ کرم اپنا کنکشن چیک کریں۔',
  errorUnavailable: 'ادائیگی سروس اس وقت جواب نہیں دے رہی۔ تھوڑی دیر بعد دوبارہ کوشش کریں۔',
  errorRateLimited: 'بہت زیادہ کوششیں۔ تھوڑا انتظار کر کے دوبارہ کوشش کریں۔',
  errorNotFound: 'ہمیں یہ ادائیگی نہیں ملی۔',
  errorSessionInvalid:
    'یہ ادائیگی کا لنک پہلے ہی استعمال ہو چکا ہے یا اس کی میعاد ختم ہو گئی ہے۔ دکان پر واپس جا کر دوبارہ شروع کریں۔',
  errorRejected: 'ادائیگی نہیں بنائی جا سکی۔',
  errorMisconfigured:
    'اس دکان کا ادائیگی کا صفحہ درست طریقے سے ترتیب نہیں دیا گیا۔ براہ کرم دکان کو بتائیں۔',
  retry: 'دوبارہ کوشش کریں',
  retryIn: (time) => `${time} میں دوبارہ کوشش کریں`,
  retryWait: (time) => `آپ ${time} میں دوبارہ کوشش کر سکتے ہیں۔`,
  back: 'واپس',
};

export default ur;
