/** Russian, loaded on demand. */
import type { Translation } from '../translation.ts';

const ru: Translation = {
  $code: 'ru',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Загружаем оплату…',
  checkingStatus: 'Проверяем статус платежа…',

  detailsHeading: 'Ваши данные',
  detailsIntro: 'По правилам платежей мы должны знать, кто платит.',
  orderTotal: 'Итого',
  senderTypeLegend: 'Кто платит?',
  senderNatural: 'Физическое лицо',
  senderLegal: 'Юридическое лицо',
  fieldLabels: {
    first_name: 'Имя',
    last_name: 'Фамилия',
    date_of_birth: 'Дата рождения',
    legal_name: 'Полное наименование компании',
    country_of_registration: 'Страна регистрации',
  },
  countrySearch: 'Поиск страны',
  countryNoMatch: 'Страна не найдена.',
  email: 'Эл. почта (необязательно)',
  emailHint: 'Только для того, чтобы прислать вам инструкции по возврату.',
  payWithLegend: 'Способ оплаты',
  payWithLater: 'Выбрать на странице оплаты',
  paymentCurrencyRefused:
    'Сейчас эту валюту нельзя использовать для этого платежа. Выберите другую.',
  currencyOnNetwork: (iso, network) => `${iso} в сети ${network}`,
  submit: 'Перейти к оплате',
  submitting: 'Создаём платёж…',
  formHasErrors: {
    one: '{count} поле требует внимания.',
    few: '{count} поля требуют внимания.',
    many: '{count} полей требуют внимания.',
    other: '{count} поля требуют внимания.',
  },

  required: {
    first_name: 'Введите имя.',
    last_name: 'Введите фамилию.',
    date_of_birth: 'Введите дату рождения.',
    legal_name: 'Введите полное наименование компании.',
    country_of_registration: 'Выберите страну, в которой зарегистрирована компания.',
  },
  tooLong: 'Не более 255 символов.',
  dateOfBirthInvalid: 'Введите вашу настоящую дату рождения.',
  dateOfBirthIncomplete: 'Эта дата неполная или не существует. Введите день, месяц и год.',
  countryInvalid: 'Выберите страну из списка.',
  countryNotPicked: 'Выберите страну из списка или введите её полное название.',
  emailInvalid: 'Введите адрес эл. почты, например name@example.ru, или оставьте поле пустым.',
  fieldInvalid: 'Проверьте это поле.',

  otherAmount: 'Другая сумма',
  amountNotAccepted: 'Эту сумму нельзя принять. Укажите другую.',

  payHeading: 'Оплата',
  amountLabel: 'Сумма',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Проверьте сумму',
  amountOutOfRange: (min, max) => `Укажите сумму от ${min} до ${max}.`,
  amountFormat: (example, whole) =>
    `Укажите сумму ${whole ? 'целым числом' : 'цифрами, с точкой перед дробной частью'}, например ${example}.`,
  openPaymentPage: 'Открыть страницу оплаты',
  opensInNewTab: '(откроется в новой вкладке)',
  paymentLink: 'Ссылка на оплату',
  qrLabel: 'QR-код ссылки на оплату',
  copyLink: 'Скопировать ссылку',
  copied: 'Ссылка скопирована.',
  copyFailed: 'Не удалось скопировать. Скопируйте ссылку вручную.',
  chooseAnotherCurrency: 'Выбрать другую валюту',
  cancelPayment: 'Отменить платёж',
  paymentCancelled:
    'Вы отменили этот платёж. Чтобы оплатить, вернитесь в магазин и начните заново.',
  timeLeft: 'Осталось:',
  expiresAt: (time) => `Действует до ${time}`,
  statusCreated: 'Ожидаем ваш платёж.',
  statusProcessing: 'Валюта выбрана. Ожидаем поступления платежа.',
  statusUnreadable:
    'Сейчас мы не можем проверить ваш платёж. Если вы уже заплатили, ваш платёж в безопасности: страница обновится, как только мы снова сможем его проверить.',
  checkNow: 'Проверить сейчас',

  redirectHeading: 'Переход на страницу оплаты',
  redirectBody: 'Переводим вас на страницу оплаты…',

  successHeading: 'Оплата прошла',
  successBody: 'Спасибо! Ваш платёж поступил.',
  leavingToShop: 'Возвращаем вас в магазин…',
  failedHeading: 'Оплата не прошла',
  failedBody: 'Платёж подтвердился слишком поздно или оказался меньше суммы к оплате.',
  expiredHeading: 'Время оплаты истекло',
  expiredBody: 'За отведённое время платёж не поступил. Деньги не списаны.',
  startAgain: 'Начать заново',
  failedUnderpaidBody: 'Поступило меньше требуемой суммы.',
  failedLateBody: 'Ваш платёж поступил, но не был вовремя подтверждён.',
  refundByEmail: 'Платёжный сервис пришлёт вам по электронной почте инструкции по возврату денег.',
  refundFromShop: 'Чтобы вернуть деньги, обратитесь в магазин.',
  lateMoneyFromShop: 'По поводу отправленных денег обратитесь в магазин.',
  failedMoneyFromShop: 'Если вы уже отправили деньги, обратитесь в магазин.',
  overpaidRefundByEmail:
    'Вы отправили больше требуемой суммы. Платёжный сервис пришлёт вам по электронной почте инструкции по возврату разницы.',
  overpaidRefundFromShop:
    'Вы отправили больше требуемой суммы. Чтобы вернуть разницу, обратитесь в магазин.',
  backToShop: 'Вернуться в магазин',
  paymentReference: 'Код платежа',
  referenceHint: 'Назовите этот код, если будете обращаться в магазин по поводу этого платежа.',
  copyReference: 'Скопировать код',
  referenceCopied: 'Код скопирован.',
  referenceCopyFailed: 'Не удалось скопировать. Скопируйте код вручную.',
  referenceCapital: (letter) => `заглавная ${letter}`,
  referenceHyphen: 'дефис',
  referenceUnderscore: 'нижнее подчёркивание',
  elsewhereHeading: 'Продолжите в другой вкладке',
  elsewhereBody:
    'Результат этого платежа показан во вкладке, где вы его начали. Эту вкладку можно закрыть.',

  errorHeading: 'Что-то пошло не так',
  errorUnreachable: 'Не удалось связаться с платёжным сервисом. Проверьте подключение к интернету.',
  errorUnavailable: 'Платёжный сервис сейчас не отвечает. Попробуйте чуть позже.',
  errorRateLimited: 'Слишком много попыток. Подождите немного и попробуйте снова.',
  errorNotFound: 'Мы не нашли этот платёж.',
  errorSessionInvalid:
    'Эта ссылка на оплату уже использована или устарела. Вернитесь в магазин и начните заново.',
  errorRejected: 'Не удалось создать платёж.',
  errorMisconfigured:
    'Страница оплаты этого магазина настроена неправильно. Пожалуйста, сообщите об этом магазину.',
  retry: 'Повторить',
  retryIn: (time) => `Повторить через ${time}`,
  retryWait: (time) => `Повторить можно будет через ${time}.`,
  back: 'Назад',
};

export default ru;
