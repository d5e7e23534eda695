/** French, loaded on demand. */
import type { Translation } from '../translation.ts';

const fr: Translation = {
  $code: 'fr',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u202f',
  $minimumGroupingDigits: 1,

  loading: 'Chargement du paiement…',
  checkingStatus: 'Vérification de l’état du paiement…',

  detailsHeading: 'Vos informations',
  detailsIntro: 'Les règles de paiement nous imposent de savoir qui paie.',
  orderTotal: 'Total',
  senderTypeLegend: 'Qui paie ?',
  senderNatural: 'Une personne',
  senderLegal: 'Une entreprise',
  fieldLabels: {
    first_name: 'Prénom',
    last_name: 'Nom',
    date_of_birth: 'Date de naissance',
    legal_name: 'Dénomination sociale de l’entreprise',
    country_of_registration: 'Pays d’immatriculation',
  },
  countrySearch: 'Rechercher un pays',
  countryNoMatch: 'Aucun pays ne correspond.',
  email: 'E-mail (facultatif)',
  emailHint:
    'Utilisé uniquement pour vous envoyer des instructions de remboursement en cas de problème.',
  payWithLegend: 'Payer avec',
  payWithLater: 'Choisir sur la page de paiement',
  paymentCurrencyRefused:
    'Cette devise ne peut pas servir pour ce paiement pour le moment. Choisissez-en une autre.',
  currencyOnNetwork: (iso, network) => `${iso} sur ${network}`,
  submit: 'Continuer vers le paiement',
  submitting: 'Création de votre paiement…',
  formHasErrors: {
    one: '{count} champ demande votre attention.',
    many: '{count} de champs demandent votre attention.',
    other: '{count} champs demandent votre attention.',
  },

  required: {
    first_name: 'Saisissez votre prénom.',
    last_name: 'Saisissez votre nom.',
    date_of_birth: 'Saisissez votre date de naissance.',
    legal_name: 'Saisissez la dénomination sociale de l’entreprise.',
    country_of_registration: 'Choisissez le pays où l’entreprise est immatriculée.',
  },
  tooLong: '255 caractères au maximum.',
  dateOfBirthInvalid: 'Saisissez votre vraie date de naissance.',
  dateOfBirthIncomplete:
    'Cette date est incomplète ou n’existe pas. Saisissez le jour, le mois et l’année.',
  dateParts: { day: 'Jour', month: 'Mois', year: 'Année' },
  countryInvalid: 'Choisissez un pays dans la liste.',
  countryNotPicked: 'Choisissez le pays dans la liste ou saisissez son nom complet.',
  emailInvalid: 'Saisissez une adresse comme nom@example.com, ou laissez le champ vide.',
  fieldInvalid: 'Vérifiez ce champ.',

  otherAmount: 'Autre montant',
  amountNotAccepted: 'Ce montant ne peut pas être accepté. Choisissez-en un autre.',

  payHeading: 'Payer',
  amountLabel: 'Montant',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Vérifiez le montant',
  amountOutOfRange: (min, max) => `Choisissez un montant entre ${min} et ${max}.`,
  amountFormat: (example, whole) =>
    `Écrivez le montant ${whole ? 'sous forme de nombre entier' : 'en chiffres, avec un point avant les décimales'}, par exemple ${example}.`,
  openPaymentPage: 'Ouvrir la page de paiement',
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  paymentLink: 'Lien de paiement',
  qrLabel: 'Code QR du lien de paiement',
  copyLink: 'Copier le lien',
  copied: 'Lien copié.',
  copyFailed: 'Copie impossible. Copiez le lien vous-même.',
  chooseAnotherCurrency: 'Choisir une autre devise',
  cancelPayment: 'Annuler le paiement',
  paymentCancelled:
    'Vous avez annulé ce paiement. Pour payer, retournez à la boutique et recommencez.',
  timeLeft: 'Temps restant :',
  expiresAt: (time) => `(Expire à ${time})`,
  statusCreated: 'En attente de votre paiement.',
  statusProcessing: 'Devise choisie. En attente de l’arrivée de votre paiement.',
  statusUnreadable:
    'Nous ne pouvons pas vérifier votre paiement pour le moment. Si vous avez payé, votre paiement est en sécurité : cette page se mettra à jour dès que nous pourrons vérifier à nouveau.',
  checkNow: 'Vérifier maintenant',

  redirectHeading: 'Vers la page de paiement',
  redirectBody: 'Nous vous emmenons vers la page de paiement…',

  successHeading: 'Paiement effectué',
  successBody: 'Merci. Votre paiement est bien arrivé.',
  leavingToShop: 'Retour à la boutique…',
  failedHeading: 'Le paiement a échoué',
  failedBody: 'Le paiement a été confirmé trop tard ou était inférieur au montant dû.',
  expiredHeading: 'Le paiement a expiré',
  expiredBody: 'Aucun paiement n’est arrivé avant la fin du délai. Rien n’a été prélevé.',
  startAgain: 'Recommencer',
  failedUnderpaidBody: 'Le montant reçu est inférieur au montant dû.',
  failedLateBody: 'Votre paiement est arrivé mais n’a pas été confirmé à temps.',
  refundByEmail:
    'Le service de paiement vous enverra par e-mail les instructions pour récupérer votre argent.',
  refundFromShop: 'Pour récupérer votre argent, contactez la boutique.',
  lateMoneyFromShop: 'Contactez la boutique au sujet de l’argent envoyé.',
  failedMoneyFromShop: 'Si vous avez déjà envoyé de l’argent, contactez la boutique.',
  overpaidRefundByEmail:
    'Vous avez envoyé plus que le montant dû. Le service de paiement vous enverra par e-mail les instructions pour récupérer la différence.',
  overpaidRefundFromShop:
    'Vous avez envoyé plus que le montant dû. Contactez la boutique pour récupérer la différence.',
  backToShop: 'Retour à la boutique',
  paymentReference: 'Référence du paiement',
  referenceHint: 'Indiquez cette référence si vous contactez la boutique au sujet de ce paiement.',
  copyReference: 'Copier la référence',
  referenceCopied: 'Référence copiée.',
  referenceCopyFailed: 'Copie impossible. Copiez la référence vous-même.',
  referenceCapital: (letter) => `${letter} majuscule`,
  referenceHyphen: 'tiret',
  referenceUnderscore: 'tiret bas',
  elsewhereHeading: 'Continuez dans l’autre onglet',
  elsewhereBody:
    'Le résultat de ce paiement s’affiche dans l’onglet où vous l’avez commencé. Vous pouvez fermer cet onglet.',

  errorHeading: 'Un problème est survenu',
  errorUnreachable:
    'Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.',
  errorUnavailable:
    'Le service de paiement ne répond pas pour le moment. Réessayez dans un instant.',
  errorRateLimited: 'Trop de tentatives. Patientez un instant puis réessayez.',
  errorNotFound: 'Ce paiement est introuvable.',
  errorSessionInvalid:
    'Ce lien de paiement a déjà été utilisé ou a expiré. Retournez à la boutique et recommencez.',
  errorRejected: 'Le paiement n’a pas pu être créé.',
  errorMisconfigured:
    'La page de paiement de cette boutique n’est pas correctement configurée. Merci de prévenir la boutique.',
  retry: 'Réessayer',
  retryIn: (time) => `Réessayer dans ${time}`,
  retryWait: (time) => `Vous pourrez réessayer dans ${time}.`,
  back: 'Retour',
};

export default fr;
