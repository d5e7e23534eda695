/** Greek, loaded on demand. */
import type { Translation } from '../translation.ts';

const el: Translation = {
  $code: 'el',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Φόρτωση της πληρωμής…',
  checkingStatus: 'Έλεγχος της κατάστασης πληρωμής…',

  detailsHeading: 'Τα στοιχεία σας',
  detailsIntro: 'Οι κανόνες πληρωμών απαιτούν να γνωρίζουμε ποιος πληρώνει.',
  orderTotal: 'Σύνολο',
  senderTypeLegend: 'Ποιος πληρώνει;',
  senderNatural: 'Ιδιώτης',
  senderLegal: 'Εταιρεία',
  fieldLabels: {
    first_name: 'Όνομα',
    last_name: 'Επώνυμο',
    date_of_birth: 'Ημερομηνία γέννησης',
    legal_name: 'Επωνυμία της εταιρείας',
    country_of_registration: 'Χώρα εγγραφής',
  },
  countrySearch: 'Αναζήτηση χώρας',
  countryNoMatch: 'Δεν βρέθηκε χώρα.',
  email: 'Email (προαιρετικό)',
  emailHint: 'Χρησιμοποιείται μόνο για να σας στείλουμε οδηγίες επιστροφής χρημάτων.',
  payWithLegend: 'Πληρωμή με',
  payWithLater: 'Επιλογή στη σελίδα πληρωμής',
  paymentCurrencyRefused:
    'Αυτό το νόμισμα δεν μπορεί να χρησιμοποιηθεί για αυτή την πληρωμή αυτή τη στιγμή. Επιλέξτε άλλο.',
  currencyOnNetwork: (iso, network) => `${iso} στο δίκτυο ${network}`,
  submit: 'Συνέχεια στην πληρωμή',
  submitting: 'Δημιουργία της πληρωμής σας…',
  formHasErrors: {
    one: 'Ένα πεδίο χρειάζεται την προσοχή σας.',
    other: '{count} πεδία χρειάζονται την προσοχή σας.',
  },

  required: {
    first_name: 'Εισαγάγετε το όνομά σας.',
    last_name: 'Εισαγάγετε το επώνυμό σας.',
    date_of_birth: 'Εισαγάγετε την ημερομηνία γέννησής σας.',
    legal_name: 'Εισαγάγετε την επωνυμία της εταιρείας.',
    country_of_registration: 'Επιλέξτε τη χώρα όπου είναι εγγεγραμμένη η εταιρεία.',
  },
  tooLong: 'Χρησιμοποιήστε έως 255 χαρακτήρες.',
  dateOfBirthInvalid: 'Εισαγάγετε την πραγματική ημερομηνία γέννησής σας.',
  dateOfBirthIncomplete:
    'Αυτή η ημερομηνία είναι ελλιπής ή δεν υπάρχει. Εισαγάγετε ημέρα, μήνα και έτος.',
  countryInvalid: 'Επιλέξτε μια χώρα από τη λίστα.',
  countryNotPicked: 'Επιλέξτε τη χώρα από τη λίστα ή πληκτρολογήστε ολόκληρο το όνομά της.',
  emailInvalid: 'Εισαγάγετε μια διεύθυνση email όπως name@example.com ή αφήστε το πεδίο κενό.',
  fieldInvalid: 'Ελέγξτε αυτό το πεδίο.',

  otherAmount: 'Άλλο ποσό',
  amountNotAccepted: 'Αυτό το ποσό δεν μπορεί να γίνει δεκτό. Επιλέξτε άλλο.',

  payHeading: 'Πληρωμή',
  amountLabel: 'Ποσό',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Ελέγξτε το ποσό',
  amountOutOfRange: (min, max) => `Επιλέξτε ένα ποσό από ${min} έως ${max}.`,
  amountFormat: (example, whole) =>
    `Γράψτε το ποσό ${whole ? 'ως ακέραιο αριθμό' : 'με ψηφία και τελεία πριν από τα δεκαδικά'}, για παράδειγμα ${example}.`,
  openPaymentPage: 'Άνοιγμα της σελίδας πληρωμής',
  opensInNewTab: '(ανοίγει σε νέα καρτέλα)',
  paymentLink: 'Σύνδεσμος πληρωμής',
  qrLabel: 'Κωδικός QR του συνδέσμου πληρωμής',
  copyLink: 'Αντιγραφή συνδέσμου',
  copied: 'Ο σύνδεσμος αντιγράφηκε.',
  copyFailed: 'Η αντιγραφή δεν ήταν δυνατή. Αντιγράψτε τον σύνδεσμο μόνοι σας.',
  chooseAnotherCurrency: 'Επιλέξτε άλλο νόμισμα',
  cancelPayment: 'Ακύρωση πληρωμής',
  paymentCancelled:
    'Ακυρώσατε αυτή την πληρωμή. Για να πληρώσετε, επιστρέψτε στο κατάστημα και ξεκινήστε από την αρχή.',
  timeLeft: 'Χρόνος που απομένει:',
  expiresAt: (time) => `Λήγει στις ${time}`,
  statusCreated: 'Αναμένουμε την πληρωμή σας.',
  statusProcessing: 'Το νόμισμα επιλέχθηκε. Αναμένουμε να φτάσει η πληρωμή σας.',
  connectionTrouble:
    'Δεν μπορούμε να συνδεθούμε με την υπηρεσία πληρωμών. Συνεχίζουμε να προσπαθούμε.',
  checkNow: 'Έλεγχος τώρα',

  redirectHeading: 'Μετάβαση στη σελίδα πληρωμής',
  redirectBody: 'Σας μεταφέρουμε στη σελίδα πληρωμής…',

  successHeading: 'Η πληρωμή ολοκληρώθηκε',
  successBody: 'Σας ευχαριστούμε. Η πληρωμή σας έφτασε.',
  leavingToShop: 'Σας επιστρέφουμε στο κατάστημα…',
  failedHeading: 'Η πληρωμή απέτυχε',
  failedBody: 'Η πληρωμή επιβεβαιώθηκε πολύ αργά ή ήταν μικρότερη από το οφειλόμενο ποσό.',
  expiredHeading: 'Η πληρωμή έληξε',
  expiredBody: 'Δεν έφτασε καμία πληρωμή πριν λήξει ο χρόνος. Δεν έγινε καμία χρέωση.',
  startAgain: 'Ξεκινήστε ξανά',
  failedUnderpaidBody: 'Έφτασε λιγότερο από το οφειλόμενο ποσό.',
  failedLateBody: 'Η πληρωμή σας έφτασε, αλλά δεν επιβεβαιώθηκε εγκαίρως.',
  refundByEmail:
    'Η υπηρεσία πληρωμών θα σας στείλει με email οδηγίες για να πάρετε πίσω τα χρήματά σας.',
  refundFromShop: 'Για να πάρετε πίσω τα χρήματά σας, επικοινωνήστε με το κατάστημα.',
  lateMoneyFromShop: 'Επικοινωνήστε με το κατάστημα για τα χρήματα που στείλατε.',
  failedMoneyFromShop: 'Αν έχετε ήδη στείλει χρήματα, επικοινωνήστε με το κατάστημα.',
  overpaidRefundByEmail:
    'Στείλατε περισσότερα από το οφειλόμενο ποσό. Η υπηρεσία πληρωμών θα σας στείλει με email οδηγίες για να πάρετε πίσω τη διαφορά.',
  overpaidRefundFromShop:
    'Στείλατε περισσότερα από το οφειλόμενο ποσό. Επικοινωνήστε με το κατάστημα για να πάρετε πίσω τη διαφορά.',
  backToShop: 'Επιστροφή στο κατάστημα',
  paymentReference: 'Κωδικός αναφοράς πληρωμής',
  referenceHint:
    'Αναφέρετε αυτόν τον κωδικό αν επικοινωνήσετε με το κατάστημα για αυτή την πληρωμή.',
  copyReference: 'Αντιγραφή κωδικού',
  referenceCopied: 'Ο κωδικός αντιγράφηκε.',
  referenceCopyFailed: 'Η αντιγραφή δεν ήταν δυνατή. Αντιγράψτε τον κωδικό μόνοι σας.',
  referenceCapital: (letter) => `κεφαλαίο ${letter}`,
  referenceHyphen: 'ενωτικό',
  referenceUnderscore: 'κάτω παύλα',
  elsewhereHeading: 'Συνεχίστε στην άλλη καρτέλα σας',
  elsewhereBody:
    'Το αποτέλεσμα αυτής της πληρωμής εμφανίζεται στην καρτέλα όπου την ξεκινήσατε. Μπορείτε να κλείσετε αυτή την καρτέλα.',

  errorHeading: 'Κάτι πήγε στραβά',
  errorUnreachable: 'Δεν ήταν δυνατή η σύνδεση με την υπηρεσία πληρωμών. Ελέγξτε τη σύνδεσή σας.',
  errorUnavailable: 'Η υπηρεσία πληρωμών δεν απαντά αυτή τη στιγμή. Δοκιμάστε ξανά σε λίγο.',
  errorRateLimited: 'Πάρα πολλές προσπάθειες. Περιμένετε λίγο και δοκιμάστε ξανά.',
  errorNotFound: 'Δεν βρήκαμε αυτή την πληρωμή.',
  errorSessionInvalid:
    'Αυτός ο σύνδεσμος πληρωμής έχει ήδη χρησιμοποιηθεί ή έχει λήξει. Επιστρέψτε στο κατάστημα και ξεκινήστε από την αρχή.',
  errorRejected: 'Δεν ήταν δυνατή η δημιουργία της πληρωμής.',
  errorMisconfigured: 'Το κατάστημα δεν έχει ρυθμίσει αυτή την πληρωμή.',
  retry: 'Δοκιμάστε ξανά',
  retryIn: (time) => `Δοκιμάστε ξανά σε ${time}`,
  retryWait: (time) => `Μπορείτε να δοκιμάσετε ξανά σε ${time}.`,
  back: 'Πίσω',
};

export default el;
