/**
 * Hebrew (right to left), loaded on demand. Instructions in the infinitive (`יש להזין`,
 * `לבחור`), as Israeli checkouts write them, so no message assumes the customer's gender.
 */
import type { Translation } from '../translation.ts';

const he: Translation = {
  $code: 'he',
  $dir: 'rtl',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'טוען את דף התשלום…',
  checkingStatus: 'בודק את סטטוס התשלום…',

  detailsHeading: 'הפרטים שלך',
  detailsIntro: 'כללי התשלום מחייבים אותנו לדעת מי משלם.',
  orderTotal: 'סה״כ לתשלום',
  senderTypeLegend: 'מי משלם?',
  senderNatural: 'אדם פרטי',
  senderLegal: 'חברה',
  fieldLabels: {
    first_name: 'שם פרטי',
    last_name: 'שם משפחה',
    date_of_birth: 'תאריך לידה',
    legal_name: 'השם הרשמי של החברה',
    country_of_registration: 'מדינת רישום',
  },
  countrySearch: 'חיפוש מדינה',
  countryNoMatch: 'לא נמצאה מדינה מתאימה.',
  email: 'אימייל (לא חובה)',
  emailHint: 'ישמש רק לשליחת הוראות להחזר כספי.',
  payWithLegend: 'אמצעי תשלום',
  payWithLater: 'בחירה בדף התשלום',
  paymentCurrencyRefused: 'לא ניתן להשתמש במטבע הזה לתשלום הזה כרגע. יש לבחור מטבע אחר.',
  currencyOnNetwork: (iso, network) => `${iso} ברשת ${network}`,
  submit: 'המשך לתשלום',
  submitting: 'יוצר את התשלום…',
  formHasErrors: {
    one: 'שדה אחד דורש תשומת לב.',
    two: 'שני שדות דורשים תשומת לב.',
    many: '{count} שדות דורשים תשומת לב.',
    other: '{count} שדות דורשים תשומת לב.',
  },

  required: {
    first_name: 'יש להזין שם פרטי.',
    last_name: 'יש להזין שם משפחה.',
    date_of_birth: 'יש להזין תאריך לידה.',
    legal_name: 'יש להזין את השם הרשמי של החברה.',
    country_of_registration: 'יש לבחור את המדינה שבה רשומה החברה.',
  },
  tooLong: 'עד 255 תווים.',
  dateOfBirthInvalid: 'יש להזין את תאריך הלידה האמיתי.',
  countryInvalid: 'יש לבחור מדינה מהרשימה.',
  emailInvalid: 'יש להזין כתובת אימייל כמו name@example.co.il, או להשאיר את השדה ריק.',
  fieldInvalid: 'יש לבדוק את השדה הזה.',

  otherAmount: 'סכום אחר',
  amountNotAccepted: 'לא ניתן לקבל את הסכום הזה. יש לבחור סכום אחר.',

  payHeading: 'תשלום',
  amountLabel: 'סכום',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'יש לבדוק את הסכום',
  amountOutOfRange: (min, max) => `יש לבחור סכום בין ${min} ל-${max}.`,
  amountFormat: (example, whole) =>
    `יש לכתוב את הסכום ${whole ? 'כמספר שלם' : 'בספרות, עם נקודה לפני הספרות העשרוניות'}, למשל ${example}.`,
  openPaymentPage: 'פתיחת דף התשלום',
  opensInNewTab: '(נפתח בכרטיסייה חדשה)',
  paymentLink: 'קישור לתשלום',
  qrLabel: 'קוד QR של הקישור לתשלום',
  copyLink: 'העתקת הקישור',
  copied: 'הקישור הועתק.',
  copyFailed: 'ההעתקה לא הצליחה. אפשר להעתיק את הקישור ידנית.',
  timeLeft: 'הזמן שנותר:',
  expiresAt: (time) => `בתוקף עד ${time}`,
  statusCreated: 'ממתינים לתשלום.',
  statusProcessing: 'המטבע נבחר. ממתינים שהתשלום יגיע.',
  connectionTrouble: 'אין לנו כרגע חיבור לשירות התשלומים. ממשיכים לנסות.',
  checkNow: 'בדיקה עכשיו',

  redirectHeading: 'מעבר לדף התשלום',
  redirectBody: 'עוברים לדף התשלום…',

  successHeading: 'התשלום הושלם',
  successBody: 'תודה! התשלום התקבל.',
  leavingToShop: 'חוזרים לחנות…',
  failedHeading: 'התשלום נכשל',
  failedBody: 'התשלום אושר מאוחר מדי או שהיה נמוך מהסכום לתשלום.',
  expiredHeading: 'זמן התשלום עבר',
  expiredBody: 'לא התקבל תשלום לפני שהזמן נגמר. לא נגבה דבר.',
  startAgain: 'להתחיל מחדש',

  errorHeading: 'משהו השתבש',
  errorUnreachable: 'לא הצלחנו להתחבר לשירות התשלומים. יש לבדוק את החיבור לאינטרנט.',
  errorUnavailable: 'שירות התשלומים לא מגיב כרגע. כדאי לנסות שוב בעוד רגע.',
  errorRateLimited: 'יותר מדי ניסיונות. יש להמתין רגע ולנסות שוב.',
  errorNotFound: 'לא מצאנו את התשלום הזה.',
  errorSessionInvalid:
    'כבר נעשה שימוש בקישור התשלום הזה או שתוקפו פג. יש לחזור לחנות ולהתחיל מחדש.',
  errorRejected: 'לא ניתן היה ליצור את התשלום.',
  errorMisconfigured: 'החנות עדיין לא הגדירה את דף התשלום הזה.',
  retry: 'לנסות שוב',
  retryIn: (time) => `לנסות שוב בעוד ${time}`,
  retryWait: (time) => `אפשר לנסות שוב בעוד ${time}.`,
  back: 'חזרה',
};

export default he;
