/** Bulgarian, addressing the customer formally (Вие), loaded on demand. */
import type { Translation } from '../translation.ts';

const bg: Translation = {
  $code: 'bg',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 2,

  loading: 'Плащането се зарежда…',
  checkingStatus: 'Проверява се състоянието на плащането…',

  detailsHeading: 'Вашите данни',
  detailsIntro: 'Правилата за плащане изискват да знаем кой плаща.',
  orderTotal: 'Общо',
  senderTypeLegend: 'Кой плаща?',
  senderNatural: 'Физическо лице',
  senderLegal: 'Юридическо лице',
  fieldLabels: {
    first_name: 'Собствено име',
    last_name: 'Фамилия',
    date_of_birth: 'Дата на раждане',
    legal_name: 'Наименование на фирмата',
    country_of_registration: 'Държава на регистрация',
  },
  countrySearch: 'Търсене на държава',
  countryNoMatch: 'Няма съвпадаща държава.',
  email: 'Имейл (по избор)',
  emailHint: 'Използва се само за изпращане на указания за възстановяване на сумата.',
  payWithLegend: 'Плащане с',
  payWithLater: 'Изберете на страницата за плащане',
  paymentCurrencyRefused:
    'В момента тази валута не може да се използва за това плащане. Изберете друга.',
  currencyOnNetwork: (iso, network) => `${iso} в мрежата ${network}`,
  submit: 'Към плащането',
  submitting: 'Плащането Ви се създава…',
  formHasErrors: {
    one: '{count} поле изисква вниманието Ви.',
    other: '{count} полета изискват вниманието Ви.',
  },

  required: {
    first_name: 'Въведете собственото си име.',
    last_name: 'Въведете фамилията си.',
    date_of_birth: 'Въведете датата си на раждане.',
    legal_name: 'Въведете наименованието на фирмата.',
    country_of_registration: 'Изберете държавата, в която е регистрирана фирмата.',
  },
  tooLong: 'Използвайте до 255 знака.',
  dateOfBirthInvalid: 'Въведете истинската си дата на раждане.',
  dateOfBirthIncomplete: 'Тази дата е непълна или не съществува. Въведете ден, месец и година.',
  dateParts: { day: 'Ден', month: 'Месец', year: 'Година' },
  countryInvalid: 'Изберете държава от списъка.',
  countryNotPicked: 'Изберете държавата от списъка или въведете пълното ѝ име.',
  emailInvalid: 'Въведете имейл адрес като name@example.com или оставете полето празно.',
  fieldInvalid: 'Проверете това поле.',

  otherAmount: 'Друга сума',
  amountNotAccepted: 'Тази сума не може да бъде приета. Изберете друга.',

  payHeading: 'Плащане',
  amountLabel: 'Сума',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Проверете сумата',
  amountOutOfRange: (min, max) => `Изберете сума между ${min} и ${max}.`,
  amountFormat: (example, whole) =>
    `Въведете сумата ${whole ? 'като цяло число' : 'с цифри, с точка преди десетичните знаци'}, например ${example}.`,
  openPaymentPage: 'Отваряне на страницата за плащане',
  opensInNewTab: '(отваря се в нов раздел)',
  paymentLink: 'Линк за плащане',
  qrLabel: 'QR код на линка за плащане',
  copyLink: 'Копиране на линка',
  copied: 'Линкът е копиран.',
  copyFailed: 'Копирането не бе успешно. Копирайте линка ръчно.',
  chooseAnotherCurrency: 'Изберете друга валута',
  cancelPayment: 'Отказ от плащането',
  paymentCancelled:
    'Отказахте това плащане. За да платите, върнете се в магазина и започнете отначало.',
  timeLeft: 'Оставащо време:',
  expiresAt: (time) => `(Изтича в ${time})`,
  statusCreated: 'Очакваме Вашето плащане.',
  statusProcessing: 'Валутата е избрана. Очакваме плащането Ви да пристигне.',
  statusUnreadable:
    'В момента не можем да проверим плащането ви. Ако сте платили, парите ви са на сигурно място: тази страница ще се обнови, щом можем да проверим отново.',
  checkNow: 'Проверка сега',

  redirectHeading: 'Към страницата за плащане',
  redirectBody: 'Пренасочваме Ви към страницата за плащане…',

  successHeading: 'Плащането е завършено',
  successBody: 'Благодарим Ви. Плащането Ви пристигна.',
  leavingToShop: 'Връщаме Ви в магазина…',
  failedHeading: 'Плащането не бе успешно',
  failedBody: 'Плащането бе потвърдено твърде късно или бе по-малко от дължимата сума.',
  expiredHeading: 'Плащането изтече',
  expiredBody: 'Не пристигна плащане преди изтичането на времето. Нищо не е удържано.',
  startAgain: 'Започнете отначало',
  failedUnderpaidBody: 'Пристигна по-малко от дължимата сума.',
  failedLateBody: 'Плащането Ви пристигна, но не бе потвърдено навреме.',
  refundByEmail: 'Услугата за плащане ще Ви изпрати по имейл указания как да си върнете парите.',
  refundFromShop: 'За да си върнете парите, моля, свържете се с магазина.',
  lateMoneyFromShop: 'Моля, свържете се с магазина относно изпратените от Вас пари.',
  failedMoneyFromShop: 'Ако вече сте изпратили пари, моля, свържете се с магазина.',
  overpaidRefundByEmail:
    'Изпратихте повече от дължимата сума. Услугата за плащане ще Ви изпрати по имейл указания как да си върнете разликата.',
  overpaidRefundFromShop:
    'Изпратихте повече от дължимата сума. Моля, свържете се с магазина, за да си върнете разликата.',
  backToShop: 'Обратно към магазина',
  paymentReference: 'Референтен номер на плащането',
  referenceHint: 'Посочете този номер, ако се свържете с магазина относно това плащане.',
  copyReference: 'Копиране на номера',
  referenceCopied: 'Номерът е копиран.',
  referenceCopyFailed: 'Копирането не бе успешно. Копирайте номера ръчно.',
  referenceCapital: (letter) => `главно ${letter}`,
  referenceHyphen: 'тире',
  referenceUnderscore: 'долна черта',
  elsewhereHeading: 'Продължете в другия раздел',
  elsewhereBody:
    'Резултатът от това плащане се показва в раздела, в който го започнахте. Можете да затворите този раздел.',

  errorHeading: 'Нещо се обърка',
  errorUnreachable: 'Не успяхме да се свържем с услугата за плащане. Проверете връзката си.',
  errorUnavailable: 'Услугата за плащане не отговаря в момента. Опитайте отново след малко.',
  errorRateLimited: 'Твърде много опити. Изчакайте малко и опитайте отново.',
  errorNotFound: 'Не намерихме това плащане.',
  errorSessionInvalid:
    'Този линк за плащане вече е използван или е изтекъл. Върнете се в магазина и започнете отначало.',
  errorRejected: 'Плащането не можа да бъде създадено.',
  errorMisconfigured:
    'Платежната страница на този магазин не е настроена правилно. Моля, уведомете магазина.',
  retry: 'Нов опит',
  retryIn: (time) => `Нов опит след ${time}`,
  retryWait: (time) => `Можете да опитате отново след ${time}.`,
  back: 'Назад',
};

export default bg;
