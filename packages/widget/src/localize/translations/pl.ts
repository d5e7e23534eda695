/** Polish, loaded on demand. */
import type { Translation } from '../translation.ts';

const pl: Translation = {
  $code: 'pl',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 2,

  loading: 'Ładowanie płatności…',
  checkingStatus: 'Sprawdzanie statusu płatności…',

  detailsHeading: 'Twoje dane',
  detailsIntro: 'Przepisy dotyczące płatności wymagają, abyśmy wiedzieli, kto płaci.',
  orderTotal: 'Razem',
  senderTypeLegend: 'Kto płaci?',
  senderNatural: 'Osoba prywatna',
  senderLegal: 'Firma',
  fieldLabels: {
    first_name: 'Imię',
    last_name: 'Nazwisko',
    date_of_birth: 'Data urodzenia',
    legal_name: 'Pełna nazwa firmy',
    country_of_registration: 'Kraj rejestracji',
  },
  countrySearch: 'Szukaj kraju',
  countryNoMatch: 'Nie znaleziono kraju.',
  email: 'E-mail (opcjonalnie)',
  emailHint: 'Użyjemy go tylko do wysłania instrukcji zwrotu.',
  payWithLegend: 'Waluta płatności',
  payWithLater: 'Wybierz na stronie płatności',
  paymentCurrencyRefused: 'Tej waluty nie można teraz użyć do tej płatności. Wybierz inną.',
  currencyOnNetwork: (iso, network) => `${iso} w sieci ${network}`,
  submit: 'Przejdź do płatności',
  submitting: 'Tworzenie płatności…',
  formHasErrors: {
    one: '{count} pole wymaga poprawienia.',
    few: '{count} pola wymagają poprawienia.',
    many: '{count} pól wymaga poprawienia.',
    other: '{count} pola wymaga poprawienia.',
  },

  required: {
    first_name: 'Wpisz swoje imię.',
    last_name: 'Wpisz swoje nazwisko.',
    date_of_birth: 'Wpisz swoją datę urodzenia.',
    legal_name: 'Wpisz pełną nazwę firmy.',
    country_of_registration: 'Wybierz kraj, w którym zarejestrowana jest firma.',
  },
  tooLong: 'Użyj najwyżej 255 znaków.',
  dateOfBirthInvalid: 'Wpisz swoją prawdziwą datę urodzenia.',
  countryInvalid: 'Wybierz kraj z listy.',
  emailInvalid: 'Wpisz adres e-mail, np. jan@przyklad.pl, albo zostaw to pole puste.',
  fieldInvalid: 'Sprawdź to pole.',

  otherAmount: 'Inna kwota',
  amountNotAccepted: 'Tej kwoty nie można przyjąć. Wybierz inną.',

  payHeading: 'Płatność',
  amountLabel: 'Kwota',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Sprawdź kwotę',
  amountOutOfRange: (min, max) => `Wybierz kwotę od ${min} do ${max}.`,
  amountFormat: (example, whole) =>
    `Wpisz kwotę ${whole ? 'jako liczbę całkowitą' : 'cyframi, z kropką przed częścią dziesiętną'}, np. ${example}.`,
  openPaymentPage: 'Otwórz stronę płatności',
  opensInNewTab: '(otwiera się w nowej karcie)',
  paymentLink: 'Link do płatności',
  qrLabel: 'Kod QR linku do płatności',
  copyLink: 'Kopiuj link',
  copied: 'Skopiowano link.',
  copyFailed: 'Nie udało się skopiować. Skopiuj link samodzielnie.',
  timeLeft: 'Pozostały czas:',
  expiresAt: (time) => `Wygasa o ${time}`,
  statusCreated: 'Czekamy na Twoją płatność.',
  statusProcessing: 'Waluta wybrana. Czekamy, aż dotrze Twoja płatność.',
  connectionTrouble: 'Nie możemy połączyć się z serwisem płatności. Wciąż próbujemy.',
  checkNow: 'Sprawdź teraz',

  redirectHeading: 'Przejście do strony płatności',
  redirectBody: 'Przekierowujemy Cię na stronę płatności…',

  successHeading: 'Płatność zakończona',
  successBody: 'Dziękujemy. Twoja płatność dotarła.',
  leavingToShop: 'Wracasz do sklepu…',
  failedHeading: 'Płatność nieudana',
  failedBody: 'Płatność została potwierdzona za późno lub była niższa niż należna kwota.',
  expiredHeading: 'Płatność wygasła',
  expiredBody: 'Żadna płatność nie dotarła przed upływem czasu. Nic nie zostało pobrane.',
  startAgain: 'Zacznij od nowa',
  failedUnderpaidBody: 'Dotarła kwota niższa niż należna, więc płatność nie została zrealizowana.',
  failedLateBody:
    'Twoja płatność dotarła, ale nie została potwierdzona na czas, więc nie została zrealizowana.',
  refundByEmail: 'Serwis płatności wyśle Ci e-mailem instrukcje, jak odzyskać pieniądze.',
  refundFromShop: 'Aby odzyskać pieniądze, skontaktuj się ze sklepem.',
  lateMoneyFromShop: 'W sprawie wysłanych pieniędzy skontaktuj się ze sklepem.',
  failedMoneyFromShop: 'Jeśli pieniądze zostały już wysłane, skontaktuj się ze sklepem.',
  overpaidRefundByEmail:
    'Wysłana kwota była wyższa niż należna. Serwis płatności wyśle Ci e-mailem instrukcje, jak odzyskać różnicę.',
  overpaidRefundFromShop:
    'Wysłana kwota była wyższa niż należna. Aby odzyskać różnicę, skontaktuj się ze sklepem.',
  backToShop: 'Wróć do sklepu',
  elsewhereHeading: 'Kontynuuj w drugiej karcie',
  elsewhereBody:
    'Wynik tej płatności widać w karcie, w której ją rozpoczęto. Możesz zamknąć tę kartę.',

  errorHeading: 'Coś poszło nie tak',
  errorUnreachable: 'Nie udało się połączyć z serwisem płatności. Sprawdź połączenie.',
  errorUnavailable: 'Serwis płatności w tej chwili nie odpowiada. Spróbuj ponownie za chwilę.',
  errorRateLimited: 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
  errorNotFound: 'Nie znaleźliśmy tej płatności.',
  errorSessionInvalid:
    'Ten link do płatności został już użyty lub wygasł. Wróć do sklepu i zacznij od nowa.',
  errorRejected: 'Nie udało się utworzyć płatności.',
  errorMisconfigured: 'Sklep nie skonfigurował jeszcze tej płatności.',
  retry: 'Spróbuj ponownie',
  retryIn: (time) => `Spróbuj ponownie za ${time}`,
  retryWait: (time) => `Możesz spróbować ponownie za ${time}.`,
  back: 'Wstecz',
};

export default pl;
