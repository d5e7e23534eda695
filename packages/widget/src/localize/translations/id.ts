/** Indonesian, loaded on demand. */
import type { Translation } from '../translation.ts';

const id: Translation = {
  $code: 'id',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Memuat halaman pembayaran…',
  checkingStatus: 'Memeriksa status pembayaran…',

  detailsHeading: 'Data Anda',
  detailsIntro: 'Aturan pembayaran mewajibkan kami mengetahui siapa yang membayar.',
  orderTotal: 'Total pembayaran',
  senderTypeLegend: 'Siapa yang membayar?',
  senderNatural: 'Perorangan',
  senderLegal: 'Perusahaan',
  fieldLabels: {
    first_name: 'Nama depan',
    last_name: 'Nama belakang',
    date_of_birth: 'Tanggal lahir',
    legal_name: 'Nama resmi perusahaan',
    country_of_registration: 'Negara tempat terdaftar',
  },
  countrySearch: 'Cari negara',
  countryNoMatch: 'Tidak ada negara yang cocok.',
  email: 'Email (opsional)',
  emailHint: 'Hanya digunakan untuk mengirimkan petunjuk pengembalian dana kepada Anda.',
  payWithLegend: 'Bayar dengan',
  payWithLater: 'Pilih di halaman pembayaran',
  paymentCurrencyRefused:
    'Mata uang ini tidak dapat digunakan untuk pembayaran ini saat ini. Pilih mata uang lain.',
  currencyOnNetwork: (iso, network) => `${iso} di jaringan ${network}`,
  submit: 'Lanjut ke pembayaran',
  submitting: 'Membuat pembayaran Anda…',
  formHasErrors: {
    other: '{count} kolom perlu Anda periksa.',
  },

  required: {
    first_name: 'Masukkan nama depan Anda.',
    last_name: 'Masukkan nama belakang Anda.',
    date_of_birth: 'Masukkan tanggal lahir Anda.',
    legal_name: 'Masukkan nama resmi perusahaan.',
    country_of_registration: 'Pilih negara tempat perusahaan terdaftar.',
  },
  tooLong: 'Gunakan paling banyak 255 karakter.',
  dateOfBirthInvalid: 'Masukkan tanggal lahir Anda yang sebenarnya.',
  dateOfBirthIncomplete:
    'Tanggal ini tidak lengkap atau tidak ada. Masukkan hari, bulan, dan tahun.',
  dateParts: { day: 'Hari', month: 'Bulan', year: 'Tahun' },
  countryInvalid: 'Pilih negara dari daftar.',
  countryNotPicked: 'Pilih negara dari daftar, atau ketik nama lengkapnya.',
  emailInvalid: 'Masukkan alamat email seperti nama@contoh.co.id, atau kosongkan.',
  fieldInvalid: 'Periksa kolom ini.',

  otherAmount: 'Jumlah lain',
  amountNotAccepted: 'Jumlah ini tidak dapat diterima. Pilih jumlah lain.',

  payHeading: 'Pembayaran',
  amountLabel: 'Jumlah',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Periksa jumlahnya',
  amountOutOfRange: (min, max) => `Pilih jumlah antara ${min} dan ${max}.`,
  amountFormat: (example, whole) =>
    `Tulis jumlahnya ${whole ? 'sebagai bilangan bulat' : 'dengan angka, memakai titik sebelum desimal'}, misalnya ${example}.`,
  openPaymentPage: 'Buka halaman pembayaran',
  opensInNewTab: '(terbuka di tab baru)',
  paymentLink: 'Tautan pembayaran',
  qrLabel: 'Kode QR tautan pembayaran',
  copyLink: 'Salin tautan',
  copied: 'Tautan disalin.',
  copyFailed: 'Gagal menyalin. Salin tautannya secara manual.',
  chooseAnotherCurrency: 'Pilih mata uang lain',
  cancelPayment: 'Batalkan pembayaran',
  paymentCancelled:
    'Anda telah membatalkan pembayaran ini. Untuk membayar, kembali ke toko dan mulai lagi.',
  timeLeft: 'Sisa waktu:',
  expiresAt: (time) => `(Berlaku hingga ${time})`,
  statusCreated: 'Menunggu pembayaran Anda.',
  statusProcessing: 'Mata uang sudah dipilih. Menunggu pembayaran Anda masuk.',
  statusUnreadable:
    'Kami tidak dapat memeriksa pembayaran Anda saat ini. Jika Anda sudah membayar, pembayaran Anda aman: halaman ini akan diperbarui begitu kami dapat memeriksanya lagi.',
  checkNow: 'Periksa sekarang',

  redirectHeading: 'Menuju halaman pembayaran',
  redirectBody: 'Mengarahkan Anda ke halaman pembayaran…',

  successHeading: 'Pembayaran berhasil',
  successBody: 'Terima kasih. Pembayaran Anda sudah kami terima.',
  leavingToShop: 'Mengarahkan Anda kembali ke toko…',
  failedHeading: 'Pembayaran gagal',
  failedBody: 'Pembayaran terkonfirmasi terlambat atau kurang dari jumlah yang harus dibayar.',
  expiredHeading: 'Waktu pembayaran habis',
  expiredBody:
    'Tidak ada pembayaran yang masuk sebelum waktu habis. Tidak ada dana yang terpotong.',
  startAgain: 'Mulai lagi',
  failedUnderpaidBody: 'Jumlah yang masuk kurang dari jumlah yang harus dibayar.',
  failedLateBody: 'Pembayaran Anda sudah masuk, tetapi tidak dikonfirmasi tepat waktu.',
  refundByEmail:
    'Layanan pembayaran akan mengirimkan petunjuk untuk mendapatkan kembali uang Anda melalui email.',
  refundFromShop: 'Untuk mendapatkan kembali uang Anda, silakan hubungi toko.',
  lateMoneyFromShop: 'Silakan hubungi toko mengenai uang yang sudah Anda kirim.',
  failedMoneyFromShop: 'Jika Anda sudah mengirim uang, silakan hubungi toko.',
  overpaidRefundByEmail:
    'Anda mengirim lebih dari jumlah yang harus dibayar. Layanan pembayaran akan mengirimkan petunjuk untuk mendapatkan kembali selisihnya melalui email.',
  overpaidRefundFromShop:
    'Anda mengirim lebih dari jumlah yang harus dibayar. Silakan hubungi toko untuk mendapatkan kembali selisihnya.',
  backToShop: 'Kembali ke toko',
  paymentReference: 'Referensi pembayaran',
  referenceHint: 'Sebutkan referensi ini jika Anda menghubungi toko tentang pembayaran ini.',
  copyReference: 'Salin referensi',
  referenceCopied: 'Referensi disalin.',
  referenceCopyFailed: 'Gagal menyalin. Salin referensinya secara manual.',
  referenceCapital: (letter) => `huruf besar ${letter}`,
  referenceHyphen: 'tanda hubung',
  referenceUnderscore: 'garis bawah',
  elsewhereHeading: 'Lanjutkan di tab lain',
  elsewhereBody:
    'Hasil pembayaran ini ditampilkan di tab tempat Anda memulainya. Anda dapat menutup tab ini.',

  errorHeading: 'Terjadi kesalahan',
  errorUnreachable: 'Layanan pembayaran tidak dapat dihubungi. Periksa koneksi Anda.',
  errorUnavailable: 'Layanan pembayaran sedang tidak merespons. Coba lagi sebentar lagi.',
  errorRateLimited: 'Terlalu banyak percobaan. Tunggu sebentar, lalu coba lagi.',
  errorNotFound: 'Pembayaran ini tidak ditemukan.',
  errorSessionInvalid:
    'Tautan pembayaran ini sudah digunakan atau kedaluwarsa. Kembali ke toko dan mulai lagi.',
  errorRejected: 'Pembayaran tidak dapat dibuat.',
  errorMisconfigured:
    'Halaman pembayaran toko ini belum disiapkan dengan benar. Mohon beri tahu pihak toko.',
  retry: 'Coba lagi',
  retryIn: (time) => `Coba lagi dalam ${time}`,
  retryWait: (time) => `Anda dapat mencoba lagi dalam ${time}.`,
  back: 'Kembali',
};

export default id;
