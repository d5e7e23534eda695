/** Slovak, loaded on demand. */
import type { Translation } from '../translation.ts';

const sk: Translation = {
  $code: 'sk',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Načítava sa pokladnica…',
  checkingStatus: 'Kontroluje sa stav platby…',

  detailsHeading: 'Vaše údaje',
  detailsIntro: 'Pravidlá platieb vyžadujú, aby sme vedeli, kto platí.',
  orderTotal: 'Spolu',
  senderTypeLegend: 'Kto platí?',
  senderNatural: 'Fyzická osoba',
  senderLegal: 'Firma',
  fieldLabels: {
    first_name: 'Meno',
    last_name: 'Priezvisko',
    date_of_birth: 'Dátum narodenia',
    legal_name: 'Obchodné meno firmy',
    country_of_registration: 'Krajina registrácie',
  },
  countrySearch: 'Hľadať krajinu',
  countryNoMatch: 'Žiadna krajina nezodpovedá hľadaniu.',
  email: 'E-mail (nepovinné)',
  emailHint: 'Použijeme ho len na zaslanie pokynov na vrátenie peňazí.',
  payWithLegend: 'Platiť v mene',
  payWithLater: 'Vybrať na platobnej stránke',
  paymentCurrencyRefused: 'Túto menu teraz nemožno použiť na túto platbu. Vyberte inú.',
  currencyOnNetwork: (iso, network) => `${iso} v sieti ${network}`,
  submit: 'Pokračovať na platbu',
  submitting: 'Vytvára sa vaša platba…',
  formHasErrors: {
    one: 'Jedno pole treba skontrolovať.',
    few: '{count} polia treba skontrolovať.',
    many: '{count} poľa treba skontrolovať.',
    other: '{count} polí treba skontrolovať.',
  },

  required: {
    first_name: 'Zadajte svoje meno.',
    last_name: 'Zadajte svoje priezvisko.',
    date_of_birth: 'Zadajte svoj dátum narodenia.',
    legal_name: 'Zadajte obchodné meno firmy.',
    country_of_registration: 'Vyberte krajinu, v ktorej je firma registrovaná.',
  },
  tooLong: 'Použite najviac 255 znakov.',
  dateOfBirthInvalid: 'Zadajte svoj skutočný dátum narodenia.',
  dateOfBirthIncomplete: 'Tento dátum je neúplný alebo neexistuje. Zadajte deň, mesiac a rok.',
  dateParts: { day: 'Deň', month: 'Mesiac', year: 'Rok' },
  countryInvalid: 'Vyberte krajinu zo zoznamu.',
  countryNotPicked: 'Vyberte krajinu zo zoznamu alebo napíšte jej celý názov.',
  emailInvalid: 'Zadajte e-mailovú adresu, napríklad meno@priklad.sk, alebo nechajte pole prázdne.',
  fieldInvalid: 'Skontrolujte toto pole.',

  otherAmount: 'Iná suma',
  amountNotAccepted: 'Túto sumu nemožno prijať. Vyberte inú.',

  payHeading: 'Platba',
  amountLabel: 'Suma',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Skontrolujte sumu',
  amountOutOfRange: (min, max) => `Vyberte sumu od ${min} do ${max}.`,
  amountFormat: (example, whole) =>
    `Zadajte sumu ${whole ? 'ako celé číslo' : 'číslicami s bodkou pred desatinnou časťou'}, napríklad ${example}.`,
  openPaymentPage: 'Otvoriť platobnú stránku',
  opensInNewTab: '(otvorí sa na novej karte)',
  paymentLink: 'Platobný odkaz',
  qrLabel: 'QR kód platobného odkazu',
  copyLink: 'Kopírovať odkaz',
  copied: 'Odkaz bol skopírovaný.',
  copyFailed: 'Kopírovanie sa nepodarilo. Skopírujte odkaz sami.',
  chooseAnotherCurrency: 'Zvoliť inú menu',
  cancelPayment: 'Zrušiť platbu',
  paymentCancelled:
    'Túto platbu ste zrušili. Ak chcete zaplatiť, vráťte sa do obchodu a začnite znova.',
  timeLeft: 'Zostávajúci čas:',
  expiresAt: (time) => `(Platnosť vyprší o ${time})`,
  statusCreated: 'Čakáme na vašu platbu.',
  statusProcessing: 'Mena je vybraná. Čakáme, kým vaša platba dorazí.',
  statusUnreadable:
    'Vašu platbu momentálne nemôžeme overiť. Ak ste zaplatili, je v bezpečí: táto stránka sa aktualizuje, hneď ako ju budeme môcť znova overiť.',
  checkNow: 'Skontrolovať teraz',

  redirectHeading: 'Prechod na platobnú stránku',
  redirectBody: 'Presmerúvame vás na platobnú stránku…',

  successHeading: 'Platba je dokončená',
  successBody: 'Ďakujeme. Vaša platba dorazila.',
  leavingToShop: 'Vraciame vás do obchodu…',
  failedHeading: 'Platba zlyhala',
  failedBody: 'Platba bola potvrdená príliš neskoro alebo bola nižšia ako splatná suma.',
  expiredHeading: 'Platnosť platby vypršala',
  expiredBody: 'Pred uplynutím času neprišla žiadna platba. Nič nebolo stiahnuté.',
  startAgain: 'Začať znova',
  failedUnderpaidBody: 'Prišlo menej, ako je splatná suma.',
  failedLateBody: 'Vaša platba dorazila, ale nebola včas potvrdená.',
  refundByEmail: 'Platobná služba vám e-mailom pošle pokyny, ako získať peniaze späť.',
  refundFromShop: 'Ak chcete získať peniaze späť, obráťte sa na obchod.',
  lateMoneyFromShop: 'V súvislosti s odoslanými peniazmi sa obráťte na obchod.',
  failedMoneyFromShop: 'Ak ste už peniaze odoslali, obráťte sa na obchod.',
  overpaidRefundByEmail:
    'Poslali ste viac, ako je splatná suma. Platobná služba vám e-mailom pošle pokyny, ako získať rozdiel späť.',
  overpaidRefundFromShop:
    'Poslali ste viac, ako je splatná suma. Ak chcete získať rozdiel späť, obráťte sa na obchod.',
  backToShop: 'Späť do obchodu',
  paymentReference: 'Referencia platby',
  referenceHint:
    'Túto referenciu uveďte, ak budete kontaktovať obchod v súvislosti s touto platbou.',
  copyReference: 'Kopírovať referenciu',
  referenceCopied: 'Referencia bola skopírovaná.',
  referenceCopyFailed: 'Kopírovanie sa nepodarilo. Skopírujte referenciu sami.',
  referenceCapital: (letter) => `veľké ${letter}`,
  referenceHyphen: 'spojovník',
  referenceUnderscore: 'podčiarkovník',
  elsewhereHeading: 'Pokračujte na druhej karte',
  elsewhereBody:
    'Výsledok tejto platby sa zobrazí na karte, kde ste ju začali. Túto kartu môžete zavrieť.',

  errorHeading: 'Niečo sa pokazilo',
  errorUnreachable: 'Nepodarilo sa spojiť s platobnou službou. Skontrolujte pripojenie.',
  errorUnavailable: 'Platobná služba momentálne neodpovedá. Skúste to znova o chvíľu.',
  errorRateLimited: 'Príliš veľa pokusov. Chvíľu počkajte a skúste to znova.',
  errorNotFound: 'Túto platbu sme nenašli.',
  errorSessionInvalid:
    'Tento platobný odkaz už bol použitý alebo jeho platnosť vypršala. Vráťte sa do obchodu a začnite znova.',
  errorRejected: 'Platbu sa nepodarilo vytvoriť.',
  errorMisconfigured:
    'Platobná stránka tohto obchodu nie je správne nastavená. Dajte, prosím, vedieť obchodu.',
  retry: 'Skúsiť znova',
  // `time` is in the nominative (`1 sekunda`): after a colon it stays right.
  retryIn: (time) => `Skúsiť znova (${time})`,
  retryWait: (time) => `Čas do ďalšieho pokusu: ${time}.`,
  back: 'Späť',
};

export default sk;
