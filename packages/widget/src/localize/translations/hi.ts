/**
 * Hindi, loaded on demand: आप throughout, Latin digits grouped the Indian way (12,34,567.89: two
 * digits a group left of the last three).
 */
import type { Translation } from '../translation.ts';

const hi: Translation = {
  $code: 'hi',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,
  // Before the last three digits and before each two left of them.
  $grouping: /\B(?=(\d\d)*\d{3}$)/g,

  loading: 'चेकआउट लोड हो रहा है…',
  checkingStatus: 'भुगतान की स्थिति जाँची जा रही है…',

  detailsHeading: 'आपकी जानकारी',
  detailsIntro: 'भुगतान नियमों के अनुसार हमें यह जानना ज़रूरी है कि भुगतान कौन कर रहा है।',
  orderTotal: 'कुल',
  senderTypeLegend: 'भुगतान कौन कर रहा है?',
  senderNatural: 'एक व्यक्ति',
  senderLegal: 'एक कंपनी',
  fieldLabels: {
    first_name: 'पहला नाम',
    last_name: 'उपनाम',
    date_of_birth: 'जन्म तिथि',
    legal_name: 'कंपनी का पंजीकृत नाम',
    country_of_registration: 'पंजीकरण का देश',
  },
  countrySearch: 'देश खोजें',
  countryNoMatch: 'कोई देश नहीं मिला।',
  email: 'ईमेल (वैकल्पिक)',
  emailHint: 'केवल आपको रिफ़ंड के निर्देश भेजने के लिए उपयोग किया जाएगा।',
  payWithLegend: 'इससे भुगतान करें',
  payWithLater: 'भुगतान पेज पर चुनें',
  paymentCurrencyRefused: 'इस समय इस भुगतान के लिए यह मुद्रा उपयोग नहीं की जा सकती। कृपया कोई दूसरी चुनें।',
  currencyOnNetwork: (iso, network) => `${network} नेटवर्क पर ${iso}`,
  submit: 'भुगतान पर आगे बढ़ें',
  submitting: 'आपका भुगतान बनाया जा रहा है…',
  formHasErrors: {
    one: '{count} फ़ील्ड पर आपका ध्यान चाहिए।',
    other: '{count} फ़ील्ड पर आपका ध्यान चाहिए।',
  },

  required: {
    first_name: 'अपना पहला नाम दर्ज करें।',
    last_name: 'अपना उपनाम दर्ज करें।',
    date_of_birth: 'अपनी जन्म तिथि दर्ज करें।',
    legal_name: 'कंपनी का पंजीकृत नाम दर्ज करें।',
    country_of_registration: 'वह देश चुनें जहाँ कंपनी पंजीकृत है।',
  },
  tooLong: '255 या उससे कम वर्णों का उपयोग करें।',
  dateOfBirthInvalid: 'अपनी सही जन्म तिथि दर्ज करें।',
  dateOfBirthIncomplete: 'यह तिथि अधूरी है या मौजूद नहीं है। दिन, महीना और वर्ष दर्ज करें।',
  dateParts: { day: 'दिन', month: 'माह', year: 'वर्ष' },
  countryInvalid: 'सूची में से कोई देश चुनें।',
  countryNotPicked: 'सूची में से देश चुनें, या उसका पूरा नाम लिखें।',
  emailInvalid: 'name@example.com जैसा ईमेल पता दर्ज करें, या इसे खाली छोड़ दें।',
  fieldInvalid: 'कृपया यह फ़ील्ड जाँचें।',

  otherAmount: 'अन्य राशि',
  amountNotAccepted: 'यह राशि स्वीकार नहीं की जा सकती। कृपया कोई दूसरी राशि चुनें।',

  payHeading: 'भुगतान करें',
  amountLabel: 'राशि',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'राशि जाँचें',
  amountOutOfRange: (min, max) => `${min} और ${max} के बीच की राशि चुनें।`,
  amountFormat: (example, whole) =>
    `राशि ${whole ? 'पूर्ण संख्या में' : 'अंकों में, दशमलव से पहले बिंदु (.) लगाकर'} लिखें, जैसे ${example}।`,
  openPaymentPage: 'भुगतान पेज खोलें',
  opensInNewTab: '(नए टैब में खुलता है)',
  paymentLink: 'भुगतान लिंक',
  qrLabel: 'भुगतान लिंक का QR कोड',
  copyLink: 'लिंक कॉपी करें',
  copied: 'लिंक कॉपी हो गया।',
  copyFailed: 'कॉपी नहीं हो सका। कृपया लिंक स्वयं कॉपी करें।',
  chooseAnotherCurrency: 'कोई दूसरी मुद्रा चुनें',
  cancelPayment: 'भुगतान रद्द करें',
  paymentCancelled: 'आपने यह भुगतान रद्द कर दिया है। भुगतान करने के लिए दुकान पर वापस जाएँ और फिर से शुरू करें।',
  timeLeft: 'बचा हुआ समय:',
  expiresAt: (time) => `(${time} पर समाप्त होगा)`,
  statusCreated: 'आपके भुगतान की प्रतीक्षा है।',
  statusProcessing: 'मुद्रा चुन ली गई है। आपके भुगतान के आने की प्रतीक्षा है।',
  statusUnreadable:
    'हम अभी आपका भुगतान जाँच नहीं पा रहे हैं। अगर आपने भुगतान कर दिया है, तो वह सुरक्षित है: जैसे ही हम फिर से जाँच पाएँगे, यह पेज अपडेट हो जाएगा।',
  checkNow: 'अभी जाँचें',

  redirectHeading: 'भुगतान पेज पर जा रहे हैं',
  redirectBody: 'आपको भुगतान पेज पर ले जाया जा रहा है…',

  successHeading: 'भुगतान पूरा हुआ',
  successBody: 'धन्यवाद। आपका भुगतान प्राप्त हो गया है।',
  leavingToShop: 'आपको वापस दुकान पर ले जाया जा रहा है…',
  failedHeading: 'भुगतान विफल रहा',
  failedBody: 'भुगतान की पुष्टि बहुत देर से हुई या वह देय राशि से कम था।',
  expiredHeading: 'भुगतान की समय-सीमा समाप्त',
  expiredBody: 'समय समाप्त होने से पहले कोई भुगतान नहीं आया। कोई राशि नहीं ली गई।',
  startAgain: 'फिर से शुरू करें',
  failedUnderpaidBody: 'देय राशि से कम राशि प्राप्त हुई।',
  failedLateBody: 'आपका भुगतान आ गया, लेकिन समय पर उसकी पुष्टि नहीं हुई।',
  refundByEmail: 'भुगतान सेवा आपको पैसे वापस पाने के निर्देश ईमेल करेगी।',
  refundFromShop: 'अपने पैसे वापस पाने के लिए कृपया दुकान से संपर्क करें।',
  lateMoneyFromShop: 'आपके भेजे गए पैसों के बारे में कृपया दुकान से संपर्क करें।',
  failedMoneyFromShop: 'अगर आप पैसे भेज चुके हैं, तो कृपया दुकान से संपर्क करें।',
  overpaidRefundByEmail:
    'आपने देय राशि से अधिक भेजा है। भुगतान सेवा आपको अंतर की राशि वापस पाने के निर्देश ईमेल करेगी।',
  overpaidRefundFromShop:
    'आपने देय राशि से अधिक भेजा है। अंतर की राशि वापस पाने के लिए कृपया दुकान से संपर्क करें।',
  backToShop: 'दुकान पर वापस जाएँ',
  paymentReference: 'भुगतान संदर्भ',
  referenceHint: 'इस भुगतान के बारे में दुकान से संपर्क करें, तो यह संदर्भ बताएँ।',
  copyReference: 'संदर्भ कॉपी करें',
  referenceCopied: 'संदर्भ कॉपी हो गया।',
  referenceCopyFailed: 'कॉपी नहीं हो सका। कृपया संदर्भ स्वयं कॉपी करें।',
  referenceCapital: (letter) => `कैपिटल ${letter}`,
  referenceHyphen: 'हाइफ़न',
  referenceUnderscore: 'अंडरस्कोर',
  elsewhereHeading: 'अपने दूसरे टैब में जारी रखें',
  elsewhereBody:
    'इस भुगतान का परिणाम उस टैब में दिखाया जाता है जहाँ आपने इसे शुरू किया था। आप यह टैब बंद कर सकते हैं।',

  errorHeading: 'कुछ गड़बड़ हो गई',
  errorUnreachable: 'हम भुगतान सेवा तक नहीं पहुँच सके। कृपया अपना कनेक्शन जाँचें।',
  errorUnavailable: 'भुगतान सेवा अभी जवाब नहीं दे रही है। थोड़ी देर में फिर से कोशिश करें।',
  errorRateLimited: 'बहुत अधिक प्रयास। थोड़ा रुककर फिर से कोशिश करें।',
  errorNotFound: 'हमें यह भुगतान नहीं मिला।',
  errorSessionInvalid:
    'यह भुगतान लिंक पहले ही इस्तेमाल हो चुका है या इसकी समय-सीमा समाप्त हो गई है। दुकान पर वापस जाकर फिर से शुरू करें।',
  errorRejected: 'भुगतान नहीं बनाया जा सका।',
  errorMisconfigured: 'इस दुकान का भुगतान पेज ठीक से सेट नहीं किया गया है। कृपया दुकान को बताएँ।',
  retry: 'फिर से कोशिश करें',
  retryIn: (time) => `${time} में फिर से कोशिश करें`,
  retryWait: (time) => `आप ${time} में फिर से कोशिश कर सकते हैं।`,
  back: 'वापस',
};

export default hi;
