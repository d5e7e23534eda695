/** Turkish, loaded on demand. */
import type { Translation } from '../translation.ts';

const tr: Translation = {
  $code: 'tr',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Ödeme sayfası yükleniyor…',
  checkingStatus: 'Ödeme durumu kontrol ediliyor…',

  detailsHeading: 'Bilgileriniz',
  detailsIntro: 'Ödeme kuralları gereği ödemeyi kimin yaptığını bilmemiz gerekiyor.',
  orderTotal: 'Toplam',
  senderTypeLegend: 'Ödemeyi kim yapıyor?',
  senderNatural: 'Bireysel',
  senderLegal: 'Kurumsal',
  fieldLabels: {
    first_name: 'Ad',
    last_name: 'Soyad',
    date_of_birth: 'Doğum tarihi',
    legal_name: 'Şirketin ticari unvanı',
    country_of_registration: 'Kayıtlı olduğu ülke',
  },
  countrySearch: 'Ülke ara',
  countryNoMatch: 'Eşleşen ülke yok.',
  email: 'E-posta (isteğe bağlı)',
  emailHint: 'Yalnızca size iade talimatlarını göndermek için kullanılır.',
  payWithLegend: 'Ödeme yöntemi',
  payWithLater: 'Ödeme sayfasında seçin',
  paymentCurrencyRefused:
    'Bu para birimi şu anda bu ödeme için kullanılamıyor. Lütfen başka bir tane seçin.',
  currencyOnNetwork: (iso, network) => `${network} ağında ${iso}`,
  submit: 'Ödemeye geç',
  submitting: 'Ödemeniz oluşturuluyor…',
  formHasErrors: {
    one: '{count} alanı kontrol etmeniz gerekiyor.',
    other: '{count} alanı kontrol etmeniz gerekiyor.',
  },

  required: {
    first_name: 'Adınızı girin.',
    last_name: 'Soyadınızı girin.',
    date_of_birth: 'Doğum tarihinizi girin.',
    legal_name: 'Şirketin ticari unvanını girin.',
    country_of_registration: 'Şirketin kayıtlı olduğu ülkeyi seçin.',
  },
  tooLong: 'En fazla 255 karakter kullanın.',
  dateOfBirthInvalid: 'Gerçek doğum tarihinizi girin.',
  countryInvalid: 'Listeden bir ülke seçin.',
  emailInvalid: 'ad@ornek.com gibi bir e-posta adresi girin veya alanı boş bırakın.',
  fieldInvalid: 'Bu alanı kontrol edin.',

  otherAmount: 'Başka bir tutar',
  amountNotAccepted: 'Bu tutar kabul edilemiyor. Başka bir tutar seçin.',

  payHeading: 'Ödeme',
  amountLabel: 'Tutar',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Tutarı kontrol edin',
  amountOutOfRange: (min, max) => `${min} ile ${max} arasında bir tutar seçin.`,
  amountFormat: (example, whole) =>
    `Tutarı ${whole ? 'tam sayı olarak' : 'rakamla ve kuruştan önce nokta koyarak'} yazın, örneğin ${example}.`,
  openPaymentPage: 'Ödeme sayfasını aç',
  opensInNewTab: '(yeni sekmede açılır)',
  paymentLink: 'Ödeme bağlantısı',
  qrLabel: 'Ödeme bağlantısının karekodu (QR)',
  copyLink: 'Bağlantıyı kopyala',
  copied: 'Bağlantı kopyalandı.',
  copyFailed: 'Kopyalanamadı. Bağlantıyı kendiniz kopyalayın.',
  timeLeft: 'Kalan süre:',
  expiresAt: (time) => `Son geçerlilik saati: ${time}`,
  statusCreated: 'Ödemeniz bekleniyor.',
  statusProcessing: 'Para birimi seçildi. Ödemenizin ulaşması bekleniyor.',
  statusUnreadable:
    'Şu anda ödemenizi kontrol edemiyoruz. Ödeme yaptıysanız ödemeniz güvende: tekrar kontrol edebildiğimiz anda bu sayfa güncellenir.',
  checkNow: 'Şimdi kontrol et',

  redirectHeading: 'Ödeme sayfasına gidiliyor',
  redirectBody: 'Ödeme sayfasına yönlendiriliyorsunuz…',

  successHeading: 'Ödeme tamamlandı',
  successBody: 'Teşekkürler. Ödemeniz ulaştı.',
  leavingToShop: 'Mağazaya geri yönlendiriliyorsunuz…',
  failedHeading: 'Ödeme başarısız',
  failedBody: 'Ödeme çok geç onaylandı ya da ödenmesi gereken tutardan azdı.',
  expiredHeading: 'Ödemenin süresi doldu',
  expiredBody: 'Süre dolmadan hiçbir ödeme ulaşmadı. Sizden hiçbir tutar alınmadı.',
  startAgain: 'Baştan başla',
  failedUnderpaidBody: 'Ödenmesi gereken tutardan daha azı ulaştı.',
  failedLateBody: 'Ödemeniz ulaştı ancak zamanında onaylanmadı.',
  refundByEmail:
    'Ödeme hizmeti, paranızı nasıl geri alacağınızı anlatan talimatları size e-postayla gönderecek.',
  refundFromShop: 'Paranızı geri almak için mağazayla iletişime geçin.',
  lateMoneyFromShop: 'Gönderdiğiniz para hakkında mağazayla iletişime geçin.',
  failedMoneyFromShop: 'Para gönderdiyseniz mağazayla iletişime geçin.',
  overpaidRefundByEmail:
    'Ödenmesi gereken tutardan fazlasını gönderdiniz. Ödeme hizmeti, farkı nasıl geri alacağınızı anlatan talimatları size e-postayla gönderecek.',
  overpaidRefundFromShop:
    'Ödenmesi gereken tutardan fazlasını gönderdiniz. Farkı geri almak için mağazayla iletişime geçin.',
  backToShop: 'Mağazaya dön',
  paymentReference: 'Ödeme referansı',
  referenceHint: 'Bu ödeme için mağazayla iletişime geçerseniz bu referansı belirtin.',
  copyReference: 'Referansı kopyala',
  referenceCopied: 'Referans kopyalandı.',
  referenceCopyFailed: 'Kopyalanamadı. Referansı kendiniz kopyalayın.',
  referenceCapital: (letter) => `büyük ${letter}`,
  referenceHyphen: 'kısa çizgi',
  referenceUnderscore: 'alt çizgi',
  elsewhereHeading: 'Diğer sekmenizden devam edin',
  elsewhereBody:
    'Bu ödemenin sonucu, ödemeyi başlattığınız sekmede gösteriliyor. Bu sekmeyi kapatabilirsiniz.',

  errorHeading: 'Bir sorun oluştu',
  errorUnreachable: 'Ödeme hizmetine ulaşılamadı. İnternet bağlantınızı kontrol edin.',
  errorUnavailable: 'Ödeme hizmeti şu anda yanıt vermiyor. Biraz sonra tekrar deneyin.',
  errorRateLimited: 'Çok fazla deneme yapıldı. Biraz bekleyip tekrar deneyin.',
  errorNotFound: 'Bu ödemeyi bulamadık.',
  errorSessionInvalid:
    'Bu ödeme bağlantısı zaten kullanılmış veya süresi dolmuş. Mağazaya dönüp yeniden başlayın.',
  errorRejected: 'Ödeme oluşturulamadı.',
  errorMisconfigured: 'Bu mağazanın ödeme sayfası doğru kurulmamış. Lütfen mağazaya bildirin.',
  retry: 'Tekrar dene',
  retryIn: (time) => `${time} sonra tekrar dene`,
  retryWait: (time) => `${time} sonra tekrar deneyebilirsiniz.`,
  back: 'Geri',
};

export default tr;
