/**
 * Catalan, loaded on demand: vós, as Catalan software addresses its users (introduïu, la vostra).
 */
import type { Translation } from '../translation.ts';

const ca: Translation = {
  $code: 'ca',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'S’està carregant el pagament…',
  checkingStatus: 'S’està comprovant l’estat del pagament…',

  detailsHeading: 'Les vostres dades',
  detailsIntro: 'Les normes de pagament ens obliguen a saber qui paga.',
  orderTotal: 'Import total',
  senderTypeLegend: 'Qui paga?',
  senderNatural: 'Una persona',
  senderLegal: 'Una empresa',
  fieldLabels: {
    first_name: 'Nom',
    last_name: 'Cognoms',
    date_of_birth: 'Data de naixement',
    legal_name: 'Raó social de l’empresa',
    country_of_registration: 'País de registre',
  },
  countrySearch: 'Cerca un país',
  countryNoMatch: 'No hi ha cap país que coincideixi.',
  email: 'Correu electrònic (opcional)',
  emailHint: 'Només s’utilitza per enviar-vos instruccions de reemborsament.',
  payWithLegend: 'Paga amb',
  payWithLater: 'Trieu-ho a la pàgina de pagament',
  paymentCurrencyRefused:
    'Ara mateix aquesta moneda no es pot fer servir per a aquest pagament. Trieu-ne una altra.',
  currencyOnNetwork: (iso, network) => `${iso} a la xarxa ${network}`,
  submit: 'Continua cap al pagament',
  submitting: 'S’està creant el pagament…',
  formHasErrors: {
    one: 'Un camp requereix la vostra atenció.',
    many: '{count} de camps requereixen la vostra atenció.',
    other: '{count} camps requereixen la vostra atenció.',
  },

  required: {
    first_name: 'Introduïu el vostre nom.',
    last_name: 'Introduïu els vostres cognoms.',
    date_of_birth: 'Introduïu la vostra data de naixement.',
    legal_name: 'Introduïu la raó social de l’empresa.',
    country_of_registration: 'Trieu el país on està registrada l’empresa.',
  },
  tooLong: 'Feu servir 255 caràcters com a màxim.',
  dateOfBirthInvalid: 'Introduïu la vostra data de naixement real.',
  dateOfBirthIncomplete:
    "Aquesta data és incompleta o no existeix. Introduïu el dia, el mes i l'any.",
  dateParts: { day: 'Dia', month: 'Mes', year: 'Any' },
  countryInvalid: 'Trieu un país de la llista.',
  countryNotPicked: 'Trieu el país de la llista o escriviu-ne el nom complet.',
  emailInvalid: 'Introduïu una adreça com nom@example.com, o deixeu el camp buit.',
  fieldInvalid: 'Reviseu aquest camp.',

  otherAmount: 'Un altre import',
  amountNotAccepted: 'Aquest import no es pot acceptar. Trieu-ne un altre.',

  payHeading: 'Pagament',
  amountLabel: 'Import',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Reviseu l’import',
  amountOutOfRange: (min, max) => `Trieu un import entre ${min} i ${max}.`,
  amountFormat: (example, whole) =>
    `Escriviu l’import ${whole ? 'com a nombre enter' : 'en xifres, amb un punt abans dels decimals'}, per exemple ${example}.`,
  openPaymentPage: 'Obre la pàgina de pagament',
  opensInNewTab: '(s’obre en una pestanya nova)',
  paymentLink: 'Enllaç de pagament',
  qrLabel: 'Codi QR de l’enllaç de pagament',
  copyLink: 'Copia l’enllaç',
  copied: 'S’ha copiat l’enllaç.',
  copyFailed: 'No s’ha pogut copiar. Copieu l’enllaç manualment.',
  chooseAnotherCurrency: 'Trieu una altra moneda',
  cancelPayment: 'Cancel·la el pagament',
  paymentCancelled:
    'Heu cancel·lat aquest pagament. Per pagar, torneu a la botiga i torneu a començar.',
  timeLeft: 'Temps restant:',
  expiresAt: (time) => `(Caduca a les ${time})`,
  statusCreated: 'Esperant el vostre pagament.',
  statusProcessing: 'Moneda triada. Esperant que arribi el vostre pagament.',
  statusUnreadable:
    "Ara mateix no podem comprovar el vostre pagament. Si ja heu pagat, està segur: aquesta pàgina s'actualitzarà tan aviat com puguem tornar a comprovar-ho.",
  checkNow: 'Comprova-ho ara',

  redirectHeading: 'Anant a la pàgina de pagament',
  redirectBody: 'Us portem a la pàgina de pagament…',

  successHeading: 'Pagament completat',
  successBody: 'Gràcies. El vostre pagament ha arribat.',
  leavingToShop: 'Us tornem a la botiga…',
  failedHeading: 'El pagament ha fallat',
  failedBody: 'El pagament es va confirmar massa tard o era inferior a l’import degut.',
  expiredHeading: 'El pagament ha caducat',
  expiredBody: 'No ha arribat cap pagament abans que s’acabés el temps. No s’ha cobrat res.',
  startAgain: 'Torna a començar',
  failedUnderpaidBody: 'Ha arribat menys de l’import degut.',
  failedLateBody: 'El vostre pagament ha arribat, però no s’ha confirmat a temps.',
  refundByEmail:
    'El servei de pagament us enviarà per correu electrònic les instruccions per recuperar els diners.',
  refundFromShop: 'Per recuperar els diners, poseu-vos en contacte amb la botiga.',
  lateMoneyFromShop: 'Poseu-vos en contacte amb la botiga pel que fa als diners que heu enviat.',
  failedMoneyFromShop: 'Si ja heu enviat diners, poseu-vos en contacte amb la botiga.',
  overpaidRefundByEmail:
    'Heu enviat més de l’import degut. El servei de pagament us enviarà per correu electrònic les instruccions per recuperar la diferència.',
  overpaidRefundFromShop:
    'Heu enviat més de l’import degut. Poseu-vos en contacte amb la botiga per recuperar la diferència.',
  backToShop: 'Torna a la botiga',
  paymentReference: 'Referència del pagament',
  referenceHint:
    'Indiqueu aquesta referència si us poseu en contacte amb la botiga per aquest pagament.',
  copyReference: 'Copia la referència',
  referenceCopied: 'S’ha copiat la referència.',
  referenceCopyFailed: 'No s’ha pogut copiar. Copieu la referència manualment.',
  referenceCapital: (letter) => `${letter} majúscula`,
  referenceHyphen: 'guionet',
  referenceUnderscore: 'guió baix',
  elsewhereHeading: 'Continueu a l’altra pestanya',
  elsewhereBody:
    'El resultat d’aquest pagament es mostra a la pestanya on el vau començar. Podeu tancar aquesta pestanya.',

  errorHeading: 'Alguna cosa ha anat malament',
  errorUnreachable:
    'No hem pogut contactar amb el servei de pagament. Comproveu la vostra connexió.',
  errorUnavailable:
    'El servei de pagament no respon en aquest moment. Torneu-ho a provar d’aquí a una estona.',
  errorRateLimited: 'Massa intents. Espereu un moment i torneu-ho a provar.',
  errorNotFound: 'No hem trobat aquest pagament.',
  errorSessionInvalid:
    'Aquest enllaç de pagament ja s’ha fet servir o ha caducat. Torneu a la botiga i comenceu de nou.',
  errorRejected: 'No s’ha pogut crear el pagament.',
  errorMisconfigured:
    "La pàgina de pagament d'aquesta botiga no està ben configurada. Aviseu la botiga.",
  retry: 'Torna-ho a provar',
  retryIn: (time) => `Torna-ho a provar d’aquí a ${time}`,
  retryWait: (time) => `Podreu tornar-ho a provar d’aquí a ${time}.`,
  back: 'Enrere',
};

export default ca;
