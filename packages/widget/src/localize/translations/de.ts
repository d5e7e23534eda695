/** German, loaded on demand. */
import type { Translation } from '../translation.ts';

const de: Translation = {
  $code: 'de',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Die Kasse wird geladen…',
  checkingStatus: 'Der Zahlungsstatus wird geprüft…',

  detailsHeading: 'Ihre Angaben',
  detailsIntro: 'Die Zahlungsvorschriften verlangen, dass wir wissen, wer zahlt.',
  orderTotal: 'Gesamt',
  senderTypeLegend: 'Wer zahlt?',
  senderNatural: 'Eine Person',
  senderLegal: 'Ein Unternehmen',
  fieldLabels: {
    first_name: 'Vorname',
    last_name: 'Nachname',
    date_of_birth: 'Geburtsdatum',
    legal_name: 'Offizieller Name des Unternehmens',
    country_of_registration: 'Land der Eintragung',
  },
  countrySearch: 'Länder durchsuchen',
  countryNoMatch: 'Kein Land gefunden.',
  email: 'E-Mail (optional)',
  emailHint: 'Nur für Hinweise zur Rückerstattung, falls bei der Zahlung etwas schiefgeht.',
  payWithLegend: 'Bezahlen mit',
  payWithLater: 'Auf der Zahlungsseite wählen',
  paymentCurrencyRefused:
    'Diese Währung ist für diese Zahlung gerade nicht möglich. Wählen Sie eine andere.',
  currencyOnNetwork: (iso, network) => `${iso} über ${network}`,
  submit: 'Weiter zur Zahlung',
  submitting: 'Ihre Zahlung wird angelegt…',
  formHasErrors: {
    one: 'Ein Feld braucht Ihre Aufmerksamkeit.',
    other: '{count} Felder brauchen Ihre Aufmerksamkeit.',
  },

  required: {
    first_name: 'Geben Sie Ihren Vornamen ein.',
    last_name: 'Geben Sie Ihren Nachnamen ein.',
    date_of_birth: 'Geben Sie Ihr Geburtsdatum ein.',
    legal_name: 'Geben Sie den offiziellen Namen des Unternehmens ein.',
    country_of_registration: 'Wählen Sie das Land, in dem das Unternehmen eingetragen ist.',
  },
  tooLong: 'Höchstens 255 Zeichen.',
  dateOfBirthInvalid: 'Geben Sie Ihr echtes Geburtsdatum ein.',
  dateOfBirthIncomplete:
    'Dieses Datum ist unvollständig oder existiert nicht. Geben Sie Tag, Monat und Jahr ein.',
  dateParts: { day: 'Tag', month: 'Monat', year: 'Jahr' },
  countryInvalid: 'Wählen Sie ein Land aus der Liste.',
  countryNotPicked:
    'Wählen Sie das Land aus der Liste oder geben Sie seinen vollständigen Namen ein.',
  emailInvalid:
    'Geben Sie eine E-Mail-Adresse wie name@example.com ein oder lassen Sie das Feld leer.',
  fieldInvalid: 'Bitte prüfen Sie dieses Feld.',

  otherAmount: 'Anderer Betrag',
  amountNotAccepted: 'Dieser Betrag kann nicht angenommen werden. Wählen Sie einen anderen.',

  payHeading: 'Bezahlen',
  amountLabel: 'Betrag',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Betrag prüfen',
  amountOutOfRange: (min, max) => `Wählen Sie einen Betrag zwischen ${min} und ${max}.`,
  amountFormat: (example, whole) =>
    `Geben Sie den Betrag ${whole ? 'als ganze Zahl' : 'in Ziffern mit einem Punkt vor den Nachkommastellen'} an, zum Beispiel ${example}.`,
  openPaymentPage: 'Zahlungsseite öffnen',
  opensInNewTab: '(öffnet in einem neuen Tab)',
  paymentLink: 'Zahlungslink',
  qrLabel: 'QR-Code des Zahlungslinks',
  copyLink: 'Link kopieren',
  copied: 'Link kopiert.',
  copyFailed: 'Kopieren nicht möglich. Kopieren Sie den Link selbst.',
  chooseAnotherCurrency: 'Andere Währung wählen',
  cancelPayment: 'Zahlung abbrechen',
  paymentCancelled:
    'Sie haben diese Zahlung abgebrochen. Um zu bezahlen, kehren Sie zum Shop zurück und beginnen Sie von vorn.',
  timeLeft: 'Verbleibende Zeit:',
  expiresAt: (time) => `(Läuft um ${time} ab)`,
  statusCreated: 'Wir warten auf Ihre Zahlung.',
  statusProcessing: 'Währung gewählt. Wir warten auf den Eingang Ihrer Zahlung.',
  statusUnreadable:
    'Wir können Ihre Zahlung gerade nicht prüfen. Wenn Sie bezahlt haben, ist Ihre Zahlung sicher: Diese Seite aktualisiert sich, sobald wir wieder prüfen können.',
  checkNow: 'Jetzt prüfen',

  redirectHeading: 'Weiter zur Zahlungsseite',
  redirectBody: 'Sie werden zur Zahlungsseite weitergeleitet…',

  successHeading: 'Zahlung abgeschlossen',
  successBody: 'Vielen Dank. Ihre Zahlung ist eingegangen.',
  leavingToShop: 'Sie werden zurück zum Shop geleitet…',
  failedHeading: 'Zahlung fehlgeschlagen',
  failedBody: 'Die Zahlung wurde zu spät bestätigt oder war geringer als der fällige Betrag.',
  expiredHeading: 'Zahlung abgelaufen',
  expiredBody: 'Vor Ablauf der Zeit ist keine Zahlung eingegangen. Es wurde nichts abgebucht.',
  startAgain: 'Neu beginnen',
  failedUnderpaidBody: 'Es ist weniger als der fällige Betrag eingegangen.',
  failedLateBody: 'Ihre Zahlung ist eingegangen, wurde aber nicht rechtzeitig bestätigt.',
  refundByEmail:
    'Der Zahlungsdienst schickt Ihnen per E-Mail eine Anleitung, wie Sie Ihr Geld zurückerhalten.',
  refundFromShop: 'Wenden Sie sich an den Shop, um Ihr Geld zurückzuerhalten.',
  lateMoneyFromShop: 'Wenden Sie sich wegen des gesendeten Betrags bitte an den Shop.',
  failedMoneyFromShop: 'Falls Sie bereits Geld gesendet haben, wenden Sie sich bitte an den Shop.',
  overpaidRefundByEmail:
    'Sie haben mehr als den fälligen Betrag gesendet. Der Zahlungsdienst schickt Ihnen per E-Mail eine Anleitung, wie Sie die Differenz zurückerhalten.',
  overpaidRefundFromShop:
    'Sie haben mehr als den fälligen Betrag gesendet. Wenden Sie sich an den Shop, um die Differenz zurückzuerhalten.',
  backToShop: 'Zurück zum Shop',
  paymentReference: 'Zahlungsreferenz',
  referenceHint:
    'Nennen Sie diese Referenz, wenn Sie sich wegen dieser Zahlung an den Shop wenden.',
  copyReference: 'Referenz kopieren',
  referenceCopied: 'Referenz kopiert.',
  referenceCopyFailed: 'Kopieren nicht möglich. Kopieren Sie die Referenz selbst.',
  referenceCapital: (letter) => `groß ${letter}`,
  referenceHyphen: 'Bindestrich',
  referenceUnderscore: 'Unterstrich',
  elsewhereHeading: 'Weiter im anderen Tab',
  elsewhereBody:
    'Das Ergebnis dieser Zahlung sehen Sie in dem Tab, in dem Sie sie begonnen haben. Sie können diesen Tab schließen.',

  errorHeading: 'Etwas ist schiefgegangen',
  errorUnreachable:
    'Der Zahlungsdienst war nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  errorUnavailable:
    'Der Zahlungsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  errorRateLimited: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  errorNotFound: 'Diese Zahlung wurde nicht gefunden.',
  errorSessionInvalid:
    'Dieser Zahlungslink wurde bereits verwendet oder ist abgelaufen. Kehren Sie zum Shop zurück und beginnen Sie von vorn.',
  errorRejected: 'Die Zahlung konnte nicht angelegt werden.',
  errorMisconfigured:
    'Die Zahlungsseite dieses Shops ist nicht richtig eingerichtet. Bitte geben Sie dem Shop Bescheid.',
  retry: 'Erneut versuchen',
  retryIn: (time) => `Erneut versuchen in ${time}`,
  retryWait: (time) => `Sie können es in ${time} erneut versuchen.`,
  back: 'Zurück',
};

export default de;
