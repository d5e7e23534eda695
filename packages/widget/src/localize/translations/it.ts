/** Italian, loaded on demand. */
import type { Translation } from '../translation.ts';

const it: Translation = {
  $code: 'it',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 2,

  loading: 'Caricamento del pagamento…',
  checkingStatus: 'Verifica dello stato del pagamento…',

  detailsHeading: 'I tuoi dati',
  detailsIntro: 'Le norme sui pagamenti ci chiedono di sapere chi paga.',
  orderTotal: 'Totale',
  senderTypeLegend: 'Chi paga?',
  senderNatural: 'Una persona',
  senderLegal: 'Un’azienda',
  fieldLabels: {
    first_name: 'Nome',
    last_name: 'Cognome',
    date_of_birth: 'Data di nascita',
    legal_name: 'Ragione sociale',
    country_of_registration: 'Paese di registrazione',
  },
  countrySearch: 'Cerca un paese',
  countryNoMatch: 'Nessun paese corrisponde.',
  email: 'Email (facoltativa)',
  emailHint: 'La useremo solo per inviarti le istruzioni di rimborso.',
  payWithLegend: 'Paga con',
  payWithLater: 'Scegli nella pagina di pagamento',
  paymentCurrencyRefused:
    'Al momento questa valuta non può essere usata per questo pagamento. Scegline un’altra.',
  currencyOnNetwork: (iso, network) => `${iso} su ${network}`,
  submit: 'Procedi al pagamento',
  submitting: 'Creazione del pagamento…',
  formHasErrors: {
    one: 'Un campo richiede la tua attenzione.',
    many: '{count} di campi richiedono la tua attenzione.',
    other: '{count} campi richiedono la tua attenzione.',
  },

  required: {
    first_name: 'Inserisci il tuo nome.',
    last_name: 'Inserisci il tuo cognome.',
    date_of_birth: 'Inserisci la tua data di nascita.',
    legal_name: 'Inserisci la ragione sociale dell’azienda.',
    country_of_registration: 'Scegli il paese in cui è registrata l’azienda.',
  },
  tooLong: 'Usa al massimo 255 caratteri.',
  dateOfBirthInvalid: 'Inserisci la tua vera data di nascita.',
  dateOfBirthIncomplete: 'Questa data è incompleta o non esiste. Inserisci giorno, mese e anno.',
  dateParts: { day: 'Giorno', month: 'Mese', year: 'Anno' },
  countryInvalid: 'Scegli un paese dall’elenco.',
  countryNotPicked: 'Scegli il paese dall’elenco o scrivine il nome completo.',
  emailInvalid: 'Inserisci un indirizzo email come nome@esempio.it, oppure lascia vuoto il campo.',
  fieldInvalid: 'Controlla questo campo.',

  otherAmount: 'Altro importo',
  amountNotAccepted: 'Questo importo non può essere accettato. Scegline un altro.',

  payHeading: 'Pagamento',
  amountLabel: 'Importo',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Controlla l’importo',
  amountOutOfRange: (min, max) => `Scegli un importo tra ${min} e ${max}.`,
  amountFormat: (example, whole) =>
    `Scrivi l’importo ${whole ? 'come numero intero' : 'in cifre, con il punto prima dei decimali'}, per esempio ${example}.`,
  openPaymentPage: 'Apri la pagina di pagamento',
  opensInNewTab: '(si apre in una nuova scheda)',
  paymentLink: 'Link di pagamento',
  qrLabel: 'Codice QR del link di pagamento',
  copyLink: 'Copia link',
  copied: 'Link copiato.',
  copyFailed: 'Copia non riuscita. Copia il link manualmente.',
  chooseAnotherCurrency: 'Scegli un’altra valuta',
  cancelPayment: 'Annulla il pagamento',
  paymentCancelled: 'Hai annullato questo pagamento. Per pagare, torna al negozio e ricomincia.',
  timeLeft: 'Tempo rimasto:',
  expiresAt: (time) => `(Scade alle ${time})`,
  statusCreated: 'In attesa del tuo pagamento.',
  statusProcessing: 'Valuta scelta. In attesa che arrivi il tuo pagamento.',
  statusUnreadable:
    'Al momento non riusciamo a verificare il tuo pagamento. Se hai già pagato, il tuo pagamento è al sicuro: questa pagina si aggiornerà appena potremo verificare di nuovo.',
  checkNow: 'Verifica ora',

  redirectHeading: 'Verso la pagina di pagamento',
  redirectBody: 'Ti stiamo portando alla pagina di pagamento…',

  successHeading: 'Pagamento completato',
  successBody: 'Grazie. Il tuo pagamento è arrivato.',
  leavingToShop: 'Ti stiamo riportando al negozio…',
  failedHeading: 'Pagamento non riuscito',
  failedBody: 'Il pagamento è stato confermato troppo tardi o era inferiore all’importo dovuto.',
  expiredHeading: 'Pagamento scaduto',
  expiredBody:
    'Nessun pagamento è arrivato entro il tempo previsto. Non ti è stato addebitato nulla.',
  startAgain: 'Ricomincia',
  failedUnderpaidBody: 'È arrivato meno dell’importo dovuto.',
  failedLateBody: 'Il tuo pagamento è arrivato ma non è stato confermato in tempo.',
  refundByEmail:
    'Il servizio di pagamento ti invierà via email le istruzioni per riavere il tuo denaro.',
  refundFromShop: 'Per riavere il tuo denaro, contatta il negozio.',
  lateMoneyFromShop: 'Contatta il negozio per il denaro che hai inviato.',
  failedMoneyFromShop: 'Se hai già inviato del denaro, contatta il negozio.',
  overpaidRefundByEmail:
    'Hai inviato più dell’importo dovuto. Il servizio di pagamento ti invierà via email le istruzioni per riavere la differenza.',
  overpaidRefundFromShop:
    'Hai inviato più dell’importo dovuto. Contatta il negozio per riavere la differenza.',
  backToShop: 'Torna al negozio',
  paymentReference: 'Riferimento del pagamento',
  referenceHint: 'Indica questo riferimento se contatti il negozio per questo pagamento.',
  copyReference: 'Copia riferimento',
  referenceCopied: 'Riferimento copiato.',
  referenceCopyFailed: 'Copia non riuscita. Copia il riferimento manualmente.',
  referenceCapital: (letter) => `${letter} maiuscola`,
  referenceHyphen: 'trattino',
  referenceUnderscore: 'trattino basso',
  elsewhereHeading: 'Continua nell’altra scheda',
  elsewhereBody:
    'Il risultato di questo pagamento è nella scheda in cui l’hai iniziato. Puoi chiudere questa scheda.',

  errorHeading: 'Qualcosa è andato storto',
  errorUnreachable:
    'Non siamo riusciti a contattare il servizio di pagamento. Controlla la connessione.',
  errorUnavailable: 'Il servizio di pagamento al momento non risponde. Riprova tra poco.',
  errorRateLimited: 'Troppi tentativi. Attendi un momento e riprova.',
  errorNotFound: 'Non abbiamo trovato questo pagamento.',
  errorSessionInvalid:
    'Questo link di pagamento è già stato usato o è scaduto. Torna al negozio e ricomincia.',
  errorRejected: 'Non è stato possibile creare il pagamento.',
  errorMisconfigured:
    'La pagina di pagamento di questo negozio non è configurata correttamente. Avvisa il negozio.',
  retry: 'Riprova',
  retryIn: (time) => `Riprova tra ${time}`,
  retryWait: (time) => `Potrai riprovare tra ${time}.`,
  back: 'Indietro',
};

export default it;
