/** Ukrainian, loaded on demand. */
import type { Translation } from '../translation.ts';

const uk: Translation = {
  $code: 'uk',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Завантажуємо оплату…',
  checkingStatus: 'Перевіряємо статус платежу…',

  detailsHeading: 'Ваші дані',
  detailsIntro: 'Правила платежів вимагають, щоб ми знали, хто платить.',
  orderTotal: 'Разом',
  senderTypeLegend: 'Хто платить?',
  senderNatural: 'Фізична особа',
  senderLegal: 'Юридична особа',
  fieldLabels: {
    first_name: 'Ім’я',
    last_name: 'Прізвище',
    date_of_birth: 'Дата народження',
    legal_name: 'Повна назва компанії',
    country_of_registration: 'Країна реєстрації',
  },
  countrySearch: 'Пошук країни',
  countryNoMatch: 'Країну не знайдено.',
  email: 'Ел. пошта (необов’язково)',
  emailHint: 'Лише для того, щоб надіслати вам інструкції з повернення коштів.',
  payWithLegend: 'Спосіб оплати',
  payWithLater: 'Вибрати на сторінці оплати',
  paymentCurrencyRefused: 'Зараз цю валюту не можна використати для цього платежу. Виберіть іншу.',
  currencyOnNetwork: (iso, network) => `${iso} у мережі ${network}`,
  submit: 'Перейти до оплати',
  submitting: 'Створюємо платіж…',
  formHasErrors: {
    one: '{count} поле потребує уваги.',
    few: '{count} поля потребують уваги.',
    many: '{count} полів потребують уваги.',
    other: '{count} поля потребують уваги.',
  },

  required: {
    first_name: 'Введіть ім’я.',
    last_name: 'Введіть прізвище.',
    date_of_birth: 'Введіть дату народження.',
    legal_name: 'Введіть повну назву компанії.',
    country_of_registration: 'Виберіть країну, у якій зареєстровано компанію.',
  },
  tooLong: 'Не більше 255 символів.',
  dateOfBirthInvalid: 'Введіть вашу справжню дату народження.',
  dateOfBirthIncomplete: 'Ця дата неповна або не існує. Введіть день, місяць і рік.',
  dateParts: { day: 'День', month: 'Місяць', year: 'Рік' },
  countryInvalid: 'Виберіть країну зі списку.',
  countryNotPicked: 'Виберіть країну зі списку або введіть її повну назву.',
  emailInvalid:
    'Введіть адресу ел. пошти, наприклад name@example.com.ua, або залиште поле порожнім.',
  fieldInvalid: 'Перевірте це поле.',

  otherAmount: 'Інша сума',
  amountNotAccepted: 'Цю суму не можна прийняти. Вкажіть іншу.',

  payHeading: 'Оплата',
  amountLabel: 'Сума',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Перевірте суму',
  amountOutOfRange: (min, max) => `Вкажіть суму від ${min} до ${max}.`,
  amountFormat: (example, whole) =>
    `Вкажіть суму ${whole ? 'цілим числом' : 'цифрами, з крапкою перед дробовою частиною'}, наприклад ${example}.`,
  openPaymentPage: 'Відкрити сторінку оплати',
  opensInNewTab: '(відкриється в новій вкладці)',
  paymentLink: 'Посилання на оплату',
  qrLabel: 'QR-код посилання на оплату',
  copyLink: 'Скопіювати посилання',
  copied: 'Посилання скопійовано.',
  copyFailed: 'Не вдалося скопіювати. Скопіюйте посилання вручну.',
  chooseAnotherCurrency: 'Вибрати іншу валюту',
  cancelPayment: 'Скасувати платіж',
  paymentCancelled:
    'Ви скасували цей платіж. Щоб оплатити, поверніться до магазину й почніть знову.',
  timeLeft: 'Залишилося:',
  expiresAt: (time) => `(Дійсне до ${time})`,
  statusCreated: 'Очікуємо ваш платіж.',
  statusProcessing: 'Валюту вибрано. Очікуємо надходження платежу.',
  statusUnreadable:
    'Зараз ми не можемо перевірити ваш платіж. Якщо ви вже заплатили, ваш платіж у безпеці: сторінка оновиться, щойно ми знову зможемо його перевірити.',
  checkNow: 'Перевірити зараз',

  redirectHeading: 'Перехід на сторінку оплати',
  redirectBody: 'Переводимо вас на сторінку оплати…',

  successHeading: 'Оплату здійснено',
  successBody: 'Дякуємо! Ваш платіж надійшов.',
  leavingToShop: 'Повертаємо вас до магазину…',
  failedHeading: 'Оплата не пройшла',
  failedBody: 'Платіж підтвердився надто пізно або був меншим за суму до сплати.',
  expiredHeading: 'Час оплати минув',
  expiredBody: 'За відведений час платіж не надійшов. Кошти не списано.',
  startAgain: 'Почати знову',
  failedUnderpaidBody: 'Надійшло менше за належну суму.',
  failedLateBody: 'Ваш платіж надійшов, але не був вчасно підтверджений.',
  refundByEmail:
    'Платіжний сервіс надішле вам електронною поштою інструкції щодо повернення коштів.',
  refundFromShop: 'Щоб повернути кошти, зверніться до магазину.',
  lateMoneyFromShop: 'Щодо надісланих коштів зверніться до магазину.',
  failedMoneyFromShop: 'Якщо ви вже надіслали кошти, зверніться до магазину.',
  overpaidRefundByEmail:
    'Ви надіслали більше за належну суму. Платіжний сервіс надішле вам електронною поштою інструкції щодо повернення різниці.',
  overpaidRefundFromShop:
    'Ви надіслали більше за належну суму. Щоб повернути різницю, зверніться до магазину.',
  backToShop: 'Повернутися до магазину',
  paymentReference: 'Код платежу',
  referenceHint: 'Назвіть цей код, якщо звертатиметеся до магазину щодо цього платежу.',
  copyReference: 'Скопіювати код',
  referenceCopied: 'Код скопійовано.',
  referenceCopyFailed: 'Не вдалося скопіювати. Скопіюйте код вручну.',
  referenceCapital: (letter) => `велика ${letter}`,
  referenceHyphen: 'дефіс',
  referenceUnderscore: 'нижнє підкреслення',
  elsewhereHeading: 'Продовжте в іншій вкладці',
  elsewhereBody:
    'Результат цього платежу показано у вкладці, де ви його розпочали. Цю вкладку можна закрити.',

  errorHeading: 'Щось пішло не так',
  errorUnreachable:
    'Не вдалося зв’язатися з платіжним сервісом. Перевірте підключення до інтернету.',
  errorUnavailable: 'Платіжний сервіс зараз не відповідає. Спробуйте трохи згодом.',
  errorRateLimited: 'Забагато спроб. Зачекайте трохи й спробуйте знову.',
  errorNotFound: 'Ми не знайшли цей платіж.',
  errorSessionInvalid:
    'Це посилання на оплату вже використано або воно застаріло. Поверніться до магазину й почніть знову.',
  errorRejected: 'Не вдалося створити платіж.',
  errorMisconfigured:
    'Сторінку оплати цього магазину налаштовано неправильно. Будь ласка, повідомте магазин.',
  retry: 'Спробувати знову',
  retryIn: (time) => `Спробувати знову через ${time}`,
  retryWait: (time) => `Спробувати знову можна буде через ${time}.`,
  back: 'Назад',
};

export default uk;
