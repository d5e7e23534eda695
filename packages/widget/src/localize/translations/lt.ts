/** Lithuanian, loaded on demand. */
import type { Translation } from '../translation.ts';

const lt: Translation = {
  $code: 'lt',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Įkeliamas atsiskaitymas…',
  checkingStatus: 'Tikrinama mokėjimo būsena…',

  detailsHeading: 'Jūsų duomenys',
  detailsIntro: 'Pagal mokėjimų taisykles turime žinoti, kas moka.',
  orderTotal: 'Iš viso',
  senderTypeLegend: 'Kas moka?',
  senderNatural: 'Fizinis asmuo',
  senderLegal: 'Įmonė',
  fieldLabels: {
    first_name: 'Vardas',
    last_name: 'Pavardė',
    date_of_birth: 'Gimimo data',
    legal_name: 'Oficialus įmonės pavadinimas',
    country_of_registration: 'Registracijos šalis',
  },
  countrySearch: 'Ieškoti šalies',
  countryNoMatch: 'Atitinkančios šalies nerasta.',
  email: 'El. paštas (neprivaloma)',
  emailHint: 'Naudojamas tik pinigų grąžinimo instrukcijoms atsiųsti.',
  payWithLegend: 'Mokėjimo valiuta',
  payWithLater: 'Pasirinkti mokėjimo puslapyje',
  paymentCurrencyRefused:
    'Šios valiutos šiuo metu negalima naudoti šiam mokėjimui. Pasirinkite kitą.',
  currencyOnNetwork: (iso, network) => `${iso} (${network} tinklas)`,
  submit: 'Pereiti prie mokėjimo',
  submitting: 'Kuriamas jūsų mokėjimas…',
  formHasErrors: {
    one: '{count} laukelį reikia patikrinti.',
    few: '{count} laukelius reikia patikrinti.',
    many: '{count} laukelio reikia patikrinti.',
    other: '{count} laukelių reikia patikrinti.',
  },

  required: {
    first_name: 'Įveskite savo vardą.',
    last_name: 'Įveskite savo pavardę.',
    date_of_birth: 'Įveskite savo gimimo datą.',
    legal_name: 'Įveskite oficialų įmonės pavadinimą.',
    country_of_registration: 'Pasirinkite šalį, kurioje įregistruota įmonė.',
  },
  tooLong: 'Naudokite ne daugiau kaip 255 simbolius.',
  dateOfBirthInvalid: 'Įveskite savo tikrąją gimimo datą.',
  dateOfBirthIncomplete: 'Ši data neišsami arba tokios nėra. Įveskite metus, mėnesį ir dieną.',
  dateParts: { year: 'Metai', month: 'Mėnuo', day: 'Diena' },
  countryInvalid: 'Pasirinkite šalį iš sąrašo.',
  countryNotPicked: 'Pasirinkite šalį iš sąrašo arba įrašykite visą jos pavadinimą.',
  emailInvalid:
    'Įveskite el. pašto adresą, pavyzdžiui, vardas@pavyzdys.lt, arba palikite laukelį tuščią.',
  fieldInvalid: 'Patikrinkite šį laukelį.',

  otherAmount: 'Kita suma',
  amountNotAccepted: 'Šios sumos priimti negalima. Pasirinkite kitą.',

  payHeading: 'Mokėjimas',
  amountLabel: 'Suma',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Patikrinkite sumą',
  amountOutOfRange: (min, max) => `Pasirinkite sumą nuo ${min} iki ${max}.`,
  amountFormat: (example, whole) =>
    `Sumą įrašykite ${whole ? 'sveikuoju skaičiumi' : 'skaitmenimis, prieš dešimtainę dalį dėdami tašką'}, pavyzdžiui, ${example}.`,
  openPaymentPage: 'Atidaryti mokėjimo puslapį',
  opensInNewTab: '(atsidaro naujame skirtuke)',
  paymentLink: 'Mokėjimo nuoroda',
  qrLabel: 'Mokėjimo nuorodos QR kodas',
  copyLink: 'Kopijuoti nuorodą',
  copied: 'Nuoroda nukopijuota.',
  copyFailed: 'Nepavyko nukopijuoti. Nukopijuokite nuorodą patys.',
  chooseAnotherCurrency: 'Pasirinkti kitą valiutą',
  cancelPayment: 'Atšaukti mokėjimą',
  paymentCancelled:
    'Atšaukėte šį mokėjimą. Norėdami sumokėti, grįžkite į parduotuvę ir pradėkite iš naujo.',
  timeLeft: 'Liko laiko:',
  expiresAt: (time) => `(Galioja iki ${time})`,
  statusCreated: 'Laukiame jūsų mokėjimo.',
  statusProcessing: 'Valiuta pasirinkta. Laukiame, kol ateis jūsų mokėjimas.',
  statusUnreadable:
    'Šiuo metu negalime patikrinti jūsų mokėjimo. Jei jau sumokėjote, jūsų pinigai saugūs: šis puslapis atsinaujins, kai tik vėl galėsime patikrinti.',
  checkNow: 'Tikrinti dabar',

  redirectHeading: 'Einama į mokėjimo puslapį',
  redirectBody: 'Nukreipiame jus į mokėjimo puslapį…',

  successHeading: 'Mokėjimas atliktas',
  successBody: 'Ačiū. Jūsų mokėjimas gautas.',
  leavingToShop: 'Grąžiname jus į parduotuvę…',
  failedHeading: 'Mokėjimas nepavyko',
  failedBody: 'Mokėjimas patvirtintas per vėlai arba buvo mažesnis už mokėtiną sumą.',
  expiredHeading: 'Mokėjimo laikas baigėsi',
  expiredBody: 'Iki laiko pabaigos mokėjimas negautas. Nieko nenuskaičiuota.',
  startAgain: 'Pradėti iš naujo',
  failedUnderpaidBody: 'Gauta mažiau nei mokėtina suma.',
  failedLateBody: 'Jūsų mokėjimas gautas, bet nebuvo laiku patvirtintas.',
  refundByEmail: 'Mokėjimų paslauga el. paštu atsiųs jums instrukcijas, kaip susigrąžinti pinigus.',
  refundFromShop: 'Norėdami susigrąžinti pinigus, susisiekite su parduotuve.',
  lateMoneyFromShop: 'Dėl išsiųstų pinigų susisiekite su parduotuve.',
  failedMoneyFromShop: 'Jei jau išsiuntėte pinigus, susisiekite su parduotuve.',
  overpaidRefundByEmail:
    'Išsiuntėte daugiau nei mokėtina suma. Mokėjimų paslauga el. paštu atsiųs jums instrukcijas, kaip susigrąžinti skirtumą.',
  overpaidRefundFromShop:
    'Išsiuntėte daugiau nei mokėtina suma. Norėdami susigrąžinti skirtumą, susisiekite su parduotuve.',
  backToShop: 'Grįžti į parduotuvę',
  paymentReference: 'Mokėjimo numeris',
  referenceHint: 'Nurodykite šį numerį, jei dėl šio mokėjimo kreipsitės į parduotuvę.',
  copyReference: 'Kopijuoti numerį',
  referenceCopied: 'Numeris nukopijuotas.',
  referenceCopyFailed: 'Nepavyko nukopijuoti. Nukopijuokite numerį patys.',
  referenceCapital: (letter) => `didžioji ${letter}`,
  referenceHyphen: 'brūkšnelis',
  referenceUnderscore: 'apatinis brūkšnys',
  elsewhereHeading: 'Tęskite kitame skirtuke',
  elsewhereBody:
    'Šio mokėjimo rezultatas rodomas skirtuke, kuriame jį pradėjote. Šį skirtuką galite uždaryti.',

  errorHeading: 'Įvyko klaida',
  errorUnreachable: 'Nepavyko susisiekti su mokėjimų paslauga. Patikrinkite ryšį.',
  errorUnavailable: 'Mokėjimų paslauga šiuo metu neatsako. Netrukus bandykite dar kartą.',
  errorRateLimited: 'Per daug bandymų. Šiek tiek palaukite ir bandykite dar kartą.',
  errorNotFound: 'Šio mokėjimo neradome.',
  errorSessionInvalid:
    'Ši mokėjimo nuoroda jau panaudota arba nebegalioja. Grįžkite į parduotuvę ir pradėkite iš naujo.',
  errorRejected: 'Mokėjimo sukurti nepavyko.',
  errorMisconfigured:
    'Šios parduotuvės mokėjimo puslapis nustatytas netinkamai. Praneškite apie tai parduotuvei.',
  retry: 'Bandyti dar kartą',
  // `time` is in the nominative (`2 sekundės`), which "liko" (is left) takes as it is.
  retryIn: (time) => `Bandyti dar kartą (${time})`,
  retryWait: (time) => `Liko laukti ${time}, tada galėsite bandyti dar kartą.`,
  back: 'Atgal',
};

export default lt;
