/** Croatian, loaded on demand. */
import type { Translation } from '../translation.ts';

const hr: Translation = {
  $code: 'hr',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Učitavanje naplate…',
  checkingStatus: 'Provjera statusa plaćanja…',

  detailsHeading: 'Vaši podaci',
  detailsIntro: 'Pravila o plaćanju zahtijevaju da znamo tko plaća.',
  orderTotal: 'Ukupno',
  senderTypeLegend: 'Tko plaća?',
  senderNatural: 'Fizička osoba',
  senderLegal: 'Tvrtka',
  fieldLabels: {
    first_name: 'Ime',
    last_name: 'Prezime',
    date_of_birth: 'Datum rođenja',
    legal_name: 'Službeni naziv tvrtke',
    country_of_registration: 'Država registracije',
  },
  countrySearch: 'Pretražite države',
  countryNoMatch: 'Nema odgovarajuće države.',
  email: 'E-pošta (nije obavezno)',
  emailHint: 'Koristi se samo za slanje uputa za povrat novca.',
  payWithLegend: 'Valuta plaćanja',
  payWithLater: 'Odaberite na stranici za plaćanje',
  paymentCurrencyRefused:
    'Ova se valuta trenutačno ne može upotrijebiti za ovo plaćanje. Odaberite drugu.',
  currencyOnNetwork: (iso, network) => `${iso} na mreži ${network}`,
  submit: 'Nastavi na plaćanje',
  submitting: 'Izrada Vašeg plaćanja…',
  formHasErrors: {
    one: '{count} polje treba provjeriti.',
    few: '{count} polja treba provjeriti.',
    other: '{count} polja treba provjeriti.',
  },

  required: {
    first_name: 'Unesite svoje ime.',
    last_name: 'Unesite svoje prezime.',
    date_of_birth: 'Unesite svoj datum rođenja.',
    legal_name: 'Unesite službeni naziv tvrtke.',
    country_of_registration: 'Odaberite državu u kojoj je tvrtka registrirana.',
  },
  tooLong: 'Upotrijebite najviše 255 znakova.',
  dateOfBirthInvalid: 'Unesite svoj stvarni datum rođenja.',
  dateOfBirthIncomplete: 'Ovaj je datum nepotpun ili ne postoji. Unesite dan, mjesec i godinu.',
  dateParts: { day: 'Dan', month: 'Mjesec', year: 'Godina' },
  countryInvalid: 'Odaberite državu s popisa.',
  countryNotPicked: 'Odaberite državu s popisa ili upišite njezin puni naziv.',
  emailInvalid: 'Unesite adresu e-pošte poput ime@primjer.hr ili ostavite polje prazno.',
  fieldInvalid: 'Provjerite ovo polje.',

  otherAmount: 'Drugi iznos',
  amountNotAccepted: 'Ovaj se iznos ne može prihvatiti. Odaberite drugi.',

  payHeading: 'Plaćanje',
  amountLabel: 'Iznos',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Provjerite iznos',
  amountOutOfRange: (min, max) => `Odaberite iznos između ${min} i ${max}.`,
  amountFormat: (example, whole) =>
    `Upišite iznos ${whole ? 'kao cijeli broj' : 'brojkama, s točkom ispred decimala'}, na primjer ${example}.`,
  openPaymentPage: 'Otvori stranicu za plaćanje',
  opensInNewTab: '(otvara se u novoj kartici)',
  paymentLink: 'Poveznica za plaćanje',
  qrLabel: 'QR kôd poveznice za plaćanje',
  copyLink: 'Kopiraj poveznicu',
  copied: 'Poveznica je kopirana.',
  copyFailed: 'Kopiranje nije uspjelo. Kopirajte poveznicu sami.',
  chooseAnotherCurrency: 'Odaberite drugu valutu',
  cancelPayment: 'Otkaži plaćanje',
  paymentCancelled:
    'Otkazali ste ovo plaćanje. Za plaćanje se vratite u trgovinu i počnite ispočetka.',
  timeLeft: 'Preostalo vrijeme:',
  expiresAt: (time) => `(Istječe u ${time})`,
  statusCreated: 'Čekamo Vaše plaćanje.',
  statusProcessing: 'Valuta je odabrana. Čekamo da Vaše plaćanje stigne.',
  statusUnreadable:
    'Trenutačno ne možemo provjeriti vaše plaćanje. Ako ste platili, sve je u redu: ova će se stranica ažurirati čim ponovno budemo mogli provjeriti.',
  checkNow: 'Provjeri sada',

  redirectHeading: 'Prelazak na stranicu za plaćanje',
  redirectBody: 'Preusmjeravamo Vas na stranicu za plaćanje…',

  successHeading: 'Plaćanje je završeno',
  successBody: 'Hvala. Vaše je plaćanje stiglo.',
  leavingToShop: 'Vraćamo Vas u trgovinu…',
  failedHeading: 'Plaćanje nije uspjelo',
  failedBody: 'Plaćanje je potvrđeno prekasno ili je bilo manje od dospjelog iznosa.',
  expiredHeading: 'Plaćanje je isteklo',
  expiredBody: 'Nijedno plaćanje nije stiglo prije isteka vremena. Ništa nije naplaćeno.',
  startAgain: 'Počni ispočetka',
  failedUnderpaidBody: 'Stiglo je manje od dospjelog iznosa.',
  failedLateBody: 'Vaše je plaćanje stiglo, ali nije potvrđeno na vrijeme.',
  refundByEmail: 'Usluga plaćanja poslat će Vam e-poštom upute za povrat novca.',
  refundFromShop: 'Za povrat novca obratite se trgovini.',
  lateMoneyFromShop: 'U vezi s poslanim novcem obratite se trgovini.',
  failedMoneyFromShop: 'Ako ste već poslali novac, obratite se trgovini.',
  overpaidRefundByEmail:
    'Poslali ste više od dospjelog iznosa. Usluga plaćanja poslat će Vam e-poštom upute za povrat razlike.',
  overpaidRefundFromShop:
    'Poslali ste više od dospjelog iznosa. Za povrat razlike obratite se trgovini.',
  backToShop: 'Natrag u trgovinu',
  paymentReference: 'Referenca plaćanja',
  referenceHint: 'Navedite ovu referencu ako se trgovini obraćate u vezi s ovim plaćanjem.',
  copyReference: 'Kopiraj referencu',
  referenceCopied: 'Referenca je kopirana.',
  referenceCopyFailed: 'Kopiranje nije uspjelo. Kopirajte referencu sami.',
  referenceCapital: (letter) => `veliko ${letter}`,
  referenceHyphen: 'spojnica',
  referenceUnderscore: 'podvlaka',
  elsewhereHeading: 'Nastavite u drugoj kartici',
  elsewhereBody:
    'Rezultat ovog plaćanja prikazuje se u kartici u kojoj ste ga započeli. Ovu karticu možete zatvoriti.',

  errorHeading: 'Nešto nije u redu',
  errorUnreachable: 'Nismo se mogli povezati s uslugom plaćanja. Provjerite svoju vezu.',
  errorUnavailable: 'Usluga plaćanja trenutačno ne odgovara. Pokušajte ponovno za trenutak.',
  errorRateLimited: 'Previše pokušaja. Pričekajte trenutak i pokušajte ponovno.',
  errorNotFound: 'Nismo pronašli ovo plaćanje.',
  errorSessionInvalid:
    'Ova je poveznica za plaćanje već iskorištena ili je istekla. Vratite se u trgovinu i počnite ispočetka.',
  errorRejected: 'Plaćanje nije moguće izraditi.',
  errorMisconfigured:
    'Stranica za plaćanje ove trgovine nije ispravno postavljena. Obavijestite trgovinu.',
  retry: 'Pokušaj ponovno',
  // `time` is in the nominative (`1 sekunda`): after a colon it stays right.
  retryIn: (time) => `Pokušaj ponovno (${time})`,
  retryWait: (time) => `Vrijeme do novog pokušaja: ${time}.`,
  back: 'Natrag',
};

export default hr;
