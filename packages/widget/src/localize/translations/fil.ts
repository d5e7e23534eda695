/** Filipino, loaded on demand. */
import type { Translation } from '../translation.ts';

const fil: Translation = {
  $code: 'fil',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'Inihahanda ang pagbabayad…',
  checkingStatus: 'Sinusuri ang status ng bayad…',

  detailsHeading: 'Ang iyong mga detalye',
  detailsIntro:
    'Ayon sa mga patakaran sa pagbabayad, kailangan naming malaman kung sino ang nagbabayad.',
  orderTotal: 'Kabuuan',
  senderTypeLegend: 'Sino ang nagbabayad?',
  senderNatural: 'Isang indibidwal',
  senderLegal: 'Isang kompanya',
  fieldLabels: {
    first_name: 'Pangalan',
    last_name: 'Apelyido',
    date_of_birth: 'Petsa ng kapanganakan',
    legal_name: 'Legal na pangalan ng kompanya',
    country_of_registration: 'Bansa ng pagpaparehistro',
  },
  countrySearch: 'Maghanap ng bansa',
  countryNoMatch: 'Walang tugmang bansa.',
  email: 'Email (opsyonal)',
  emailHint: 'Gagamitin lang para padalhan ka ng mga tagubilin sa refund.',
  payWithLegend: 'Magbayad gamit ang',
  payWithLater: 'Pumili sa pahina ng pagbabayad',
  paymentCurrencyRefused:
    'Hindi magagamit ang currency na ito para sa bayad na ito sa ngayon. Pumili ng iba.',
  currencyOnNetwork: (iso, network) => `${iso} sa ${network}`,
  submit: 'Magpatuloy sa pagbabayad',
  submitting: 'Ginagawa ang iyong bayad…',
  // Filipino's `one` covers most counts (1, 2, 3, 5, 7, 8, …), so it says the number too.
  formHasErrors: {
    one: 'May {count} patlang na kailangang ayusin.',
    other: 'May {count} patlang na kailangang ayusin.',
  },

  required: {
    first_name: 'Ilagay ang iyong pangalan.',
    last_name: 'Ilagay ang iyong apelyido.',
    date_of_birth: 'Ilagay ang iyong petsa ng kapanganakan.',
    legal_name: 'Ilagay ang legal na pangalan ng kompanya.',
    country_of_registration: 'Piliin ang bansa kung saan nakarehistro ang kompanya.',
  },
  tooLong: 'Gumamit ng hindi hihigit sa 255 na character.',
  dateOfBirthInvalid: 'Ilagay ang tunay mong petsa ng kapanganakan.',
  dateOfBirthIncomplete: 'Kulang o hindi umiiral ang petsang ito. Ilagay ang araw, buwan at taon.',
  dateParts: { month: 'Buwan', day: 'Araw', year: 'Taon' },
  countryInvalid: 'Pumili ng bansa mula sa listahan.',
  countryNotPicked: 'Piliin ang bansa mula sa listahan, o i-type ang buong pangalan nito.',
  emailInvalid:
    'Maglagay ng email address tulad ng pangalan@halimbawa.com, o iwanan itong blangko.',
  fieldInvalid: 'Suriin ang patlang na ito.',

  otherAmount: 'Ibang halaga',
  amountNotAccepted: 'Hindi matatanggap ang halagang ito. Pumili ng iba.',

  payHeading: 'Magbayad',
  amountLabel: 'Halaga',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Suriin ang halaga',
  amountOutOfRange: (min, max) => `Pumili ng halaga mula ${min} hanggang ${max}.`,
  amountFormat: (example, whole) =>
    `Isulat ang halaga ${whole ? 'bilang buong numero' : 'sa mga numero, na may tuldok bago ang decimal'}, halimbawa ${example}.`,
  openPaymentPage: 'Buksan ang pahina ng pagbabayad',
  opensInNewTab: '(magbubukas sa bagong tab)',
  paymentLink: 'Link ng pagbabayad',
  qrLabel: 'QR code ng link ng pagbabayad',
  copyLink: 'Kopyahin ang link',
  copied: 'Nakopya na ang link.',
  copyFailed: 'Hindi makopya. Ikaw na lang ang kumopya ng link.',
  chooseAnotherCurrency: 'Pumili ng ibang currency',
  cancelPayment: 'Kanselahin ang bayad',
  paymentCancelled:
    'Kinansela mo ang bayad na ito. Para magbayad, bumalik sa tindahan at magsimula ulit.',
  timeLeft: 'Natitirang oras:',
  expiresAt: (time) => `(Mag-e-expire nang ${time})`,
  statusCreated: 'Hinihintay ang iyong bayad.',
  statusProcessing: 'Napili na ang currency. Hinihintay na dumating ang iyong bayad.',
  statusUnreadable:
    'Hindi namin masuri ang iyong bayad sa ngayon. Kung nakapagbayad ka na, ligtas ito: mag-a-update ang pahinang ito sa sandaling masuri namin ulit.',
  checkNow: 'Suriin ngayon',

  redirectHeading: 'Papunta sa pahina ng pagbabayad',
  redirectBody: 'Dinadala ka sa pahina ng pagbabayad…',

  successHeading: 'Kumpleto na ang bayad',
  successBody: 'Salamat. Dumating na ang iyong bayad.',
  leavingToShop: 'Ibinabalik ka sa tindahan…',
  failedHeading: 'Hindi natuloy ang bayad',
  failedBody: 'Huli nang nakumpirma ang bayad o kulang ito sa halagang dapat bayaran.',
  expiredHeading: 'Nag-expire ang bayad',
  expiredBody: 'Walang dumating na bayad bago naubos ang oras. Walang kinuhang pera.',
  startAgain: 'Magsimulang muli',
  failedUnderpaidBody: 'Kulang sa halagang dapat bayaran ang dumating.',
  failedLateBody: 'Dumating ang iyong bayad pero hindi ito nakumpirma sa oras.',
  refundByEmail:
    'Padadalhan ka ng serbisyo ng pagbabayad ng mga tagubilin sa email para maibalik ang iyong pera.',
  refundFromShop: 'Para maibalik ang iyong pera, makipag-ugnayan sa tindahan.',
  lateMoneyFromShop: 'Makipag-ugnayan sa tindahan tungkol sa perang ipinadala mo.',
  failedMoneyFromShop: 'Kung nakapagpadala ka na ng pera, makipag-ugnayan sa tindahan.',
  overpaidRefundByEmail:
    'Sobra sa halagang dapat bayaran ang ipinadala mo. Padadalhan ka ng serbisyo ng pagbabayad ng mga tagubilin sa email para maibalik ang sobra.',
  overpaidRefundFromShop:
    'Sobra sa halagang dapat bayaran ang ipinadala mo. Makipag-ugnayan sa tindahan para maibalik ang sobra.',
  backToShop: 'Bumalik sa tindahan',
  paymentReference: 'Reference number ng bayad',
  referenceHint:
    'Ibigay ang reference number na ito kung makikipag-ugnayan ka sa tindahan tungkol sa bayad na ito.',
  copyReference: 'Kopyahin ang reference number',
  referenceCopied: 'Nakopya na ang reference number.',
  referenceCopyFailed: 'Hindi makopya. Ikaw na lang ang kumopya ng reference number.',
  referenceCapital: (letter) => `malaking ${letter}`,
  referenceHyphen: 'gitling',
  referenceUnderscore: 'salungguhit',
  elsewhereHeading: 'Magpatuloy sa isa mo pang tab',
  elsewhereBody:
    'Makikita ang resulta ng bayad na ito sa tab kung saan mo ito sinimulan. Puwede mo nang isara ang tab na ito.',

  errorHeading: 'Nagkaproblema',
  errorUnreachable: 'Hindi namin makontak ang serbisyo ng pagbabayad. Suriin ang iyong koneksyon.',
  errorUnavailable:
    'Hindi sumasagot ang serbisyo ng pagbabayad sa ngayon. Subukang muli maya-maya.',
  errorRateLimited: 'Masyadong maraming pagsubok. Maghintay sandali at subukang muli.',
  errorNotFound: 'Hindi namin mahanap ang bayad na ito.',
  errorSessionInvalid:
    'Nagamit na o nag-expire na ang link ng pagbabayad na ito. Bumalik sa tindahan at magsimulang muli.',
  errorRejected: 'Hindi magawa ang bayad.',
  errorMisconfigured:
    'Hindi tama ang pagkaka-set up ng payment page ng tindahang ito. Pakisabihan ang tindahan.',
  retry: 'Subukang muli',
  retryIn: (time) => `Subukang muli sa loob ng ${time}`,
  retryWait: (time) => `Puwede kang sumubok muli pagkalipas ng ${time}.`,
  back: 'Bumalik',
};

export default fil;
