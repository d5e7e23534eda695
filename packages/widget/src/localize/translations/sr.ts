/**
 * Serbian in Cyrillic, its standard script (also what `sr-Latn` pages get: every reader of
 * Serbian reads both), ekavian, addressing the customer formally (ви); loaded on demand.
 */
import type { Translation } from '../translation.ts';

const sr: Translation = {
  $code: 'sr',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Учитавање плаћања…',
  checkingStatus: 'Провера статуса плаћања…',

  detailsHeading: 'Ваши подаци',
  detailsIntro: 'Правила плаћања налажу да знамо ко плаћа.',
  orderTotal: 'Укупно',
  senderTypeLegend: 'Ко плаћа?',
  senderNatural: 'Физичко лице',
  senderLegal: 'Правно лице',
  fieldLabels: {
    first_name: 'Име',
    last_name: 'Презиме',
    date_of_birth: 'Датум рођења',
    legal_name: 'Пословно име компаније',
    country_of_registration: 'Земља регистрације',
  },
  countrySearch: 'Претражите земље',
  countryNoMatch: 'Ниједна земља не одговара.',
  email: 'Имејл (опционо)',
  emailHint: 'Користи се само да вам пошаљемо упутства за повраћај новца.',
  payWithLegend: 'Платите помоћу',
  payWithLater: 'Изаберите на страници за плаћање',
  paymentCurrencyRefused:
    'Ова валута тренутно не може да се користи за ово плаћање. Изаберите другу.',
  currencyOnNetwork: (iso, network) => `${iso} на мрежи ${network}`,
  submit: 'Наставите на плаћање',
  submitting: 'Креирање вашег плаћања…',
  formHasErrors: {
    one: '{count} поље захтева вашу пажњу.',
    few: '{count} поља захтевају вашу пажњу.',
    other: '{count} поља захтева вашу пажњу.',
  },

  required: {
    first_name: 'Унесите своје име.',
    last_name: 'Унесите своје презиме.',
    date_of_birth: 'Унесите свој датум рођења.',
    legal_name: 'Унесите пословно име компаније.',
    country_of_registration: 'Изаберите земљу у којој је компанија регистрована.',
  },
  tooLong: 'Користите највише 255 знакова.',
  dateOfBirthInvalid: 'Унесите свој стварни датум рођења.',
  dateOfBirthIncomplete: 'Овај датум је непотпун или не постоји. Унесите дан, месец и годину.',
  dateParts: { day: 'Дан', month: 'Месец', year: 'Година' },
  countryInvalid: 'Изаберите земљу са листе.',
  countryNotPicked: 'Изаберите земљу са листе или унесите њен пун назив.',
  emailInvalid: 'Унесите имејл адресу као што је name@example.com или оставите поље празно.',
  fieldInvalid: 'Проверите ово поље.',

  otherAmount: 'Други износ',
  amountNotAccepted: 'Овај износ не може да буде прихваћен. Изаберите други.',

  payHeading: 'Плаћање',
  amountLabel: 'Износ',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Проверите износ',
  amountOutOfRange: (min, max) => `Изаберите износ између ${min} и ${max}.`,
  amountFormat: (example, whole) =>
    `Упишите износ ${whole ? 'као цео број' : 'цифрама, са тачком испред децимала'}, на пример ${example}.`,
  openPaymentPage: 'Отворите страницу за плаћање',
  opensInNewTab: '(отвара се у новој картици)',
  paymentLink: 'Линк за плаћање',
  qrLabel: 'QR кôд линка за плаћање',
  copyLink: 'Копирај линк',
  copied: 'Линк је копиран.',
  copyFailed: 'Копирање није успело. Копирајте линк сами.',
  chooseAnotherCurrency: 'Изаберите другу валуту',
  cancelPayment: 'Откажи плаћање',
  paymentCancelled:
    'Отказали сте ово плаћање. Да бисте платили, вратите се у продавницу и почните поново.',
  timeLeft: 'Преостало време:',
  expiresAt: (time) => `(Истиче у ${time})`,
  statusCreated: 'Чекамо ваше плаћање.',
  statusProcessing: 'Валута је изабрана. Чекамо да ваша уплата стигне.',
  statusUnreadable:
    'Тренутно не можемо да проверимо ваше плаћање. Ако сте платили, новац је безбедан: ова страница ће се ажурирати чим поново будемо могли да проверимо.',
  checkNow: 'Провери сада',

  redirectHeading: 'Прелазак на страницу за плаћање',
  redirectBody: 'Преусмеравамо вас на страницу за плаћање…',

  successHeading: 'Плаћање је завршено',
  successBody: 'Хвала. Ваша уплата је стигла.',
  leavingToShop: 'Враћамо вас у продавницу…',
  failedHeading: 'Плаћање није успело',
  failedBody: 'Уплата је потврђена прекасно или је била мања од дугованог износа.',
  expiredHeading: 'Плаћање је истекло',
  expiredBody: 'Ниједна уплата није стигла пре истека времена. Ништа није наплаћено.',
  startAgain: 'Почните поново',
  failedUnderpaidBody: 'Стигло је мање од дугованог износа.',
  failedLateBody: 'Ваша уплата је стигла, али није потврђена на време.',
  refundByEmail: 'Услуга плаћања ће вам имејлом послати упутства за повраћај новца.',
  refundFromShop: 'За повраћај новца обратите се продавници.',
  lateMoneyFromShop: 'Обратите се продавници у вези са новцем који сте послали.',
  failedMoneyFromShop: 'Ако сте већ послали новац, обратите се продавници.',
  overpaidRefundByEmail:
    'Послали сте више од дугованог износа. Услуга плаћања ће вам имејлом послати упутства за повраћај разлике.',
  overpaidRefundFromShop:
    'Послали сте више од дугованог износа. Обратите се продавници за повраћај разлике.',
  backToShop: 'Назад у продавницу',
  paymentReference: 'Референца плаћања',
  referenceHint: 'Наведите ову референцу ако се обратите продавници у вези са овим плаћањем.',
  copyReference: 'Копирај референцу',
  referenceCopied: 'Референца је копирана.',
  referenceCopyFailed: 'Копирање није успело. Копирајте референцу сами.',
  referenceCapital: (letter) => `велико ${letter}`,
  referenceHyphen: 'цртица',
  referenceUnderscore: 'доња црта',
  elsewhereHeading: 'Наставите у другој картици',
  elsewhereBody:
    'Резултат овог плаћања приказује се у картици у којој сте га започели. Можете да затворите ову картицу.',

  errorHeading: 'Дошло је до грешке',
  errorUnreachable: 'Нисмо успели да приступимо услузи плаћања. Проверите своју везу.',
  errorUnavailable: 'Услуга плаћања тренутно не одговара. Покушајте поново за тренутак.',
  errorRateLimited: 'Превише покушаја. Сачекајте тренутак и покушајте поново.',
  errorNotFound: 'Нисмо пронашли ово плаћање.',
  errorSessionInvalid:
    'Овај линк за плаћање је већ искоришћен или је истекао. Вратите се у продавницу и почните поново.',
  errorRejected: 'Плаћање није могло да буде креирано.',
  errorMisconfigured:
    'Страница за плаћање ове продавнице није исправно подешена. Обавестите продавницу.',
  retry: 'Покушај поново',
  retryIn: (time) => `Покушај поново за ${time}`,
  retryWait: (time) => `Можете поново да покушате за ${time}.`,
  back: 'Назад',
};

export default sr;
