/** Japanese, loaded on demand. */
import type { Translation } from '../translation.ts';

const ja: Translation = {
  $code: 'ja',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'お支払い画面を読み込んでいます…',
  checkingStatus: 'お支払い状況を確認しています…',

  detailsHeading: 'お客様情報',
  detailsIntro: '決済に関する規則により、お支払いになる方の情報が必要です。',
  orderTotal: '合計',
  senderTypeLegend: 'お支払いになる方',
  senderNatural: '個人',
  senderLegal: '法人',
  fieldLabels: {
    first_name: '名',
    last_name: '姓',
    date_of_birth: '生年月日',
    legal_name: '正式な法人名',
    country_of_registration: '登記国',
  },
  countrySearch: '国を検索',
  countryNoMatch: '該当する国がありません。',
  email: 'メールアドレス（任意）',
  emailHint: '返金のご案内をお送りする場合にのみ使用します。',
  payWithLegend: 'お支払い方法',
  payWithLater: 'お支払いページで選択',
  paymentCurrencyRefused:
    'この通貨は現在このお支払いにご利用いただけません。別の通貨をお選びください。',
  currencyOnNetwork: (iso, network) => `${iso}（${network}ネットワーク）`,
  submit: 'お支払いへ進む',
  submitting: 'お支払いを作成しています…',
  formHasErrors: {
    other: '{count}件の項目をご確認ください。',
  },

  required: {
    first_name: '名を入力してください。',
    last_name: '姓を入力してください。',
    date_of_birth: '生年月日を入力してください。',
    legal_name: '正式な法人名を入力してください。',
    country_of_registration: '法人が登記されている国を選択してください。',
  },
  tooLong: '255文字以内で入力してください。',
  dateOfBirthInvalid: '正しい生年月日を入力してください。',
  dateOfBirthIncomplete:
    'この日付は不完全か、存在しない日付です。年・月・日をすべて入力してください。',
  dateParts: { year: '年', month: '月', day: '日' },
  countryInvalid: '一覧から国を選択してください。',
  countryNotPicked: '一覧から国を選ぶか、国名を正確に入力してください。',
  emailInvalid: 'name@example.jp のような形式で入力するか、空欄のままにしてください。',
  fieldInvalid: 'この項目をご確認ください。',

  otherAmount: 'その他の金額',
  amountNotAccepted: 'この金額はご利用いただけません。別の金額を指定してください。',

  payHeading: 'お支払い',
  amountLabel: '金額',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: '金額をご確認ください',
  amountOutOfRange: (min, max) => `${min}から${max}までの金額を指定してください。`,
  amountFormat: (example, whole) =>
    `金額は${whole ? '整数' : '半角数字で、小数点はピリオド'}で入力してください（例：${example}）。`,
  openPaymentPage: 'お支払いページを開く',
  opensInNewTab: '（新しいタブで開きます）',
  paymentLink: 'お支払いリンク',
  qrLabel: 'お支払いリンクのQRコード',
  copyLink: 'リンクをコピー',
  copied: 'リンクをコピーしました。',
  copyFailed: 'コピーできませんでした。リンクを手動でコピーしてください。',
  chooseAnotherCurrency: '別の通貨を選ぶ',
  cancelPayment: '支払いをキャンセル',
  paymentCancelled:
    'この支払いをキャンセルしました。お支払いには、ショップに戻ってやり直してください。',
  timeLeft: '残り時間：',
  expiresAt: (time) => `（有効期限 ${time}）`,
  statusCreated: 'お支払いをお待ちしています。',
  statusProcessing: '通貨が選択されました。入金を確認しています。',
  statusUnreadable:
    '現在、お支払いを確認できません。お支払い済みの場合もご安心ください。再び確認できるようになり次第、このページが更新されます。',
  checkNow: '今すぐ確認',

  redirectHeading: 'お支払いページへ移動',
  redirectBody: 'お支払いページへ移動しています…',

  successHeading: 'お支払い完了',
  successBody: 'ありがとうございます。お支払いを確認しました。',
  leavingToShop: 'ショップに戻ります…',
  failedHeading: 'お支払いに失敗しました',
  failedBody: '入金の確認が期限に間に合わなかったか、金額が不足していました。',
  expiredHeading: 'お支払いの期限切れ',
  expiredBody: '期限内に入金がありませんでした。料金は発生していません。',
  startAgain: '最初からやり直す',
  failedUnderpaidBody: 'お支払い額が請求額に足りませんでした。',
  failedLateBody: 'お支払いは届きましたが、期限内に承認されませんでした。',
  refundByEmail: '返金の手続きについて、決済サービスからメールでご案内します。',
  refundFromShop: '返金については、ショップにお問い合わせください。',
  lateMoneyFromShop: '送金済みの代金については、ショップにお問い合わせください。',
  failedMoneyFromShop: 'すでに送金された場合は、ショップにお問い合わせください。',
  overpaidRefundByEmail:
    '請求額より多く送金されました。差額の返金手続きについて、決済サービスからメールでご案内します。',
  overpaidRefundFromShop:
    '請求額より多く送金されました。差額の返金については、ショップにお問い合わせください。',
  backToShop: 'ショップに戻る',
  paymentReference: 'お支払いの参照コード',
  referenceHint:
    'このお支払いについてショップにお問い合わせの際は、この参照コードをお伝えください。',
  copyReference: '参照コードをコピー',
  referenceCopied: '参照コードをコピーしました。',
  referenceCopyFailed: 'コピーできませんでした。参照コードを手動でコピーしてください。',
  referenceCapital: (letter) => `大文字の${letter}`,
  referenceHyphen: 'ハイフン',
  referenceUnderscore: 'アンダースコア',
  elsewhereHeading: '元のタブでご確認ください',
  elsewhereBody:
    'このお支払いの結果は、お手続きを始めたタブに表示されています。このタブは閉じてかまいません。',

  errorHeading: '問題が発生しました',
  errorUnreachable: '決済サービスに接続できませんでした。通信環境をご確認ください。',
  errorUnavailable: '決済サービスが現在応答していません。しばらくしてからもう一度お試しください。',
  errorRateLimited: '試行回数が多すぎます。しばらく待ってからもう一度お試しください。',
  errorNotFound: 'このお支払いが見つかりませんでした。',
  errorSessionInvalid:
    'このお支払いリンクは使用済みか、有効期限が切れています。ショップに戻って最初からやり直してください。',
  errorRejected: 'お支払いを作成できませんでした。',
  errorMisconfigured:
    'このショップの支払いページは正しく設定されていません。ショップにお知らせください。',
  retry: 'もう一度試す',
  retryIn: (time) => `${time}後に再試行`,
  retryWait: (time) => `${time}後にもう一度お試しいただけます。`,
  back: '戻る',
};

export default ja;
