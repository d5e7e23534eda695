/** Dutch, loaded on demand. */
import type { Translation } from '../translation.ts';

const nl: Translation = {
  $code: 'nl',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Afrekenen wordt geladen…',
  checkingStatus: 'Status van de betaling controleren…',

  detailsHeading: 'Je gegevens',
  detailsIntro: 'Betaalregels verplichten ons te weten wie er betaalt.',
  orderTotal: 'Totaal',
  senderTypeLegend: 'Wie betaalt er?',
  senderNatural: 'Een persoon',
  senderLegal: 'Een bedrijf',
  fieldLabels: {
    first_name: 'Voornaam',
    last_name: 'Achternaam',
    date_of_birth: 'Geboortedatum',
    legal_name: 'Statutaire naam van het bedrijf',
    country_of_registration: 'Land van inschrijving',
  },
  countrySearch: 'Land zoeken',
  countryNoMatch: 'Geen land gevonden.',
  email: 'E-mailadres (optioneel)',
  emailHint: 'Alleen gebruikt om je instructies voor een terugbetaling te sturen.',
  payWithLegend: 'Betalen met',
  payWithLater: 'Kiezen op de betaalpagina',
  paymentCurrencyRefused:
    'Deze munt kan nu niet voor deze betaling worden gebruikt. Kies een andere.',
  currencyOnNetwork: (iso, network) => `${iso} op ${network}`,
  submit: 'Verder naar betalen',
  submitting: 'Je betaling wordt aangemaakt…',
  formHasErrors: {
    one: 'Eén veld vraagt je aandacht.',
    other: '{count} velden vragen je aandacht.',
  },

  required: {
    first_name: 'Vul je voornaam in.',
    last_name: 'Vul je achternaam in.',
    date_of_birth: 'Vul je geboortedatum in.',
    legal_name: 'Vul de statutaire naam van het bedrijf in.',
    country_of_registration: 'Kies het land waar het bedrijf is ingeschreven.',
  },
  tooLong: 'Gebruik maximaal 255 tekens.',
  dateOfBirthInvalid: 'Vul je echte geboortedatum in.',
  dateOfBirthIncomplete: 'Deze datum is onvolledig of bestaat niet. Vul dag, maand en jaar in.',
  dateParts: { day: 'Dag', month: 'Maand', year: 'Jaar' },
  countryInvalid: 'Kies een land uit de lijst.',
  countryNotPicked: 'Kies het land uit de lijst of typ de volledige naam.',
  emailInvalid: 'Vul een e-mailadres in zoals naam@voorbeeld.nl, of laat het veld leeg.',
  fieldInvalid: 'Controleer dit veld.',

  otherAmount: 'Ander bedrag',
  amountNotAccepted: 'Dit bedrag kan niet worden geaccepteerd. Kies een ander bedrag.',

  payHeading: 'Betalen',
  amountLabel: 'Bedrag',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Controleer het bedrag',
  amountOutOfRange: (min, max) => `Kies een bedrag tussen ${min} en ${max}.`,
  amountFormat: (example, whole) =>
    `Schrijf het bedrag ${whole ? 'als heel getal' : 'in cijfers met een punt voor de decimalen'}, zoals ${example}.`,
  openPaymentPage: 'Open de betaalpagina',
  opensInNewTab: '(opent in een nieuw tabblad)',
  paymentLink: 'Betaallink',
  qrLabel: 'QR-code van de betaallink',
  copyLink: 'Link kopiëren',
  copied: 'Link gekopieerd.',
  copyFailed: 'Kopiëren is mislukt. Kopieer de link zelf.',
  chooseAnotherCurrency: 'Andere valuta kiezen',
  cancelPayment: 'Betaling annuleren',
  paymentCancelled:
    'U hebt deze betaling geannuleerd. Ga om te betalen terug naar de winkel en begin opnieuw.',
  timeLeft: 'Resterende tijd:',
  expiresAt: (time) => `(Verloopt om ${time})`,
  statusCreated: 'We wachten op je betaling.',
  statusProcessing: 'Munt gekozen. We wachten tot je betaling binnen is.',
  statusUnreadable:
    'We kunnen je betaling nu niet controleren. Heb je al betaald, dan is je betaling veilig: deze pagina wordt bijgewerkt zodra we weer kunnen controleren.',
  checkNow: 'Nu controleren',

  redirectHeading: 'Naar de betaalpagina',
  redirectBody: 'Je gaat naar de betaalpagina…',

  successHeading: 'Betaling voltooid',
  successBody: 'Bedankt! Je betaling is binnen.',
  leavingToShop: 'Je gaat terug naar de winkel…',
  failedHeading: 'Betaling mislukt',
  failedBody: 'De betaling is te laat bevestigd of was lager dan het verschuldigde bedrag.',
  expiredHeading: 'Betaling verlopen',
  expiredBody: 'Er is binnen de tijd geen betaling binnengekomen. Er is niets afgeschreven.',
  startAgain: 'Opnieuw beginnen',
  failedUnderpaidBody: 'Er is minder dan het verschuldigde bedrag binnengekomen.',
  failedLateBody: 'Je betaling is binnengekomen maar niet op tijd bevestigd.',
  refundByEmail: 'De betaaldienst stuurt je per e-mail instructies om je geld terug te krijgen.',
  refundFromShop: 'Neem contact op met de winkel om je geld terug te krijgen.',
  lateMoneyFromShop: 'Neem contact op met de winkel over het geld dat je hebt gestuurd.',
  failedMoneyFromShop: 'Heb je al geld gestuurd? Neem dan contact op met de winkel.',
  overpaidRefundByEmail:
    'Je hebt meer dan het verschuldigde bedrag gestuurd. De betaaldienst stuurt je per e-mail instructies om het verschil terug te krijgen.',
  overpaidRefundFromShop:
    'Je hebt meer dan het verschuldigde bedrag gestuurd. Neem contact op met de winkel om het verschil terug te krijgen.',
  backToShop: 'Terug naar de winkel',
  paymentReference: 'Betalingskenmerk',
  referenceHint: 'Noem dit kenmerk als je over deze betaling contact opneemt met de winkel.',
  copyReference: 'Kenmerk kopiëren',
  referenceCopied: 'Kenmerk gekopieerd.',
  referenceCopyFailed: 'Kopiëren is mislukt. Kopieer het kenmerk zelf.',
  referenceCapital: (letter) => `hoofdletter ${letter}`,
  referenceHyphen: 'koppelteken',
  referenceUnderscore: 'liggend streepje',
  elsewhereHeading: 'Ga verder in je andere tabblad',
  elsewhereBody:
    'Het resultaat van deze betaling zie je in het tabblad waarin je begon. Je kunt dit tabblad sluiten.',

  errorHeading: 'Er ging iets mis',
  errorUnreachable: 'We konden de betaaldienst niet bereiken. Controleer je verbinding.',
  errorUnavailable: 'De betaaldienst reageert nu niet. Probeer het zo opnieuw.',
  errorRateLimited: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
  errorNotFound: 'We konden deze betaling niet vinden.',
  errorSessionInvalid:
    'Deze betaallink is al gebruikt of verlopen. Ga terug naar de winkel en begin opnieuw.',
  errorRejected: 'De betaling kon niet worden aangemaakt.',
  errorMisconfigured:
    'De betaalpagina van deze winkel is niet goed ingesteld. Laat het de winkel weten.',
  retry: 'Opnieuw proberen',
  retryIn: (time) => `Opnieuw proberen over ${time}`,
  retryWait: (time) => `Je kunt het over ${time} opnieuw proberen.`,
  back: 'Terug',
};

export default nl;
