/** Malay, loaded on demand. */
import type { Translation } from '../translation.ts';

const ms: Translation = {
  $code: 'ms',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'Memuatkan pembayaran…',
  checkingStatus: 'Menyemak status pembayaran…',

  detailsHeading: 'Butiran anda',
  detailsIntro: 'Peraturan pembayaran memerlukan kami mengetahui siapa yang membayar.',
  orderTotal: 'Jumlah',
  senderTypeLegend: 'Siapa yang membayar?',
  senderNatural: 'Individu',
  senderLegal: 'Syarikat',
  fieldLabels: {
    first_name: 'Nama pertama',
    last_name: 'Nama keluarga',
    date_of_birth: 'Tarikh lahir',
    legal_name: 'Nama sah syarikat',
    country_of_registration: 'Negara pendaftaran',
  },
  countrySearch: 'Cari negara',
  countryNoMatch: 'Tiada negara yang sepadan.',
  email: 'E-mel (pilihan)',
  emailHint: 'Hanya digunakan untuk menghantar arahan bayaran balik kepada anda.',
  payWithLegend: 'Bayar dengan',
  payWithLater: 'Pilih di halaman pembayaran',
  paymentCurrencyRefused:
    'Mata wang ini tidak boleh digunakan untuk pembayaran ini buat masa ini. Sila pilih yang lain.',
  currencyOnNetwork: (iso, network) => `${iso} di rangkaian ${network}`,
  submit: 'Teruskan ke pembayaran',
  submitting: 'Mencipta pembayaran anda…',
  formHasErrors: {
    other: '{count} medan memerlukan perhatian anda.',
  },

  required: {
    first_name: 'Masukkan nama pertama anda.',
    last_name: 'Masukkan nama keluarga anda.',
    date_of_birth: 'Masukkan tarikh lahir anda.',
    legal_name: 'Masukkan nama sah syarikat.',
    country_of_registration: 'Pilih negara tempat syarikat didaftarkan.',
  },
  tooLong: 'Gunakan tidak lebih daripada 255 aksara.',
  dateOfBirthInvalid: 'Masukkan tarikh lahir sebenar anda.',
  dateOfBirthIncomplete:
    'Tarikh ini tidak lengkap atau tidak wujud. Masukkan hari, bulan dan tahun.',
  dateParts: { day: 'Hari', month: 'Bulan', year: 'Tahun' },
  countryInvalid: 'Pilih negara daripada senarai.',
  countryNotPicked: 'Pilih negara daripada senarai, atau taip nama penuhnya.',
  emailInvalid: 'Masukkan alamat e-mel seperti nama@contoh.com, atau biarkan kosong.',
  fieldInvalid: 'Semak medan ini.',

  otherAmount: 'Amaun lain',
  amountNotAccepted: 'Amaun ini tidak dapat diterima. Sila pilih amaun lain.',

  payHeading: 'Bayar',
  amountLabel: 'Amaun',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Semak amaun',
  amountOutOfRange: (min, max) => `Pilih amaun antara ${min} dan ${max}.`,
  amountFormat: (example, whole) =>
    `Tulis amaun ${whole ? 'sebagai nombor bulat' : 'dalam angka dengan titik sebelum perpuluhan'}, contohnya ${example}.`,
  openPaymentPage: 'Buka halaman pembayaran',
  opensInNewTab: '(dibuka dalam tab baharu)',
  paymentLink: 'Pautan pembayaran',
  qrLabel: 'Kod QR pautan pembayaran',
  copyLink: 'Salin pautan',
  copied: 'Pautan disalin.',
  copyFailed: 'Tidak dapat menyalin. Sila salin pautan sendiri.',
  chooseAnotherCurrency: 'Pilih mata wang lain',
  cancelPayment: 'Batalkan pembayaran',
  paymentCancelled:
    'Anda telah membatalkan pembayaran ini. Untuk membayar, kembali ke kedai dan mula semula.',
  timeLeft: 'Masa yang tinggal:',
  expiresAt: (time) => `(Tamat tempoh pada ${time})`,
  statusCreated: 'Menunggu pembayaran anda.',
  statusProcessing: 'Mata wang telah dipilih. Menunggu pembayaran anda tiba.',
  statusUnreadable:
    'Kami tidak dapat menyemak pembayaran anda sekarang. Jika anda sudah membayar, ia selamat: halaman ini akan dikemas kini sebaik sahaja kami dapat menyemak semula.',
  checkNow: 'Semak sekarang',

  redirectHeading: 'Ke halaman pembayaran',
  redirectBody: 'Membawa anda ke halaman pembayaran…',

  successHeading: 'Pembayaran selesai',
  successBody: 'Terima kasih. Pembayaran anda telah diterima.',
  leavingToShop: 'Membawa anda kembali ke kedai…',
  failedHeading: 'Pembayaran gagal',
  failedBody: 'Pembayaran disahkan terlalu lewat atau kurang daripada amaun yang perlu dibayar.',
  expiredHeading: 'Pembayaran tamat tempoh',
  expiredBody: 'Tiada pembayaran diterima sebelum masa tamat. Tiada apa-apa yang ditolak.',
  startAgain: 'Mula semula',
  failedUnderpaidBody: 'Amaun yang diterima kurang daripada amaun yang perlu dibayar.',
  failedLateBody: 'Pembayaran anda telah diterima tetapi tidak disahkan tepat pada masanya.',
  refundByEmail:
    'Perkhidmatan pembayaran akan menghantar arahan melalui e-mel untuk mendapatkan semula wang anda.',
  refundFromShop: 'Untuk mendapatkan semula wang anda, sila hubungi kedai.',
  lateMoneyFromShop: 'Sila hubungi kedai tentang wang yang telah anda hantar.',
  failedMoneyFromShop: 'Jika anda sudah menghantar wang, sila hubungi kedai.',
  overpaidRefundByEmail:
    'Anda menghantar lebih daripada amaun yang perlu dibayar. Perkhidmatan pembayaran akan menghantar arahan melalui e-mel untuk mendapatkan semula bezanya.',
  overpaidRefundFromShop:
    'Anda menghantar lebih daripada amaun yang perlu dibayar. Sila hubungi kedai untuk mendapatkan semula bezanya.',
  backToShop: 'Kembali ke kedai',
  paymentReference: 'Rujukan pembayaran',
  referenceHint: 'Berikan rujukan ini jika anda menghubungi kedai tentang pembayaran ini.',
  copyReference: 'Salin rujukan',
  referenceCopied: 'Rujukan disalin.',
  referenceCopyFailed: 'Tidak dapat menyalin. Sila salin rujukan sendiri.',
  referenceCapital: (letter) => `huruf besar ${letter}`,
  referenceHyphen: 'tanda sempang',
  referenceUnderscore: 'garis bawah',
  elsewhereHeading: 'Teruskan dalam tab anda yang satu lagi',
  elsewhereBody:
    'Keputusan pembayaran ini dipaparkan dalam tab tempat anda memulakannya. Anda boleh menutup tab ini.',

  errorHeading: 'Berlaku masalah',
  errorUnreachable: 'Kami tidak dapat menghubungi perkhidmatan pembayaran. Semak sambungan anda.',
  errorUnavailable: 'Perkhidmatan pembayaran tidak menjawab sekarang. Cuba lagi sebentar lagi.',
  errorRateLimited: 'Terlalu banyak percubaan. Tunggu sebentar dan cuba lagi.',
  errorNotFound: 'Kami tidak menemui pembayaran ini.',
  errorSessionInvalid:
    'Pautan pembayaran ini telah digunakan atau telah tamat tempoh. Kembali ke kedai dan mula semula.',
  errorRejected: 'Pembayaran tidak dapat dicipta.',
  errorMisconfigured:
    'Halaman pembayaran kedai ini tidak disediakan dengan betul. Sila maklumkan kepada kedai.',
  retry: 'Cuba lagi',
  retryIn: (time) => `Cuba lagi dalam ${time}`,
  retryWait: (time) => `Anda boleh mencuba lagi dalam ${time}.`,
  back: 'Kembali',
};

export default ms;
