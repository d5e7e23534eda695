/** Vietnamese, loaded on demand. */
import type { Translation } from '../translation.ts';

const vi: Translation = {
  $code: 'vi',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Đang tải trang thanh toán…',
  checkingStatus: 'Đang kiểm tra trạng thái thanh toán…',

  detailsHeading: 'Thông tin của bạn',
  detailsIntro: 'Theo quy định về thanh toán, chúng tôi cần biết ai là người thanh toán.',
  orderTotal: 'Tổng cộng',
  senderTypeLegend: 'Ai là người thanh toán?',
  senderNatural: 'Cá nhân',
  senderLegal: 'Doanh nghiệp',
  fieldLabels: {
    first_name: 'Tên',
    last_name: 'Họ',
    date_of_birth: 'Ngày sinh',
    legal_name: 'Tên pháp lý của doanh nghiệp',
    country_of_registration: 'Quốc gia đăng ký',
  },
  countrySearch: 'Tìm quốc gia',
  countryNoMatch: 'Không có quốc gia phù hợp.',
  email: 'Email (không bắt buộc)',
  emailHint: 'Chỉ dùng để gửi cho bạn hướng dẫn hoàn tiền.',
  payWithLegend: 'Thanh toán bằng',
  payWithLater: 'Chọn trên trang thanh toán',
  paymentCurrencyRefused:
    'Hiện không thể dùng loại tiền này cho khoản thanh toán này. Vui lòng chọn loại khác.',
  currencyOnNetwork: (iso, network) => `${iso} trên mạng ${network}`,
  submit: 'Tiếp tục thanh toán',
  submitting: 'Đang tạo khoản thanh toán…',
  formHasErrors: {
    other: 'Có {count} trường cần bạn kiểm tra lại.',
  },

  required: {
    first_name: 'Vui lòng nhập tên.',
    last_name: 'Vui lòng nhập họ.',
    date_of_birth: 'Vui lòng nhập ngày sinh.',
    legal_name: 'Vui lòng nhập tên pháp lý của doanh nghiệp.',
    country_of_registration: 'Vui lòng chọn quốc gia nơi doanh nghiệp đăng ký.',
  },
  tooLong: 'Tối đa 255 ký tự.',
  dateOfBirthInvalid: 'Vui lòng nhập đúng ngày sinh của bạn.',
  dateOfBirthIncomplete:
    'Ngày này chưa đầy đủ hoặc không tồn tại. Vui lòng nhập ngày, tháng và năm.',
  dateParts: { day: 'Ngày', month: 'Tháng', year: 'Năm' },
  countryInvalid: 'Vui lòng chọn một quốc gia trong danh sách.',
  countryNotPicked: 'Vui lòng chọn quốc gia trong danh sách hoặc nhập đầy đủ tên quốc gia.',
  emailInvalid: 'Vui lòng nhập email dạng ten@vidu.vn hoặc để trống.',
  fieldInvalid: 'Vui lòng kiểm tra trường này.',

  otherAmount: 'Số tiền khác',
  amountNotAccepted: 'Không thể chấp nhận số tiền này. Vui lòng chọn số tiền khác.',

  payHeading: 'Thanh toán',
  amountLabel: 'Số tiền',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Kiểm tra số tiền',
  amountOutOfRange: (min, max) => `Vui lòng chọn số tiền từ ${min} đến ${max}.`,
  amountFormat: (example, whole) =>
    `Vui lòng ghi số tiền ${whole ? 'dưới dạng số nguyên' : 'bằng chữ số, dùng dấu chấm trước phần thập phân'}, ví dụ ${example}.`,
  openPaymentPage: 'Mở trang thanh toán',
  opensInNewTab: '(mở trong thẻ mới)',
  paymentLink: 'Liên kết thanh toán',
  qrLabel: 'Mã QR của liên kết thanh toán',
  copyLink: 'Sao chép liên kết',
  copied: 'Đã sao chép liên kết.',
  copyFailed: 'Không sao chép được. Vui lòng tự sao chép liên kết.',
  chooseAnotherCurrency: 'Chọn loại tiền khác',
  cancelPayment: 'Hủy thanh toán',
  paymentCancelled:
    'Bạn đã hủy khoản thanh toán này. Để thanh toán, hãy quay lại cửa hàng và bắt đầu lại.',
  timeLeft: 'Thời gian còn lại:',
  expiresAt: (time) => `(Hết hạn lúc ${time})`,
  statusCreated: 'Đang chờ bạn thanh toán.',
  statusProcessing: 'Đã chọn loại tiền. Đang chờ khoản thanh toán của bạn về.',
  statusUnreadable:
    'Hiện chúng tôi không thể kiểm tra khoản thanh toán của bạn. Nếu bạn đã thanh toán, khoản thanh toán vẫn an toàn: trang này sẽ cập nhật ngay khi chúng tôi kiểm tra lại được.',
  checkNow: 'Kiểm tra ngay',

  redirectHeading: 'Đang chuyển đến trang thanh toán',
  redirectBody: 'Đang đưa bạn đến trang thanh toán…',

  successHeading: 'Thanh toán thành công',
  successBody: 'Cảm ơn bạn. Khoản thanh toán đã về.',
  leavingToShop: 'Đang đưa bạn trở lại cửa hàng…',
  failedHeading: 'Thanh toán không thành công',
  failedBody: 'Khoản thanh toán được xác nhận quá muộn hoặc thấp hơn số tiền phải trả.',
  expiredHeading: 'Thanh toán đã hết hạn',
  expiredBody: 'Không có khoản thanh toán nào về trước khi hết giờ. Bạn chưa bị trừ tiền.',
  startAgain: 'Bắt đầu lại',
  failedUnderpaidBody: 'Số tiền nhận được ít hơn số tiền phải trả.',
  failedLateBody: 'Khoản thanh toán của bạn đã về nhưng không được xác nhận kịp thời.',
  refundByEmail: 'Dịch vụ thanh toán sẽ gửi email hướng dẫn để bạn nhận lại tiền.',
  refundFromShop: 'Để nhận lại tiền, vui lòng liên hệ cửa hàng.',
  lateMoneyFromShop: 'Vui lòng liên hệ cửa hàng về số tiền bạn đã gửi.',
  failedMoneyFromShop: 'Nếu bạn đã gửi tiền, vui lòng liên hệ cửa hàng.',
  overpaidRefundByEmail:
    'Bạn đã gửi nhiều hơn số tiền phải trả. Dịch vụ thanh toán sẽ gửi email hướng dẫn để bạn nhận lại phần chênh lệch.',
  overpaidRefundFromShop:
    'Bạn đã gửi nhiều hơn số tiền phải trả. Vui lòng liên hệ cửa hàng để nhận lại phần chênh lệch.',
  backToShop: 'Quay lại cửa hàng',
  paymentReference: 'Mã tham chiếu thanh toán',
  referenceHint: 'Vui lòng cung cấp mã này nếu bạn liên hệ cửa hàng về khoản thanh toán này.',
  copyReference: 'Sao chép mã',
  referenceCopied: 'Đã sao chép mã.',
  referenceCopyFailed: 'Không sao chép được. Vui lòng tự sao chép mã.',
  referenceCapital: (letter) => `${letter} viết hoa`,
  referenceHyphen: 'gạch nối',
  referenceUnderscore: 'gạch dưới',
  elsewhereHeading: 'Tiếp tục ở thẻ kia',
  elsewhereBody:
    'Kết quả của khoản thanh toán này hiển thị ở thẻ nơi bạn bắt đầu thanh toán. Bạn có thể đóng thẻ này.',

  errorHeading: 'Đã xảy ra lỗi',
  errorUnreachable: 'Không kết nối được với dịch vụ thanh toán. Vui lòng kiểm tra kết nối mạng.',
  errorUnavailable: 'Dịch vụ thanh toán hiện không phản hồi. Vui lòng thử lại sau giây lát.',
  errorRateLimited: 'Bạn đã thử quá nhiều lần. Vui lòng đợi một lát rồi thử lại.',
  errorNotFound: 'Không tìm thấy khoản thanh toán này.',
  errorSessionInvalid:
    'Liên kết thanh toán này đã được dùng hoặc đã hết hạn. Vui lòng quay lại cửa hàng và bắt đầu lại.',
  errorRejected: 'Không thể tạo khoản thanh toán.',
  errorMisconfigured:
    'Trang thanh toán của cửa hàng này chưa được thiết lập đúng. Vui lòng báo cho cửa hàng.',
  retry: 'Thử lại',
  retryIn: (time) => `Thử lại sau ${time}`,
  retryWait: (time) => `Bạn có thể thử lại sau ${time}.`,
  back: 'Quay lại',
};

export default vi;
