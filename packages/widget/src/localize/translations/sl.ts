/** Slovenian, loaded on demand. */
import type { Translation } from '../translation.ts';

const sl: Translation = {
  $code: 'sl',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 2,

  loading: 'Nalaganje blagajne…',
  checkingStatus: 'Preverjanje stanja plačila…',

  detailsHeading: 'Vaši podatki',
  detailsIntro: 'Pravila plačevanja zahtevajo, da vemo, kdo plačuje.',
  orderTotal: 'Skupaj',
  senderTypeLegend: 'Kdo plačuje?',
  senderNatural: 'Fizična oseba',
  senderLegal: 'Podjetje',
  fieldLabels: {
    first_name: 'Ime',
    last_name: 'Priimek',
    date_of_birth: 'Datum rojstva',
    legal_name: 'Uradno ime podjetja',
    country_of_registration: 'Država registracije',
  },
  countrySearch: 'Iskanje države',
  countryNoMatch: 'Nobena država se ne ujema.',
  email: 'E-pošta (neobvezno)',
  emailHint: 'Uporabimo jo samo za pošiljanje navodil za vračilo denarja.',
  payWithLegend: 'Valuta plačila',
  payWithLater: 'Izberite na strani za plačilo',
  paymentCurrencyRefused: 'Te valute trenutno ni mogoče uporabiti za to plačilo. Izberite drugo.',
  currencyOnNetwork: (iso, network) => `${iso} v omrežju ${network}`,
  submit: 'Naprej na plačilo',
  submitting: 'Ustvarjanje plačila…',
  formHasErrors: {
    one: '{count} polje je treba preveriti.',
    two: '{count} polji je treba preveriti.',
    few: '{count} polja je treba preveriti.',
    other: '{count} polj je treba preveriti.',
  },

  required: {
    first_name: 'Vnesite svoje ime.',
    last_name: 'Vnesite svoj priimek.',
    date_of_birth: 'Vnesite svoj datum rojstva.',
    legal_name: 'Vnesite uradno ime podjetja.',
    country_of_registration: 'Izberite državo, v kateri je podjetje registrirano.',
  },
  tooLong: 'Uporabite največ 255 znakov.',
  dateOfBirthInvalid: 'Vnesite svoj pravi datum rojstva.',
  dateOfBirthIncomplete: 'Ta datum je nepopoln ali ne obstaja. Vnesite dan, mesec in leto.',
  countryInvalid: 'Izberite državo s seznama.',
  countryNotPicked: 'Izberite državo s seznama ali vpišite njeno polno ime.',
  emailInvalid: 'Vnesite e-poštni naslov, kot je ime@primer.si, ali pustite polje prazno.',
  fieldInvalid: 'Preverite to polje.',

  otherAmount: 'Drug znesek',
  amountNotAccepted: 'Tega zneska ni mogoče sprejeti. Izberite drugega.',

  payHeading: 'Plačilo',
  amountLabel: 'Znesek',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Preverite znesek',
  amountOutOfRange: (min, max) => `Izberite znesek med ${min} in ${max}.`,
  amountFormat: (example, whole) =>
    `Znesek vpišite ${whole ? 'kot celo število' : 's številkami in piko pred decimalkami'}, na primer ${example}.`,
  openPaymentPage: 'Odpri stran za plačilo',
  opensInNewTab: '(odpre se v novem zavihku)',
  paymentLink: 'Povezava za plačilo',
  qrLabel: 'Koda QR povezave za plačilo',
  copyLink: 'Kopiraj povezavo',
  copied: 'Povezava je kopirana.',
  copyFailed: 'Kopiranje ni uspelo. Povezavo kopirajte sami.',
  chooseAnotherCurrency: 'Izberite drugo valuto',
  cancelPayment: 'Prekliči plačilo',
  paymentCancelled:
    'To plačilo ste preklicali. Če želite plačati, se vrnite v trgovino in začnite znova.',
  timeLeft: 'Preostali čas:',
  expiresAt: (time) => `Poteče ob ${time}`,
  statusCreated: 'Čakamo na vaše plačilo.',
  statusProcessing: 'Valuta je izbrana. Čakamo, da vaše plačilo prispe.',
  statusUnreadable:
    'Vašega plačila trenutno ne moremo preveriti. Če ste plačali, je plačilo na varnem: ta stran se bo posodobila, takoj ko bomo lahko znova preverili.',
  checkNow: 'Preveri zdaj',

  redirectHeading: 'Na stran za plačilo',
  redirectBody: 'Preusmerjamo vas na stran za plačilo…',

  successHeading: 'Plačilo je končano',
  successBody: 'Hvala. Vaše plačilo je prispelo.',
  leavingToShop: 'Vračamo vas v trgovino…',
  failedHeading: 'Plačilo ni uspelo',
  failedBody: 'Plačilo je bilo potrjeno prepozno ali pa je bilo nižje od zapadlega zneska.',
  expiredHeading: 'Plačilo je poteklo',
  expiredBody: 'Pred iztekom časa ni prispelo nobeno plačilo. Ničesar nismo bremenili.',
  startAgain: 'Začni znova',
  failedUnderpaidBody: 'Prispelo je manj od zapadlega zneska.',
  failedLateBody: 'Vaše plačilo je prispelo, vendar ni bilo pravočasno potrjeno.',
  refundByEmail: 'Storitev za plačila vam bo po e-pošti poslala navodila za vračilo denarja.',
  refundFromShop: 'Za vračilo denarja se obrnite na trgovino.',
  lateMoneyFromShop: 'Glede poslanega denarja se obrnite na trgovino.',
  failedMoneyFromShop: 'Če ste denar že poslali, se obrnite na trgovino.',
  overpaidRefundByEmail:
    'Poslali ste več od zapadlega zneska. Storitev za plačila vam bo po e-pošti poslala navodila za vračilo razlike.',
  overpaidRefundFromShop:
    'Poslali ste več od zapadlega zneska. Za vračilo razlike se obrnite na trgovino.',
  backToShop: 'Nazaj v trgovino',
  paymentReference: 'Sklic plačila',
  referenceHint: 'Ta sklic navedite, če se glede tega plačila obrnete na trgovino.',
  copyReference: 'Kopiraj sklic',
  referenceCopied: 'Sklic je kopiran.',
  referenceCopyFailed: 'Kopiranje ni uspelo. Sklic kopirajte sami.',
  referenceCapital: (letter) => `veliki ${letter}`,
  referenceHyphen: 'vezaj',
  referenceUnderscore: 'podčrtaj',
  elsewhereHeading: 'Nadaljujte v drugem zavihku',
  elsewhereBody:
    'Rezultat tega plačila je prikazan v zavihku, v katerem ste ga začeli. Ta zavihek lahko zaprete.',

  errorHeading: 'Prišlo je do napake',
  errorUnreachable: 'Storitve za plačila ni bilo mogoče doseči. Preverite povezavo.',
  errorUnavailable: 'Storitev za plačila se trenutno ne odziva. Poskusite znova čez trenutek.',
  errorRateLimited: 'Preveč poskusov. Počakajte trenutek in poskusite znova.',
  errorNotFound: 'Tega plačila nismo našli.',
  errorSessionInvalid:
    'Ta povezava za plačilo je bila že uporabljena ali je potekla. Vrnite se v trgovino in začnite znova.',
  errorRejected: 'Plačila ni bilo mogoče ustvariti.',
  errorMisconfigured:
    'Plačilna stran te trgovine ni pravilno nastavljena. Prosimo, obvestite trgovino.',
  retry: 'Poskusi znova',
  // `time` is in the nominative (`1 sekunda`): after a colon it stays right.
  retryIn: (time) => `Poskusi znova (${time})`,
  retryWait: (time) => `Čas do naslednjega poskusa: ${time}.`,
  back: 'Nazaj',
};

export default sl;
