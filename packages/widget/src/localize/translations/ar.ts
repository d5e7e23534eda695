/** Arabic (right to left), loaded on demand. */
import type { Translation } from '../translation.ts';

const ar: Translation = {
  $code: 'ar',
  $dir: 'rtl',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'جارٍ تحميل صفحة الدفع…',
  checkingStatus: 'جارٍ التحقق من حالة الدفع…',

  detailsHeading: 'بياناتك',
  detailsIntro: 'تُلزمنا قواعد الدفع بمعرفة من يدفع.',
  orderTotal: 'الإجمالي',
  senderTypeLegend: 'من يدفع؟',
  senderNatural: 'شخص',
  senderLegal: 'شركة',
  fieldLabels: {
    first_name: 'الاسم الأول',
    last_name: 'اسم العائلة',
    date_of_birth: 'تاريخ الميلاد',
    legal_name: 'الاسم القانوني للشركة',
    country_of_registration: 'بلد التسجيل',
  },
  countrySearch: 'البحث عن بلد',
  countryNoMatch: 'لا يوجد بلد مطابق.',
  email: 'البريد الإلكتروني (اختياري)',
  emailHint: 'يُستخدم فقط لإرسال تعليمات الاسترداد إليك إذا حدثت مشكلة في الدفع.',
  payWithLegend: 'الدفع باستخدام',
  payWithLater: 'الاختيار في صفحة الدفع',
  paymentCurrencyRefused: 'لا يمكن استخدام هذه العملة لهذه الدفعة الآن. اختر عملة أخرى.',
  currencyOnNetwork: (iso, network) => `${iso} على شبكة ${network}`,
  submit: 'المتابعة إلى الدفع',
  submitting: 'جارٍ إنشاء الدفعة…',
  // One, two (the dual), three to ten (plural), eleven on (singular after the number).
  formHasErrors: (count) =>
    count === 1
      ? 'حقل واحد يحتاج إلى انتباهك.'
      : count === 2
        ? 'حقلان يحتاجان إلى انتباهك.'
        : count <= 10
          ? `${count} حقول تحتاج إلى انتباهك.`
          : `${count} حقلًا يحتاج إلى انتباهك.`,

  required: {
    first_name: 'أدخل اسمك الأول.',
    last_name: 'أدخل اسم عائلتك.',
    date_of_birth: 'أدخل تاريخ ميلادك.',
    legal_name: 'أدخل الاسم القانوني للشركة.',
    country_of_registration: 'اختر البلد المسجلة فيه الشركة.',
  },
  tooLong: 'استخدم 255 حرفًا أو أقل.',
  dateOfBirthInvalid: 'أدخل تاريخ ميلادك الحقيقي.',
  countryInvalid: 'اختر بلدًا من القائمة.',
  emailInvalid: 'أدخل بريدًا إلكترونيًا مثل name@example.com، أو اترك الحقل فارغًا.',
  fieldInvalid: 'تحقق من هذا الحقل.',

  payHeading: 'الدفع',
  amountLabel: 'المبلغ',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'تحقق من المبلغ',
  amountOutOfRange: (min, max) => `اختر مبلغًا بين ${min} و${max}.`,
  amountFormat: (example, whole) =>
    `اكتب المبلغ ${whole ? 'عددًا صحيحًا بالأرقام' : 'بالأرقام مع فاصلة عشرية قبل المنازل العشرية'}، مثل ${example}.`,
  openPaymentPage: 'فتح صفحة الدفع',
  opensInNewTab: '(تُفتح في علامة تبويب جديدة)',
  paymentLink: 'رابط الدفع',
  qrLabel: 'رمز QR لرابط الدفع',
  copyLink: 'نسخ الرابط',
  copied: 'تم نسخ الرابط.',
  copyFailed: 'تعذّر النسخ. انسخ الرابط بنفسك.',
  timeLeft: 'الوقت المتبقي:',
  expiresAt: (time) => `ينتهي في ${time}`,
  statusCreated: 'بانتظار دفعتك.',
  statusProcessing: 'تم اختيار العملة. بانتظار وصول دفعتك.',
  connectionTrouble: 'يتعذّر الوصول إلى خدمة الدفع الآن. سنواصل المحاولة.',
  checkNow: 'تحقق الآن',

  redirectHeading: 'الانتقال إلى صفحة الدفع',
  redirectBody: 'جارٍ نقلك إلى صفحة الدفع…',

  successHeading: 'اكتمل الدفع',
  successBody: 'شكرًا لك. وصلت دفعتك.',
  leavingToShop: 'جارٍ إعادتك إلى المتجر…',
  failedHeading: 'فشل الدفع',
  failedBody: 'تأكدت الدفعة بعد فوات الأوان أو كانت أقل من المبلغ المستحق.',
  expiredHeading: 'انتهت صلاحية الدفع',
  expiredBody: 'لم تصل أي دفعة قبل انتهاء الوقت. لم يُخصم أي مبلغ.',
  startAgain: 'البدء من جديد',

  errorHeading: 'حدث خطأ ما',
  errorUnreachable: 'تعذّر الوصول إلى خدمة الدفع. تحقق من اتصالك وحاول مرة أخرى.',
  errorUnavailable: 'خدمة الدفع لا تستجيب الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
  errorRateLimited: 'محاولات كثيرة جدًا. انتظر قليلًا ثم حاول مرة أخرى.',
  errorNotFound: 'لم نعثر على هذه الدفعة.',
  errorSessionInvalid:
    'رابط الدفع هذا استُخدم من قبل أو انتهت صلاحيته. يُرجى العودة إلى المتجر والبدء من جديد.',
  errorRejected: 'تعذّر إنشاء الدفعة.',
  errorMisconfigured: 'لم يُعدّ المتجر صفحة الدفع هذه.',
  retry: 'حاول مرة أخرى',
  retryIn: (time) => `حاول مرة أخرى بعد ${time}`,
  retryWait: (time) => `يمكنك المحاولة مرة أخرى بعد ${time}.`,
  back: 'رجوع',
};

export default ar;
