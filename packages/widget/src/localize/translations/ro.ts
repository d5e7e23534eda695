/** Romanian, loaded on demand. */
import type { Translation } from '../translation.ts';

const ro: Translation = {
  $code: 'ro',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Se încarcă plata…',
  checkingStatus: 'Se verifică starea plății…',

  detailsHeading: 'Datele dumneavoastră',
  detailsIntro: 'Regulile privind plățile ne cer să știm cine plătește.',
  orderTotal: 'Sumă totală',
  senderTypeLegend: 'Cine plătește?',
  senderNatural: 'O persoană fizică',
  senderLegal: 'O companie',
  fieldLabels: {
    first_name: 'Prenume',
    last_name: 'Nume',
    date_of_birth: 'Data nașterii',
    legal_name: 'Denumirea legală a companiei',
    country_of_registration: 'Țara de înregistrare',
  },
  countrySearch: 'Căutați o țară',
  countryNoMatch: 'Nicio țară nu corespunde.',
  email: 'E-mail (opțional)',
  emailHint: 'Folosit doar pentru a vă trimite instrucțiuni de rambursare.',
  payWithLegend: 'Plătiți cu',
  payWithLater: 'Alegeți pe pagina de plată',
  paymentCurrencyRefused:
    'Această monedă nu poate fi folosită acum pentru această plată. Alegeți alta.',
  currencyOnNetwork: (iso, network) => `${iso} în rețeaua ${network}`,
  submit: 'Continuați spre plată',
  submitting: 'Se creează plata…',
  formHasErrors: {
    one: 'Un câmp necesită atenția dumneavoastră.',
    few: '{count} câmpuri necesită atenția dumneavoastră.',
    other: '{count} de câmpuri necesită atenția dumneavoastră.',
  },

  required: {
    first_name: 'Introduceți prenumele.',
    last_name: 'Introduceți numele.',
    date_of_birth: 'Introduceți data nașterii.',
    legal_name: 'Introduceți denumirea legală a companiei.',
    country_of_registration: 'Alegeți țara în care este înregistrată compania.',
  },
  tooLong: 'Folosiți cel mult 255 de caractere.',
  dateOfBirthInvalid: 'Introduceți data reală a nașterii.',
  dateOfBirthIncomplete:
    'Această dată este incompletă sau nu există. Introduceți ziua, luna și anul.',
  dateParts: { day: 'Zi', month: 'Lună', year: 'An' },
  countryInvalid: 'Alegeți o țară din listă.',
  countryNotPicked: 'Alegeți țara din listă sau scrieți numele ei complet.',
  emailInvalid: 'Introduceți o adresă de e-mail de forma nume@exemplu.ro sau lăsați câmpul gol.',
  fieldInvalid: 'Verificați acest câmp.',

  otherAmount: 'Altă sumă',
  amountNotAccepted: 'Această sumă nu poate fi acceptată. Alegeți alta.',

  payHeading: 'Plată',
  amountLabel: 'Sumă',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Verificați suma',
  amountOutOfRange: (min, max) => `Alegeți o sumă între ${min} și ${max}.`,
  amountFormat: (example, whole) =>
    `Scrieți suma ${whole ? 'ca număr întreg' : 'în cifre, cu punct înaintea zecimalelor'}, de exemplu ${example}.`,
  openPaymentPage: 'Deschideți pagina de plată',
  opensInNewTab: '(se deschide într-o filă nouă)',
  paymentLink: 'Link de plată',
  qrLabel: 'Codul QR al linkului de plată',
  copyLink: 'Copiați linkul',
  copied: 'Linkul a fost copiat.',
  copyFailed: 'Copierea nu a reușit. Copiați linkul manual.',
  chooseAnotherCurrency: 'Alegeți altă monedă',
  cancelPayment: 'Anulați plata',
  paymentCancelled:
    'Ați anulat această plată. Pentru a plăti, reveniți în magazin și începeți din nou.',
  timeLeft: 'Timp rămas:',
  expiresAt: (time) => `(Expiră la ${time})`,
  statusCreated: 'Așteptăm plata dumneavoastră.',
  statusProcessing: 'Moneda a fost aleasă. Așteptăm să sosească plata dumneavoastră.',
  statusUnreadable:
    'Nu vă putem verifica plata în acest moment. Dacă ați plătit, plata este în siguranță: pagina se actualizează imediat ce putem verifica din nou.',
  checkNow: 'Verificați acum',

  redirectHeading: 'Spre pagina de plată',
  redirectBody: 'Vă redirecționăm către pagina de plată…',

  successHeading: 'Plată finalizată',
  successBody: 'Vă mulțumim. Plata dumneavoastră a sosit.',
  leavingToShop: 'Vă redirecționăm înapoi la magazin…',
  failedHeading: 'Plata a eșuat',
  failedBody: 'Plata a fost confirmată prea târziu sau a fost mai mică decât suma datorată.',
  expiredHeading: 'Plata a expirat',
  expiredBody: 'Nu a sosit nicio plată înainte de expirarea timpului. Nu s-a încasat nimic.',
  startAgain: 'Începeți din nou',
  failedUnderpaidBody: 'A sosit mai puțin decât suma datorată.',
  failedLateBody: 'Plata dumneavoastră a sosit, dar nu a fost confirmată la timp.',
  refundByEmail:
    'Serviciul de plăți vă va trimite prin e-mail instrucțiuni pentru a vă recupera banii.',
  refundFromShop: 'Pentru a vă recupera banii, contactați magazinul.',
  lateMoneyFromShop: 'Contactați magazinul în legătură cu banii trimiși.',
  failedMoneyFromShop: 'Dacă ați trimis deja bani, contactați magazinul.',
  overpaidRefundByEmail:
    'Ați trimis mai mult decât suma datorată. Serviciul de plăți vă va trimite prin e-mail instrucțiuni pentru a recupera diferența.',
  overpaidRefundFromShop:
    'Ați trimis mai mult decât suma datorată. Pentru a recupera diferența, contactați magazinul.',
  backToShop: 'Înapoi la magazin',
  paymentReference: 'Referința plății',
  referenceHint:
    'Menționați această referință dacă contactați magazinul în legătură cu această plată.',
  copyReference: 'Copiați referința',
  referenceCopied: 'Referința a fost copiată.',
  referenceCopyFailed: 'Copierea nu a reușit. Copiați referința manual.',
  referenceCapital: (letter) => `majusculă ${letter}`,
  referenceHyphen: 'cratimă',
  referenceUnderscore: 'liniuță jos',
  elsewhereHeading: 'Continuați în cealaltă filă',
  elsewhereBody:
    'Rezultatul acestei plăți este afișat în fila în care ați început-o. Puteți închide această filă.',

  errorHeading: 'Ceva nu a funcționat',
  errorUnreachable: 'Nu am putut contacta serviciul de plăți. Verificați conexiunea.',
  errorUnavailable: 'Serviciul de plăți nu răspunde acum. Încercați din nou peste câteva momente.',
  errorRateLimited: 'Prea multe încercări. Așteptați puțin și încercați din nou.',
  errorNotFound: 'Nu am găsit această plată.',
  errorSessionInvalid:
    'Acest link de plată a fost deja folosit sau a expirat. Reveniți la magazin și începeți din nou.',
  errorRejected: 'Plata nu a putut fi creată.',
  errorMisconfigured:
    'Pagina de plată a acestui magazin nu este configurată corect. Vă rugăm să anunțați magazinul.',
  retry: 'Încercați din nou',
  retryIn: (time) => `Încercați din nou peste ${time}`,
  retryWait: (time) => `Puteți încerca din nou peste ${time}.`,
  back: 'Înapoi',
};

export default ro;
