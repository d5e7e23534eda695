/** Hungarian, loaded on demand. */
import type { Translation } from '../translation.ts';

const hu: Translation = {
  $code: 'hu',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 2,

  loading: 'A fizetési oldal betöltése…',
  checkingStatus: 'A fizetés állapotának ellenőrzése…',

  detailsHeading: 'Az Ön adatai',
  detailsIntro: 'A fizetési szabályok miatt tudnunk kell, ki fizet.',
  orderTotal: 'Összesen',
  senderTypeLegend: 'Ki fizet?',
  senderNatural: 'Magánszemély',
  senderLegal: 'Cég',
  fieldLabels: {
    first_name: 'Utónév',
    last_name: 'Vezetéknév',
    date_of_birth: 'Születési dátum',
    legal_name: 'A cég hivatalos neve',
    country_of_registration: 'Bejegyzés országa',
  },
  countrySearch: 'Ország keresése',
  countryNoMatch: 'Nincs ilyen ország.',
  email: 'E-mail-cím (nem kötelező)',
  emailHint: 'Csak a visszatérítési útmutató elküldésére használjuk.',
  payWithLegend: 'Fizetési pénznem',
  payWithLater: 'Választás a fizetési oldalon',
  paymentCurrencyRefused:
    'Ez a pénznem most nem használható ehhez a fizetéshez. Válasszon másikat.',
  currencyOnNetwork: (iso, network) => `${iso} (${network} hálózat)`,
  submit: 'Tovább a fizetéshez',
  submitting: 'A fizetés létrehozása…',
  formHasErrors: {
    one: 'Egy mezőt ellenőriznie kell.',
    other: '{count} mezőt ellenőriznie kell.',
  },

  required: {
    first_name: 'Adja meg az utónevét.',
    last_name: 'Adja meg a vezetéknevét.',
    date_of_birth: 'Adja meg a születési dátumát.',
    legal_name: 'Adja meg a cég hivatalos nevét.',
    country_of_registration: 'Válassza ki az országot, ahol a céget bejegyezték.',
  },
  tooLong: 'Legfeljebb 255 karaktert használjon.',
  dateOfBirthInvalid: 'Adja meg a valódi születési dátumát.',
  dateOfBirthIncomplete:
    'Ez a dátum hiányos, vagy nem létezik. Adja meg az évet, a hónapot és a napot.',
  dateParts: { year: 'Év', month: 'Hónap', day: 'Nap' },
  countryInvalid: 'Válasszon országot a listából.',
  countryNotPicked: 'Válassza ki az országot a listából, vagy írja be a teljes nevét.',
  emailInvalid: 'Adjon meg egy e-mail-címet (például nev@pelda.hu), vagy hagyja üresen a mezőt.',
  fieldInvalid: 'Ellenőrizze ezt a mezőt.',

  otherAmount: 'Más összeg',
  amountNotAccepted: 'Ez az összeg nem fogadható el. Válasszon másikat.',

  payHeading: 'Fizetés',
  amountLabel: 'Összeg',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Ellenőrizze az összeget',
  amountOutOfRange: (min, max) => `Válasszon ${min} és ${max} közötti összeget.`,
  amountFormat: (example, whole) =>
    `Az összeget ${whole ? 'egész számként' : 'számjegyekkel, a tizedesjegyek előtt ponttal'} írja be, például így: ${example}.`,
  openPaymentPage: 'A fizetési oldal megnyitása',
  opensInNewTab: '(új lapon nyílik meg)',
  paymentLink: 'Fizetési link',
  qrLabel: 'A fizetési link QR-kódja',
  copyLink: 'Link másolása',
  copied: 'A link vágólapra másolva.',
  copyFailed: 'A másolás nem sikerült. Másolja ki a linket saját maga.',
  chooseAnotherCurrency: 'Másik pénznem választása',
  cancelPayment: 'Fizetés megszakítása',
  paymentCancelled:
    'Ezt a fizetést megszakította. A fizetéshez térjen vissza az áruházba, és kezdje újra.',
  timeLeft: 'Hátralévő idő:',
  expiresAt: (time) => `(Lejár: ${time})`,
  statusCreated: 'Várjuk a fizetését.',
  statusProcessing: 'Pénznem kiválasztva. Várjuk, hogy megérkezzen a fizetése.',
  statusUnreadable:
    'Fizetését most nem tudjuk ellenőrizni. Ha már fizetett, az biztonságban van: ez az oldal frissül, amint újra ellenőrizni tudjuk.',
  checkNow: 'Ellenőrzés most',

  redirectHeading: 'Tovább a fizetési oldalra',
  redirectBody: 'Átirányítjuk a fizetési oldalra…',

  successHeading: 'Sikeres fizetés',
  successBody: 'Köszönjük. Megérkezett a fizetése.',
  leavingToShop: 'Visszairányítjuk az üzletbe…',
  failedHeading: 'Sikertelen fizetés',
  failedBody: 'A fizetést túl későn erősítették meg, vagy kevesebb volt az esedékes összegnél.',
  expiredHeading: 'A fizetés lejárt',
  expiredBody: 'Az idő lejárta előtt nem érkezett fizetés. Semmit sem vontunk le.',
  startAgain: 'Újrakezdés',
  failedUnderpaidBody: 'Az esedékes összegnél kevesebb érkezett.',
  failedLateBody: 'A fizetése megérkezett, de nem erősítették meg időben.',
  refundByEmail:
    'A fizetési szolgáltató e-mailben útmutatót küld arról, hogyan kaphatja vissza a pénzét.',
  refundFromShop: 'A pénze visszaigényléséhez forduljon az üzlethez.',
  lateMoneyFromShop: 'Az elküldött pénz ügyében forduljon az üzlethez.',
  failedMoneyFromShop: 'Ha már küldött pénzt, forduljon az üzlethez.',
  overpaidRefundByEmail:
    'Az esedékes összegnél többet küldött. A fizetési szolgáltató e-mailben útmutatót küld arról, hogyan kaphatja vissza a különbözetet.',
  overpaidRefundFromShop:
    'Az esedékes összegnél többet küldött. A különbözet visszaigényléséhez forduljon az üzlethez.',
  backToShop: 'Vissza az üzletbe',
  paymentReference: 'Fizetési azonosító',
  referenceHint: 'Ezt az azonosítót adja meg, ha a fizetés ügyében az üzlethez fordul.',
  copyReference: 'Azonosító másolása',
  referenceCopied: 'Az azonosító vágólapra másolva.',
  referenceCopyFailed: 'A másolás nem sikerült. Másolja ki az azonosítót saját maga.',
  referenceCapital: (letter) => `nagy ${letter}`,
  referenceHyphen: 'kötőjel',
  referenceUnderscore: 'aláhúzásjel',
  elsewhereHeading: 'Folytassa a másik lapon',
  elsewhereBody:
    'A fizetés eredménye azon a lapon jelenik meg, ahol elindította. Ezt a lapot bezárhatja.',

  errorHeading: 'Hiba történt',
  errorUnreachable: 'Nem sikerült elérni a fizetési szolgáltatást. Ellenőrizze a kapcsolatát.',
  errorUnavailable: 'A fizetési szolgáltatás most nem válaszol. Próbálja újra egy kis idő múlva.',
  errorRateLimited: 'Túl sok próbálkozás. Várjon egy kicsit, majd próbálja újra.',
  errorNotFound: 'Nem találjuk ezt a fizetést.',
  errorSessionInvalid:
    'Ezt a fizetési linket már felhasználták, vagy lejárt. Térjen vissza az üzletbe, és kezdje újra.',
  errorRejected: 'A fizetést nem sikerült létrehozni.',
  errorMisconfigured:
    'Az áruház fizetési oldala nincs megfelelően beállítva. Kérjük, jelezze az áruháznak.',
  retry: 'Újrapróbálás',
  retryIn: (time) => `Újrapróbálás ${time} múlva`,
  retryWait: (time) => `${time} múlva próbálhatja újra.`,
  back: 'Vissza',
};

export default hu;
