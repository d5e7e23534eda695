/** Swedish, loaded on demand. */
import type { Translation } from '../translation.ts';

const sv: Translation = {
  $code: 'sv',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 1,

  loading: 'Kassan laddas…',
  checkingStatus: 'Betalningsstatusen kontrolleras…',

  detailsHeading: 'Dina uppgifter',
  detailsIntro: 'Betalningsreglerna kräver att vi vet vem som betalar.',
  orderTotal: 'Totalt',
  senderTypeLegend: 'Vem betalar?',
  senderNatural: 'En privatperson',
  senderLegal: 'Ett företag',
  fieldLabels: {
    first_name: 'Förnamn',
    last_name: 'Efternamn',
    date_of_birth: 'Födelsedatum',
    legal_name: 'Företagets registrerade namn',
    country_of_registration: 'Registreringsland',
  },
  countrySearch: 'Sök land',
  countryNoMatch: 'Inget land hittades.',
  email: 'E-post (valfritt)',
  emailHint: 'Används bara för att skicka instruktioner om återbetalning.',
  payWithLegend: 'Betala med',
  payWithLater: 'Välj på betalningssidan',
  paymentCurrencyRefused:
    'Den här valutan kan inte användas för den här betalningen just nu. Välj en annan.',
  currencyOnNetwork: (iso, network) => `${iso} på ${network}`,
  submit: 'Fortsätt till betalningen',
  submitting: 'Din betalning skapas…',
  formHasErrors: {
    one: 'Ett fält behöver åtgärdas.',
    other: '{count} fält behöver åtgärdas.',
  },

  required: {
    first_name: 'Ange ditt förnamn.',
    last_name: 'Ange ditt efternamn.',
    date_of_birth: 'Ange ditt födelsedatum.',
    legal_name: 'Ange företagets registrerade namn.',
    country_of_registration: 'Välj landet där företaget är registrerat.',
  },
  tooLong: 'Använd högst 255 tecken.',
  dateOfBirthInvalid: 'Ange ditt riktiga födelsedatum.',
  dateOfBirthIncomplete: 'Datumet är ofullständigt eller finns inte. Ange dag, månad och år.',
  dateParts: { year: 'År', month: 'Månad', day: 'Dag' },
  countryInvalid: 'Välj ett land i listan.',
  countryNotPicked: 'Välj landet i listan eller skriv hela namnet.',
  emailInvalid: 'Ange en e-postadress som namn@exempel.se eller lämna fältet tomt.',
  fieldInvalid: 'Kontrollera det här fältet.',

  otherAmount: 'Annat belopp',
  amountNotAccepted: 'Det här beloppet kan inte tas emot. Välj ett annat.',

  payHeading: 'Betala',
  amountLabel: 'Belopp',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Kontrollera beloppet',
  amountOutOfRange: (min, max) => `Välj ett belopp mellan ${min} och ${max}.`,
  amountFormat: (example, whole) =>
    `Skriv beloppet ${whole ? 'som ett heltal' : 'med siffror och en punkt före decimalerna'}, till exempel ${example}.`,
  openPaymentPage: 'Öppna betalningssidan',
  opensInNewTab: '(öppnas i en ny flik)',
  paymentLink: 'Betalningslänk',
  qrLabel: 'QR-kod för betalningslänken',
  copyLink: 'Kopiera länken',
  copied: 'Länken har kopierats.',
  copyFailed: 'Det gick inte att kopiera. Kopiera länken själv.',
  chooseAnotherCurrency: 'Välj en annan valuta',
  cancelPayment: 'Avbryt betalningen',
  paymentCancelled:
    'Du har avbrutit betalningen. Gå tillbaka till butiken och börja om för att betala.',
  timeLeft: 'Tid kvar:',
  expiresAt: (time) => `(Går ut kl. ${time})`,
  statusCreated: 'Vi väntar på din betalning.',
  statusProcessing: 'Valutan är vald. Vi väntar på att din betalning ska komma fram.',
  statusUnreadable:
    'Vi kan inte kontrollera din betalning just nu. Om du har betalat är pengarna säkra: sidan uppdateras så snart vi kan kontrollera igen.',
  checkNow: 'Kontrollera nu',

  redirectHeading: 'Till betalningssidan',
  redirectBody: 'Du skickas vidare till betalningssidan…',

  successHeading: 'Betalningen är klar',
  successBody: 'Tack. Din betalning har kommit fram.',
  leavingToShop: 'Du skickas tillbaka till butiken…',
  failedHeading: 'Betalningen misslyckades',
  failedBody: 'Betalningen bekräftades för sent eller var lägre än beloppet att betala.',
  expiredHeading: 'Betalningen har gått ut',
  expiredBody: 'Ingen betalning kom fram innan tiden tog slut. Inga pengar har dragits.',
  startAgain: 'Börja om',
  failedUnderpaidBody: 'Mindre än beloppet att betala har kommit fram.',
  failedLateBody: 'Din betalning kom fram men bekräftades inte i tid.',
  refundByEmail:
    'Betaltjänsten skickar instruktioner via e-post om hur du får tillbaka dina pengar.',
  refundFromShop: 'Kontakta butiken för att få tillbaka dina pengar.',
  lateMoneyFromShop: 'Kontakta butiken om pengarna du har skickat.',
  failedMoneyFromShop: 'Om du redan har skickat pengar, kontakta butiken.',
  overpaidRefundByEmail:
    'Du skickade mer än beloppet att betala. Betaltjänsten skickar instruktioner via e-post om hur du får tillbaka mellanskillnaden.',
  overpaidRefundFromShop:
    'Du skickade mer än beloppet att betala. Kontakta butiken för att få tillbaka mellanskillnaden.',
  backToShop: 'Tillbaka till butiken',
  paymentReference: 'Betalningsreferens',
  referenceHint: 'Uppge den här referensen om du kontaktar butiken om betalningen.',
  copyReference: 'Kopiera referensen',
  referenceCopied: 'Referensen har kopierats.',
  referenceCopyFailed: 'Det gick inte att kopiera. Kopiera referensen själv.',
  referenceCapital: (letter) => `stort ${letter}`,
  referenceHyphen: 'bindestreck',
  referenceUnderscore: 'understreck',
  elsewhereHeading: 'Fortsätt i din andra flik',
  elsewhereBody:
    'Resultatet av betalningen visas i fliken där du startade den. Du kan stänga den här fliken.',

  errorHeading: 'Något gick fel',
  errorUnreachable: 'Vi kunde inte nå betaltjänsten. Kontrollera din anslutning.',
  errorUnavailable: 'Betaltjänsten svarar inte just nu. Försök igen om en stund.',
  errorRateLimited: 'För många försök. Vänta en stund och försök igen.',
  errorNotFound: 'Vi hittade inte den här betalningen.',
  errorSessionInvalid:
    'Den här betalningslänken har redan använts eller har gått ut. Gå tillbaka till butiken och börja om.',
  errorRejected: 'Betalningen kunde inte skapas.',
  errorMisconfigured: 'Butikens betalningssida är inte rätt inställd. Meddela butiken.',
  retry: 'Försök igen',
  retryIn: (time) => `Försök igen om ${time}`,
  retryWait: (time) => `Du kan försöka igen om ${time}.`,
  back: 'Tillbaka',
};

export default sv;
