/**
 * French as written in Canada (courriel, no space before ? or !, as the OQLF has it), loaded on
 * demand.
 */
import type { Translation } from '../translation.ts';

const frCA: Translation = {
  $code: 'fr-CA',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Chargement du paiement…',
  checkingStatus: 'Vérification de l’état du paiement…',

  detailsHeading: 'Vos renseignements',
  detailsIntro: 'Les règles de paiement nous obligent à savoir qui paie.',
  orderTotal: 'Total',
  senderTypeLegend: 'Qui paie?',
  senderNatural: 'Une personne',
  senderLegal: 'Une entreprise',
  fieldLabels: {
    first_name: 'Prénom',
    last_name: 'Nom de famille',
    date_of_birth: 'Date de naissance',
    legal_name: 'Raison sociale de l’entreprise',
    country_of_registration: 'Pays d’immatriculation',
  },
  countrySearch: 'Rechercher un pays',
  countryNoMatch: 'Aucun pays ne correspond.',
  email: 'Courriel (facultatif)',
  emailHint: 'Sert uniquement à vous envoyer des instructions de remboursement.',
  payWithLegend: 'Payer avec',
  payWithLater: 'Choisir sur la page de paiement',
  paymentCurrencyRefused:
    'Cette devise ne peut pas être utilisée pour ce paiement en ce moment. Choisissez-en une autre.',
  currencyOnNetwork: (iso, network) => `${iso} sur ${network}`,
  submit: 'Continuer vers le paiement',
  submitting: 'Création de votre paiement…',
  formHasErrors: {
    one: '{count} champ demande votre attention.',
    many: '{count} de champs demandent votre attention.',
    other: '{count} champs demandent votre attention.',
  },

  required: {
    first_name: 'Entrez votre prénom.',
    last_name: 'Entrez votre nom de famille.',
    date_of_birth: 'Entrez votre date de naissance.',
    legal_name: 'Entrez la raison sociale de l’entreprise.',
    country_of_registration: 'Choisissez le pays où l’entreprise est immatriculée.',
  },
  tooLong: 'Utilisez 255 caractères ou moins.',
  dateOfBirthInvalid: 'Entrez votre vraie date de naissance.',
  dateOfBirthIncomplete:
    "Cette date est incomplète ou n'existe pas. Entrez le jour, le mois et l'année.",
  dateParts: { year: 'Année', month: 'Mois', day: 'Jour' },
  countryInvalid: 'Choisissez un pays dans la liste.',
  countryNotPicked: 'Choisissez le pays dans la liste ou entrez son nom complet.',
  emailInvalid: 'Entrez un courriel comme nom@example.com, ou laissez le champ vide.',
  fieldInvalid: 'Vérifiez ce champ.',

  otherAmount: 'Autre montant',
  amountNotAccepted: 'Ce montant ne peut pas être accepté. Choisissez-en un autre.',

  payHeading: 'Payer',
  amountLabel: 'Montant',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Vérifiez le montant',
  amountOutOfRange: (min, max) => `Choisissez un montant entre ${min} et ${max}.`,
  amountFormat: (example, whole) =>
    `Écrivez le montant ${whole ? 'en nombre entier' : 'en chiffres, avec un point avant les décimales'}, par exemple ${example}.`,
  openPaymentPage: 'Ouvrir la page de paiement',
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  paymentLink: 'Lien de paiement',
  qrLabel: 'Code QR du lien de paiement',
  copyLink: 'Copier le lien',
  copied: 'Lien copié.',
  copyFailed: 'Impossible de copier. Copiez le lien vous-même.',
  chooseAnotherCurrency: 'Choisir une autre monnaie',
  cancelPayment: 'Annuler le paiement',
  paymentCancelled:
    'Vous avez annulé ce paiement. Pour payer, retournez à la boutique et recommencez.',
  timeLeft: 'Temps restant :',
  expiresAt: (time) => `(Expire à ${time})`,
  statusCreated: 'En attente de votre paiement.',
  statusProcessing: 'Devise choisie. En attente de la réception de votre paiement.',
  statusUnreadable:
    'Nous ne pouvons pas vérifier votre paiement pour le moment. Si vous avez payé, il est en sécurité : cette page se mettra à jour dès que nous pourrons vérifier de nouveau.',
  checkNow: 'Vérifier maintenant',

  redirectHeading: 'Vers la page de paiement',
  redirectBody: 'Nous vous dirigeons vers la page de paiement…',

  successHeading: 'Paiement effectué',
  successBody: 'Merci. Votre paiement a bien été reçu.',
  leavingToShop: 'Nous vous ramenons à la boutique…',
  failedHeading: 'Le paiement a échoué',
  failedBody: 'Le paiement a été confirmé trop tard ou était inférieur au montant dû.',
  expiredHeading: 'Le paiement a expiré',
  expiredBody: 'Aucun paiement n’a été reçu avant la fin du délai. Rien n’a été prélevé.',
  startAgain: 'Recommencer',
  failedUnderpaidBody: 'Le montant reçu est inférieur au montant dû.',
  failedLateBody: 'Votre paiement a été reçu, mais n’a pas été confirmé à temps.',
  refundByEmail:
    'Le service de paiement vous enverra par courriel les instructions pour récupérer votre argent.',
  refundFromShop: 'Pour récupérer votre argent, communiquez avec la boutique.',
  lateMoneyFromShop: 'Communiquez avec la boutique au sujet de l’argent envoyé.',
  failedMoneyFromShop: 'Si vous avez déjà envoyé de l’argent, communiquez avec la boutique.',
  overpaidRefundByEmail:
    'Vous avez envoyé plus que le montant dû. Le service de paiement vous enverra par courriel les instructions pour récupérer la différence.',
  overpaidRefundFromShop:
    'Vous avez envoyé plus que le montant dû. Communiquez avec la boutique pour récupérer la différence.',
  backToShop: 'Retour à la boutique',
  paymentReference: 'Référence du paiement',
  referenceHint:
    'Indiquez cette référence si vous communiquez avec la boutique au sujet de ce paiement.',
  copyReference: 'Copier la référence',
  referenceCopied: 'Référence copiée.',
  referenceCopyFailed: 'Impossible de copier. Copiez la référence vous-même.',
  referenceCapital: (letter) => `${letter} majuscule`,
  referenceHyphen: 'trait d’union',
  referenceUnderscore: 'trait de soulignement',
  elsewhereHeading: 'Continuez dans l’autre onglet',
  elsewhereBody:
    'Le résultat de ce paiement s’affiche dans l’onglet où vous l’avez commencé. Vous pouvez fermer cet onglet.',

  errorHeading: 'Un problème est survenu',
  errorUnreachable:
    'Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.',
  errorUnavailable: 'Le service de paiement ne répond pas en ce moment. Réessayez dans un instant.',
  errorRateLimited: 'Trop de tentatives. Patientez un instant, puis réessayez.',
  errorNotFound: 'Ce paiement est introuvable.',
  errorSessionInvalid:
    'Ce lien de paiement a déjà été utilisé ou a expiré. Retournez à la boutique et recommencez.',
  errorRejected: 'Le paiement n’a pas pu être créé.',
  errorMisconfigured:
    "La page de paiement de cette boutique n'est pas bien configurée. Veuillez en informer la boutique.",
  retry: 'Réessayer',
  retryIn: (time) => `Réessayer dans ${time}`,
  retryWait: (time) => `Vous pourrez réessayer dans ${time}.`,
  back: 'Retour',
};

export default frCA;
