/** Latvian, loaded on demand. */
import type { Translation } from '../translation.ts';

const lv: Translation = {
  $code: 'lv',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 2,

  loading: 'Notiek maksājuma lapas ielāde…',
  checkingStatus: 'Notiek maksājuma statusa pārbaude…',

  detailsHeading: 'Jūsu dati',
  detailsIntro: 'Maksājumu noteikumi prasa, lai mēs zinātu, kas maksā.',
  orderTotal: 'Kopā',
  senderTypeLegend: 'Kas maksā?',
  senderNatural: 'Fiziska persona',
  senderLegal: 'Uzņēmums',
  fieldLabels: {
    first_name: 'Vārds',
    last_name: 'Uzvārds',
    date_of_birth: 'Dzimšanas datums',
    legal_name: 'Uzņēmuma juridiskais nosaukums',
    country_of_registration: 'Reģistrācijas valsts',
  },
  countrySearch: 'Meklēt valsti',
  countryNoMatch: 'Neviena valsts neatbilst.',
  email: 'E-pasts (nav obligāti)',
  emailHint: 'Tiek izmantots tikai, lai nosūtītu norādījumus naudas atmaksai.',
  payWithLegend: 'Maksājuma valūta',
  payWithLater: 'Izvēlēties maksājuma lapā',
  paymentCurrencyRefused:
    'Šo valūtu pašlaik nevar izmantot šim maksājumam. Izvēlieties citu.',
  currencyOnNetwork: (iso, network) => `${iso} (${network} tīkls)`,
  submit: 'Turpināt uz maksājumu',
  submitting: 'Notiek jūsu maksājuma izveide…',
  formHasErrors: {
    zero: 'Jāpārbauda {count} lauki.',
    one: 'Jāpārbauda {count} lauks.',
    other: 'Jāpārbauda {count} lauki.',
  },

  required: {
    first_name: 'Ievadiet savu vārdu.',
    last_name: 'Ievadiet savu uzvārdu.',
    date_of_birth: 'Ievadiet savu dzimšanas datumu.',
    legal_name: 'Ievadiet uzņēmuma juridisko nosaukumu.',
    country_of_registration: 'Izvēlieties valsti, kurā uzņēmums ir reģistrēts.',
  },
  tooLong: 'Izmantojiet ne vairāk kā 255 rakstzīmes.',
  dateOfBirthInvalid: 'Ievadiet savu īsto dzimšanas datumu.',
  countryInvalid: 'Izvēlieties valsti no saraksta.',
  emailInvalid: 'Ievadiet e-pasta adresi, piemēram, vards@piemers.lv, vai atstājiet lauku tukšu.',
  fieldInvalid: 'Pārbaudiet šo lauku.',

  otherAmount: 'Cita summa',
  amountNotAccepted: 'Šo summu nevar pieņemt. Izvēlieties citu.',

  payHeading: 'Maksājums',
  amountLabel: 'Summa',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Pārbaudiet summu',
  amountOutOfRange: (min, max) => `Izvēlieties summu no ${min} līdz ${max}.`,
  amountFormat: (example, whole) =>
    `Ierakstiet summu ${whole ? 'kā veselu skaitli' : 'ar cipariem un punktu pirms decimāldaļas'}, piemēram, ${example}.`,
  openPaymentPage: 'Atvērt maksājuma lapu',
  opensInNewTab: '(tiek atvērta jaunā cilnē)',
  paymentLink: 'Maksājuma saite',
  qrLabel: 'Maksājuma saites QR kods',
  copyLink: 'Kopēt saiti',
  copied: 'Saite nokopēta.',
  copyFailed: 'Neizdevās nokopēt. Nokopējiet saiti paši.',
  timeLeft: 'Atlikušais laiks:',
  expiresAt: (time) => `Derīgs līdz ${time}`,
  statusCreated: 'Gaidām jūsu maksājumu.',
  statusProcessing: 'Valūta izvēlēta. Gaidām, kad pienāks jūsu maksājums.',
  connectionTrouble: 'Nevaram sazināties ar maksājumu pakalpojumu. Turpinām mēģināt.',
  checkNow: 'Pārbaudīt tagad',

  redirectHeading: 'Pāreja uz maksājuma lapu',
  redirectBody: 'Novirzām jūs uz maksājuma lapu…',

  successHeading: 'Maksājums pabeigts',
  successBody: 'Paldies! Jūsu maksājums ir saņemts.',
  leavingToShop: 'Novirzām jūs atpakaļ uz veikalu…',
  failedHeading: 'Maksājums neizdevās',
  failedBody: 'Maksājums tika apstiprināts par vēlu vai bija mazāks par maksājamo summu.',
  expiredHeading: 'Maksājuma laiks beidzies',
  expiredBody: 'Līdz laika beigām netika saņemts neviens maksājums. Nekas netika iekasēts.',
  startAgain: 'Sākt no jauna',
  failedUnderpaidBody: 'Tika saņemts mazāk par maksājamo summu.',
  failedLateBody: 'Jūsu maksājums tika saņemts, bet netika laikus apstiprināts.',
  refundByEmail:
    'Maksājumu pakalpojums nosūtīs jums e-pastā norādījumus, kā atgūt naudu.',
  refundFromShop: 'Lai atgūtu naudu, sazinieties ar veikalu.',
  lateMoneyFromShop: 'Par nosūtīto naudu, lūdzu, sazinieties ar veikalu.',
  failedMoneyFromShop: 'Ja jau esat nosūtījuši naudu, lūdzu, sazinieties ar veikalu.',
  overpaidRefundByEmail:
    'Jūs nosūtījāt vairāk par maksājamo summu. Maksājumu pakalpojums nosūtīs jums e-pastā norādījumus, kā atgūt starpību.',
  overpaidRefundFromShop:
    'Jūs nosūtījāt vairāk par maksājamo summu. Lai atgūtu starpību, sazinieties ar veikalu.',
  backToShop: 'Atpakaļ uz veikalu',
  paymentReference: 'Maksājuma atsauce',
  referenceHint: 'Norādiet šo atsauci, ja sazināties ar veikalu par šo maksājumu.',
  copyReference: 'Kopēt atsauci',
  referenceCopied: 'Atsauce nokopēta.',
  referenceCopyFailed: 'Neizdevās nokopēt. Nokopējiet atsauci paši.',
  referenceCapital: (letter) => `lielais ${letter}`,
  referenceHyphen: 'defise',
  referenceUnderscore: 'apakšsvītra',
  elsewhereHeading: 'Turpiniet otrā cilnē',
  elsewhereBody:
    'Šī maksājuma rezultāts redzams cilnē, kurā to sākāt. Šo cilni varat aizvērt.',

  errorHeading: 'Radās kļūda',
  errorUnreachable: 'Neizdevās sazināties ar maksājumu pakalpojumu. Pārbaudiet savienojumu.',
  errorUnavailable: 'Maksājumu pakalpojums pašlaik neatbild. Pēc brīža mēģiniet vēlreiz.',
  errorRateLimited: 'Pārāk daudz mēģinājumu. Brīdi uzgaidiet un mēģiniet vēlreiz.',
  errorNotFound: 'Šo maksājumu neatradām.',
  errorSessionInvalid:
    'Šī maksājuma saite jau ir izmantota vai vairs nav derīga. Atgriezieties veikalā un sāciet no jauna.',
  errorRejected: 'Maksājumu neizdevās izveidot.',
  errorMisconfigured: 'Veikals nav iestatījis šo maksājumu.',
  retry: 'Mēģināt vēlreiz',
  // `time` is in the nominative (`1 sekunde`): after a colon it stays right.
  retryIn: (time) => `Mēģināt vēlreiz (${time})`,
  retryWait: (time) => `Līdz nākamajam mēģinājumam: ${time}.`,
  back: 'Atpakaļ',
};

export default lv;
