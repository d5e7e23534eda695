/** Persian (right to left), loaded on demand. */
import type { Translation } from '../translation.ts';

const fa: Translation = {
  $code: 'fa',
  $dir: 'rtl',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'در حال بارگذاری صفحهٔ پرداخت…',
  checkingStatus: 'در حال بررسی وضعیت پرداخت…',

  detailsHeading: 'اطلاعات شما',
  detailsIntro: 'طبق مقررات پرداخت، باید بدانیم چه کسی پرداخت می‌کند.',
  orderTotal: 'مبلغ کل',
  senderTypeLegend: 'چه کسی پرداخت می‌کند؟',
  senderNatural: 'شخص حقیقی',
  senderLegal: 'شخص حقوقی',
  fieldLabels: {
    first_name: 'نام',
    last_name: 'نام خانوادگی',
    date_of_birth: 'تاریخ تولد',
    legal_name: 'نام ثبتی شرکت',
    country_of_registration: 'کشور محل ثبت',
  },
  countrySearch: 'جستجوی کشور',
  countryNoMatch: 'کشوری پیدا نشد.',
  email: 'ایمیل (اختیاری)',
  emailHint: 'فقط برای فرستادن دستورالعمل بازپرداخت به شما استفاده می‌شود.',
  payWithLegend: 'پرداخت با',
  payWithLater: 'انتخاب در صفحهٔ پرداخت',
  paymentCurrencyRefused:
    'در حال حاضر نمی‌توان از این ارز برای این پرداخت استفاده کرد. ارز دیگری انتخاب کنید.',
  currencyOnNetwork: (iso, network) => `${iso} روی شبکهٔ ${network}`,
  submit: 'ادامه و پرداخت',
  submitting: 'در حال ایجاد پرداخت…',
  formHasErrors: {
    one: '{count} فیلد نیاز به بررسی دارد.',
    other: '{count} فیلد نیاز به بررسی دارند.',
  },

  required: {
    first_name: 'نام خود را وارد کنید.',
    last_name: 'نام خانوادگی خود را وارد کنید.',
    date_of_birth: 'تاریخ تولد خود را وارد کنید.',
    legal_name: 'نام ثبتی شرکت را وارد کنید.',
    country_of_registration: 'کشوری را که شرکت در آن ثبت شده است انتخاب کنید.',
  },
  tooLong: 'حداکثر 255 نویسه وارد کنید.',
  dateOfBirthInvalid: 'تاریخ تولد واقعی خود را وارد کنید.',
  countryInvalid: 'کشوری از فهرست انتخاب کنید.',
  emailInvalid: 'نشانی ایمیلی مانند name@example.com وارد کنید یا این فیلد را خالی بگذارید.',
  fieldInvalid: 'این فیلد را بررسی کنید.',

  otherAmount: 'مبلغ دیگر',
  amountNotAccepted: 'این مبلغ پذیرفته نمی‌شود. مبلغ دیگری انتخاب کنید.',

  payHeading: 'پرداخت',
  amountLabel: 'مبلغ',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'مبلغ را بررسی کنید',
  amountOutOfRange: (min, max) => `مبلغی بین ${min} و ${max} انتخاب کنید.`,
  amountFormat: (example, whole) =>
    `مبلغ را ${whole ? 'به‌صورت عدد صحیح' : 'با رقم و با نقطه پیش از بخش اعشاری'} بنویسید، مانند ${example}.`,
  openPaymentPage: 'باز کردن صفحهٔ پرداخت',
  opensInNewTab: '(در زبانهٔ جدید باز می‌شود)',
  paymentLink: 'پیوند پرداخت',
  qrLabel: 'کد QR پیوند پرداخت',
  copyLink: 'کپی پیوند',
  copied: 'پیوند کپی شد.',
  copyFailed: 'کپی نشد. پیوند را خودتان کپی کنید.',
  timeLeft: 'زمان باقی‌مانده:',
  expiresAt: (time) => `مهلت تا ساعت ${time}`,
  statusCreated: 'در انتظار پرداخت شما.',
  statusProcessing: 'ارز انتخاب شد. در انتظار رسیدن پرداخت شما.',
  statusUnreadable:
    'در حال حاضر نمی‌توانیم پرداخت شما را بررسی کنیم. اگر پرداخت کرده‌اید، پرداخت شما امن است: این صفحه به محض اینکه دوباره بتوانیم بررسی کنیم به‌روز می‌شود.',
  checkNow: 'بررسی وضعیت',

  redirectHeading: 'رفتن به صفحهٔ پرداخت',
  redirectBody: 'در حال انتقال شما به صفحهٔ پرداخت…',

  successHeading: 'پرداخت انجام شد',
  successBody: 'سپاسگزاریم. پرداخت شما رسید.',
  leavingToShop: 'در حال بازگشت به فروشگاه…',
  failedHeading: 'پرداخت ناموفق بود',
  failedBody: 'پرداخت خیلی دیر تأیید شد یا کمتر از مبلغ قابل پرداخت بود.',
  expiredHeading: 'مهلت پرداخت تمام شد',
  expiredBody: 'پیش از پایان مهلت هیچ پرداختی نرسید. هیچ مبلغی کسر نشده است.',
  startAgain: 'شروع دوباره',
  failedUnderpaidBody: 'مبلغی کمتر از مبلغ قابل پرداخت رسید.',
  failedLateBody: 'پرداخت شما رسید اما به‌موقع تأیید نشد.',
  refundByEmail: 'سرویس پرداخت دستورالعمل بازگرداندن پولتان را به ایمیل شما می‌فرستد.',
  refundFromShop: 'برای پس گرفتن پولتان با فروشگاه تماس بگیرید.',
  lateMoneyFromShop: 'دربارهٔ پولی که فرستاده‌اید با فروشگاه تماس بگیرید.',
  failedMoneyFromShop: 'اگر پولی فرستاده‌اید، با فروشگاه تماس بگیرید.',
  overpaidRefundByEmail:
    'شما بیش از مبلغ قابل پرداخت فرستاده‌اید. سرویس پرداخت دستورالعمل بازگرداندن مابه‌التفاوت را به ایمیل شما می‌فرستد.',
  overpaidRefundFromShop:
    'شما بیش از مبلغ قابل پرداخت فرستاده‌اید. برای پس گرفتن مابه‌التفاوت با فروشگاه تماس بگیرید.',
  backToShop: 'بازگشت به فروشگاه',
  paymentReference: 'شناسه پرداخت',
  referenceHint: 'اگر درباره این پرداخت با فروشگاه تماس می‌گیرید، این شناسه را بگویید.',
  copyReference: 'کپی شناسه',
  referenceCopied: 'شناسه کپی شد.',
  referenceCopyFailed: 'کپی نشد. شناسه را خودتان کپی کنید.',
  referenceCapital: (letter) => `${letter} بزرگ`,
  referenceHyphen: 'خط تیره',
  referenceUnderscore: 'زیرخط',
  elsewhereHeading: 'در زبانهٔ دیگر ادامه دهید',
  elsewhereBody:
    'نتیجهٔ این پرداخت در زبانه‌ای نشان داده می‌شود که پرداخت را از آن شروع کردید. می‌توانید این زبانه را ببندید.',

  errorHeading: 'مشکلی پیش آمد',
  errorUnreachable: 'به سرویس پرداخت دسترسی پیدا نکردیم. اتصال اینترنت خود را بررسی کنید.',
  errorUnavailable: 'سرویس پرداخت در حال حاضر پاسخ نمی‌دهد. کمی بعد دوباره تلاش کنید.',
  errorRateLimited: 'تعداد تلاش‌ها بیش از حد است. کمی صبر کنید و دوباره تلاش کنید.',
  errorNotFound: 'این پرداخت را پیدا نکردیم.',
  errorSessionInvalid:
    'این پیوند پرداخت قبلاً استفاده شده یا منقضی شده است. به فروشگاه برگردید و دوباره شروع کنید.',
  errorRejected: 'ایجاد پرداخت ممکن نشد.',
  errorMisconfigured:
    'صفحهٔ پرداخت این فروشگاه به‌درستی راه‌اندازی نشده است. لطفاً به فروشگاه اطلاع دهید.',
  retry: 'تلاش دوباره',
  retryIn: (time) => `تلاش دوباره پس از ${time}`,
  retryWait: (time) => `می‌توانید پس از ${time} دوباره تلاش کنید.`,
  back: 'بازگشت',
};

export default fa;
