/** Maltese, loaded on demand. */
import type { Translation } from '../translation.ts';

const mt: Translation = {
  $code: 'mt',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'Qed jitgħabba l-ħlas…',
  checkingStatus: 'Qed niċċekkjaw l-istatus tal-ħlas…',

  detailsHeading: 'Id-dettalji tiegħek',
  detailsIntro: 'Ir-regoli tal-ħlasijiet jeħtieġu li nkunu nafu min qed iħallas.',
  orderTotal: 'It-total',
  senderTypeLegend: 'Min qed iħallas?',
  senderNatural: 'Persuna',
  senderLegal: 'Kumpanija',
  fieldLabels: {
    first_name: 'Isem',
    last_name: 'Kunjom',
    date_of_birth: 'Data tat-twelid',
    legal_name: 'Isem legali tal-kumpanija',
    country_of_registration: 'Pajjiż tar-reġistrazzjoni',
  },
  countrySearch: 'Fittex pajjiż',
  countryNoMatch: 'L-ebda pajjiż ma jaqbel.',
  email: 'Email (mhux obbligatorju)',
  emailHint: 'Jintuża biss biex nibagħtulek struzzjonijiet għar-rimborż.',
  payWithLegend: 'Munita tal-ħlas',
  payWithLater: 'Agħżel fil-paġna tal-ħlas',
  paymentCurrencyRefused: 'Din il-munita ma tistax tintuża għal dan il-ħlas bħalissa. Agħżel oħra.',
  currencyOnNetwork: (iso, network) => `${iso} fuq ${network}`,
  submit: 'Kompli għall-ħlas',
  submitting: 'Qed noħolqu l-ħlas tiegħek…',
  // Maltese counts 2 to 10 in the plural, 11 to 19 with `-il` and the singular, 20 on in the singular.
  formHasErrors: {
    one: 'Qasam wieħed jeħtieġ l-attenzjoni tiegħek.',
    two: '{count} oqsma jeħtieġu l-attenzjoni tiegħek.',
    few: '{count} oqsma jeħtieġu l-attenzjoni tiegħek.',
    many: '{count}-il qasam jeħtieġu l-attenzjoni tiegħek.',
    other: '{count} qasam jeħtieġu l-attenzjoni tiegħek.',
  },

  required: {
    first_name: 'Daħħal l-isem tiegħek.',
    last_name: 'Daħħal il-kunjom tiegħek.',
    date_of_birth: 'Daħħal id-data tat-twelid tiegħek.',
    legal_name: 'Daħħal l-isem legali tal-kumpanija.',
    country_of_registration: 'Agħżel il-pajjiż fejn hija rreġistrata l-kumpanija.',
  },
  tooLong: 'Uża mhux aktar minn 255 karattru.',
  dateOfBirthInvalid: 'Daħħal id-data tat-twelid vera tiegħek.',
  dateOfBirthIncomplete:
    'Din id-data mhix kompluta jew ma teżistix. Daħħal il-jum, ix-xahar u s-sena.',
  dateParts: { month: 'Xahar', day: 'Jum', year: 'Sena' },
  countryInvalid: 'Agħżel pajjiż mil-lista.',
  countryNotPicked: 'Agħżel il-pajjiż mil-lista, jew ikteb isimu sħiħ.',
  emailInvalid: 'Daħħal indirizz tal-email bħal isem@eżempju.com, jew ħallih vojt.',
  fieldInvalid: 'Iċċekkja dan il-qasam.',

  otherAmount: 'Ammont ieħor',
  amountNotAccepted: 'Dan l-ammont ma jistax jiġi aċċettat. Agħżel ieħor.',

  payHeading: 'Ħallas',
  amountLabel: 'Ammont',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Iċċekkja l-ammont',
  amountOutOfRange: (min, max) => `Agħżel ammont bejn ${min} u ${max}.`,
  amountFormat: (example, whole) =>
    `Ikteb l-ammont ${whole ? 'bħala numru sħiħ' : "b'numri, b'punt qabel id-deċimali"}, pereżempju ${example}.`,
  openPaymentPage: 'Iftaħ il-paġna tal-ħlas',
  opensInNewTab: "(tinfetaħ f'tab ġdida)",
  paymentLink: 'Link tal-ħlas',
  qrLabel: 'Kodiċi QR tal-link tal-ħlas',
  copyLink: 'Ikkopja l-link',
  copied: 'Il-link ġiet ikkupjata.',
  copyFailed: 'Ma setgħetx tiġi kkupjata. Ikkopja l-link int stess.',
  chooseAnotherCurrency: 'Agħżel munita oħra',
  cancelPayment: 'Ikkanċella l-ħlas',
  paymentCancelled:
    "Ikkanċellajt dan il-ħlas. Biex tħallas, erġa' lura lejn il-ħanut u erġa' ibda.",
  timeLeft: 'Ħin li fadal:',
  expiresAt: (time) => `(Jiskadi: ${time})`,
  statusCreated: 'Qed nistennew il-ħlas tiegħek.',
  statusProcessing: 'Il-munita ntgħażlet. Qed nistennew li jasal il-ħlas tiegħek.',
  statusUnreadable:
    'Bħalissa ma nistgħux niċċekkjaw il-ħlas tiegħek. Jekk ħallast, il-ħlas huwa sigur: din il-paġna tinbidel hekk kif nistgħu niċċekkjaw mill-ġdid.',
  checkNow: 'Iċċekkja issa',

  redirectHeading: 'Għall-paġna tal-ħlas',
  redirectBody: 'Qed nieħduk għall-paġna tal-ħlas…',

  successHeading: 'Il-ħlas tlesta',
  successBody: 'Grazzi. Il-ħlas tiegħek wasal.',
  leavingToShop: 'Qed nieħduk lura għall-ħanut…',
  failedHeading: 'Il-ħlas ma rnexxiex',
  failedBody: 'Il-ħlas ġie kkonfermat tard wisq jew kien inqas mill-ammont dovut.',
  expiredHeading: 'Il-ħlas skada',
  expiredBody: 'Ma wasal l-ebda ħlas qabel ma spiċċa l-ħin. Ma ttieħed xejn.',
  startAgain: 'Ibda mill-ġdid',
  failedUnderpaidBody: 'Wasal inqas mill-ammont dovut.',
  failedLateBody: 'Il-ħlas tiegħek wasal iżda ma ġiex ikkonfermat fil-ħin.',
  refundByEmail:
    "Is-servizz tal-ħlas se jibagħtlek struzzjonijiet bl-email biex terġa' tieħu l-flus tiegħek.",
  refundFromShop: "Biex terġa' tieħu l-flus tiegħek, jekk jogħġbok ikkuntattja lill-ħanut.",
  lateMoneyFromShop: 'Jekk jogħġbok ikkuntattja lill-ħanut dwar il-flus li bgħatt.',
  failedMoneyFromShop: 'Jekk diġà bgħatt il-flus, jekk jogħġbok ikkuntattja lill-ħanut.',
  overpaidRefundByEmail:
    "Bgħatt aktar mill-ammont dovut. Is-servizz tal-ħlas se jibagħtlek struzzjonijiet bl-email biex terġa' tieħu d-differenza.",
  overpaidRefundFromShop:
    "Bgħatt aktar mill-ammont dovut. Jekk jogħġbok ikkuntattja lill-ħanut biex terġa' tieħu d-differenza.",
  backToShop: 'Lura għall-ħanut',
  paymentReference: 'Referenza tal-ħlas',
  referenceHint: 'Agħti din ir-referenza jekk tikkuntattja lill-ħanut dwar dan il-ħlas.',
  copyReference: 'Ikkopja r-referenza',
  referenceCopied: 'Ir-referenza ġiet ikkupjata.',
  referenceCopyFailed: 'Ma setgħetx tiġi kkupjata. Ikkopja r-referenza int stess.',
  referenceCapital: (letter) => `ittra kbira ${letter}`,
  referenceHyphen: 'lineetta',
  referenceUnderscore: 'sing taħt',
  elsewhereHeading: 'Kompli fit-tab l-oħra tiegħek',
  elsewhereBody:
    "Ir-riżultat ta' dan il-ħlas jidher fit-tab fejn bdejtu. Tista' tagħlaq din it-tab.",

  errorHeading: 'Inqalgħet problema',
  errorUnreachable: 'Ma stajniex nilħqu s-servizz tal-ħlas. Iċċekkja l-konnessjoni tiegħek.',
  errorUnavailable:
    "Is-servizz tal-ħlas mhux qed iwieġeb bħalissa. Erġa' pprova ftit tal-ħin oħra.",
  errorRateLimited: "Wisq tentattivi. Stenna ftit u erġa' pprova.",
  errorNotFound: 'Ma sibniex dan il-ħlas.',
  errorSessionInvalid:
    'Din il-link tal-ħlas diġà ntużat jew skadiet. Mur lura għall-ħanut u ibda mill-ġdid.',
  errorRejected: 'Il-ħlas ma setax jinħoloq.',
  errorMisconfigured:
    "Il-paġna tal-ħlas ta' dan il-ħanut mhix issettjata sew. Jekk jogħġbok għarraf lill-ħanut.",
  retry: "Erġa' pprova",
  retryIn: (time) => `Erġa' pprova wara ${time}`,
  retryWait: (time) => `Tista' terġa' tipprova wara ${time}.`,
  back: 'Lura',
};

export default mt;
