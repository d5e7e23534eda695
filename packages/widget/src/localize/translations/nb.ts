/** Norwegian Bokmål, loaded on demand. */
import type { Translation } from '../translation.ts';

const nb: Translation = {
  $code: 'nb',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Laster inn kassen…',
  checkingStatus: 'Sjekker betalingsstatusen…',

  detailsHeading: 'Opplysningene dine',
  detailsIntro: 'Betalingsreglene krever at vi vet hvem som betaler.',
  orderTotal: 'Totalt',
  senderTypeLegend: 'Hvem betaler?',
  senderNatural: 'En privatperson',
  senderLegal: 'En bedrift',
  fieldLabels: {
    first_name: 'Fornavn',
    last_name: 'Etternavn',
    date_of_birth: 'Fødselsdato',
    legal_name: 'Bedriftens juridiske navn',
    country_of_registration: 'Registreringsland',
  },
  countrySearch: 'Søk etter land',
  countryNoMatch: 'Fant ingen land.',
  email: 'E-post (valgfritt)',
  emailHint: 'Brukes bare til å sende deg instruksjoner om tilbakebetaling.',
  payWithLegend: 'Betal med',
  payWithLater: 'Velg på betalingssiden',
  paymentCurrencyRefused:
    'Denne valutaen kan ikke brukes for denne betalingen akkurat nå. Velg en annen.',
  currencyOnNetwork: (iso, network) => `${iso} på ${network}`,
  submit: 'Gå videre til betaling',
  submitting: 'Oppretter betalingen din…',
  formHasErrors: {
    one: 'Ett felt må rettes.',
    other: '{count} felt må rettes.',
  },

  required: {
    first_name: 'Skriv inn fornavnet ditt.',
    last_name: 'Skriv inn etternavnet ditt.',
    date_of_birth: 'Skriv inn fødselsdatoen din.',
    legal_name: 'Skriv inn bedriftens juridiske navn.',
    country_of_registration: 'Velg landet der bedriften er registrert.',
  },
  tooLong: 'Bruk høyst 255 tegn.',
  dateOfBirthInvalid: 'Skriv inn den riktige fødselsdatoen din.',
  dateOfBirthIncomplete: 'Datoen er ufullstendig eller finnes ikke. Skriv inn dag, måned og år.',
  dateParts: { day: 'Dag', month: 'Måned', year: 'År' },
  countryInvalid: 'Velg et land fra listen.',
  countryNotPicked: 'Velg landet fra listen, eller skriv inn hele navnet.',
  emailInvalid: 'Skriv inn en e-postadresse som navn@eksempel.no, eller la feltet stå tomt.',
  fieldInvalid: 'Sjekk dette feltet.',

  otherAmount: 'Annet beløp',
  amountNotAccepted: 'Dette beløpet kan ikke godtas. Velg et annet.',

  payHeading: 'Betal',
  amountLabel: 'Beløp',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Sjekk beløpet',
  amountOutOfRange: (min, max) => `Velg et beløp mellom ${min} og ${max}.`,
  amountFormat: (example, whole) =>
    `Skriv beløpet ${whole ? 'som et heltall' : 'med sifre og punktum foran desimalene'}, for eksempel ${example}.`,
  openPaymentPage: 'Åpne betalingssiden',
  opensInNewTab: '(åpnes i en ny fane)',
  paymentLink: 'Betalingslenke',
  qrLabel: 'QR-kode for betalingslenken',
  copyLink: 'Kopier lenken',
  copied: 'Lenken er kopiert.',
  copyFailed: 'Kunne ikke kopiere. Kopier lenken selv.',
  chooseAnotherCurrency: 'Velg en annen valuta',
  cancelPayment: 'Avbryt betalingen',
  paymentCancelled:
    'Du har avbrutt denne betalingen. Gå tilbake til butikken og begynn på nytt for å betale.',
  timeLeft: 'Tid igjen:',
  expiresAt: (time) => `(Utløper kl. ${time})`,
  statusCreated: 'Venter på betalingen din.',
  statusProcessing: 'Valuta valgt. Venter på at betalingen din kommer fram.',
  statusUnreadable:
    'Vi kan ikke sjekke betalingen din akkurat nå. Har du betalt, er pengene trygge: siden oppdateres så snart vi kan sjekke igjen.',
  checkNow: 'Sjekk nå',

  redirectHeading: 'Til betalingssiden',
  redirectBody: 'Du sendes videre til betalingssiden…',

  successHeading: 'Betalingen er fullført',
  successBody: 'Takk. Betalingen din har kommet fram.',
  leavingToShop: 'Du sendes tilbake til butikken…',
  failedHeading: 'Betalingen mislyktes',
  failedBody: 'Betalingen ble bekreftet for sent eller var lavere enn beløpet som skulle betales.',
  expiredHeading: 'Betalingen er utløpt',
  expiredBody: 'Ingen betaling kom fram før tiden gikk ut. Ingenting er trukket.',
  startAgain: 'Start på nytt',
  failedUnderpaidBody: 'Det kom fram mindre enn beløpet som skulle betales.',
  failedLateBody: 'Betalingen din kom fram, men ble ikke bekreftet i tide.',
  refundByEmail:
    'Betalingstjenesten sender deg instruksjoner på e-post om hvordan du får pengene tilbake.',
  refundFromShop: 'Kontakt butikken for å få pengene tilbake.',
  lateMoneyFromShop: 'Kontakt butikken om pengene du har sendt.',
  failedMoneyFromShop: 'Hvis du allerede har sendt penger, kontakt butikken.',
  overpaidRefundByEmail:
    'Du sendte mer enn beløpet som skulle betales. Betalingstjenesten sender deg instruksjoner på e-post om hvordan du får differansen tilbake.',
  overpaidRefundFromShop:
    'Du sendte mer enn beløpet som skulle betales. Kontakt butikken for å få differansen tilbake.',
  backToShop: 'Tilbake til butikken',
  paymentReference: 'Betalingsreferanse',
  referenceHint: 'Oppgi denne referansen hvis du kontakter butikken om denne betalingen.',
  copyReference: 'Kopier referansen',
  referenceCopied: 'Referansen er kopiert.',
  referenceCopyFailed: 'Kunne ikke kopiere. Kopier referansen selv.',
  referenceCapital: (letter) => `stor ${letter}`,
  referenceHyphen: 'bindestrek',
  referenceUnderscore: 'understrek',
  elsewhereHeading: 'Fortsett i den andre fanen',
  elsewhereBody:
    'Resultatet av denne betalingen vises i fanen der du startet den. Du kan lukke denne fanen.',

  errorHeading: 'Noe gikk galt',
  errorUnreachable: 'Vi fikk ikke kontakt med betalingstjenesten. Sjekk tilkoblingen din.',
  errorUnavailable: 'Betalingstjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
  errorRateLimited: 'For mange forsøk. Vent litt og prøv igjen.',
  errorNotFound: 'Vi fant ikke denne betalingen.',
  errorSessionInvalid:
    'Denne betalingslenken er allerede brukt eller har utløpt. Gå tilbake til butikken og start på nytt.',
  errorRejected: 'Betalingen kunne ikke opprettes.',
  errorMisconfigured:
    'Betalingssiden til denne butikken er ikke satt opp riktig. Gi beskjed til butikken.',
  retry: 'Prøv igjen',
  retryIn: (time) => `Prøv igjen om ${time}`,
  retryWait: (time) => `Du kan prøve igjen om ${time}.`,
  back: 'Tilbake',
};

export default nb;
