/** Portuguese as written in Brazil (also a bare `pt`), loaded on demand. */
import type { Translation } from '../translation.ts';

const ptBR: Translation = {
  $code: 'pt-BR',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 1,

  loading: 'Carregando o pagamento…',
  checkingStatus: 'Verificando o status do pagamento…',

  detailsHeading: 'Seus dados',
  detailsIntro: 'As regras de pagamento exigem que saibamos quem está pagando.',
  orderTotal: 'Valor total',
  senderTypeLegend: 'Quem está pagando?',
  senderNatural: 'Pessoa física',
  senderLegal: 'Pessoa jurídica',
  fieldLabels: {
    first_name: 'Nome',
    last_name: 'Sobrenome',
    date_of_birth: 'Data de nascimento',
    legal_name: 'Razão social',
    country_of_registration: 'País de registro',
  },
  countrySearch: 'Buscar país',
  countryNoMatch: 'Nenhum país encontrado.',
  email: 'E-mail (opcional)',
  emailHint: 'Usado apenas para enviar instruções de reembolso.',
  payWithLegend: 'Pagar com',
  payWithLater: 'Escolher na página de pagamento',
  paymentCurrencyRefused:
    'No momento não é possível usar esta moeda neste pagamento. Escolha outra.',
  currencyOnNetwork: (iso, network) => `${iso} na rede ${network}`,
  submit: 'Continuar para o pagamento',
  submitting: 'Criando seu pagamento…',
  formHasErrors: {
    one: '{count} campo precisa da sua atenção.',
    many: '{count} de campos precisam da sua atenção.',
    other: '{count} campos precisam da sua atenção.',
  },

  required: {
    first_name: 'Informe seu nome.',
    last_name: 'Informe seu sobrenome.',
    date_of_birth: 'Informe sua data de nascimento.',
    legal_name: 'Informe a razão social da empresa.',
    country_of_registration: 'Escolha o país onde a empresa está registrada.',
  },
  tooLong: 'Use no máximo 255 caracteres.',
  dateOfBirthInvalid: 'Informe sua data de nascimento verdadeira.',
  dateOfBirthIncomplete: 'Esta data está incompleta ou não existe. Informe o dia, o mês e o ano.',
  dateParts: { day: 'Dia', month: 'Mês', year: 'Ano' },
  countryInvalid: 'Escolha um país da lista.',
  countryNotPicked: 'Escolha o país na lista ou digite o nome completo dele.',
  emailInvalid: 'Informe um e-mail como nome@exemplo.com.br ou deixe o campo em branco.',
  fieldInvalid: 'Verifique este campo.',

  otherAmount: 'Outro valor',
  amountNotAccepted: 'Este valor não pode ser aceito. Escolha outro.',

  payHeading: 'Pagamento',
  amountLabel: 'Valor',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Verifique o valor',
  amountOutOfRange: (min, max) => `Escolha um valor entre ${min} e ${max}.`,
  amountFormat: (example, whole) =>
    `Escreva o valor ${whole ? 'como número inteiro' : 'em algarismos, com ponto antes das casas decimais'}, por exemplo ${example}.`,
  openPaymentPage: 'Abrir a página de pagamento',
  opensInNewTab: '(abre em uma nova aba)',
  paymentLink: 'Link de pagamento',
  qrLabel: 'QR code do link de pagamento',
  copyLink: 'Copiar link',
  copied: 'Link copiado.',
  copyFailed: 'Não foi possível copiar. Copie o link manualmente.',
  chooseAnotherCurrency: 'Escolher outra moeda',
  cancelPayment: 'Cancelar pagamento',
  paymentCancelled: 'Você cancelou este pagamento. Para pagar, volte à loja e comece de novo.',
  timeLeft: 'Tempo restante:',
  expiresAt: (time) => `(Expira às ${time})`,
  statusCreated: 'Aguardando seu pagamento.',
  statusProcessing: 'Moeda escolhida. Aguardando a chegada do seu pagamento.',
  statusUnreadable:
    'Não conseguimos verificar seu pagamento agora. Se você já pagou, seu pagamento está seguro: esta página será atualizada assim que pudermos verificar novamente.',
  checkNow: 'Verificar agora',

  redirectHeading: 'Indo para a página de pagamento',
  redirectBody: 'Levando você à página de pagamento…',

  successHeading: 'Pagamento concluído',
  successBody: 'Obrigado! Seu pagamento foi recebido.',
  leavingToShop: 'Levando você de volta à loja…',
  failedHeading: 'Pagamento não concluído',
  failedBody: 'O pagamento foi confirmado tarde demais ou ficou abaixo do valor devido.',
  expiredHeading: 'Pagamento expirado',
  expiredBody: 'Nenhum pagamento chegou dentro do prazo. Nada foi cobrado.',
  startAgain: 'Recomeçar',
  failedUnderpaidBody: 'Chegou um valor menor que o devido.',
  failedLateBody: 'Seu pagamento chegou, mas não foi confirmado a tempo.',
  refundByEmail:
    'O serviço de pagamento enviará por e-mail as instruções para você receber seu dinheiro de volta.',
  refundFromShop: 'Para receber seu dinheiro de volta, entre em contato com a loja.',
  lateMoneyFromShop: 'Entre em contato com a loja sobre o dinheiro que você enviou.',
  failedMoneyFromShop: 'Se você já enviou dinheiro, entre em contato com a loja.',
  overpaidRefundByEmail:
    'Você enviou mais do que o valor devido. O serviço de pagamento enviará por e-mail as instruções para você receber a diferença de volta.',
  overpaidRefundFromShop:
    'Você enviou mais do que o valor devido. Entre em contato com a loja para receber a diferença de volta.',
  backToShop: 'Voltar à loja',
  paymentReference: 'Referência do pagamento',
  referenceHint: 'Informe esta referência se entrar em contato com a loja sobre este pagamento.',
  copyReference: 'Copiar referência',
  referenceCopied: 'Referência copiada.',
  referenceCopyFailed: 'Não foi possível copiar. Copie a referência manualmente.',
  referenceCapital: (letter) => `${letter} maiúsculo`,
  referenceHyphen: 'hífen',
  referenceUnderscore: 'sublinhado',
  elsewhereHeading: 'Continue na outra aba',
  elsewhereBody:
    'O resultado deste pagamento aparece na aba em que você o iniciou. Você pode fechar esta aba.',

  errorHeading: 'Algo deu errado',
  errorUnreachable: 'Não conseguimos acessar o serviço de pagamento. Verifique sua conexão.',
  errorUnavailable:
    'O serviço de pagamento não está respondendo agora. Tente novamente em instantes.',
  errorRateLimited: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  errorNotFound: 'Não encontramos este pagamento.',
  errorSessionInvalid:
    'Este link de pagamento já foi usado ou expirou. Volte à loja e comece de novo.',
  errorRejected: 'Não foi possível criar o pagamento.',
  errorMisconfigured:
    'A página de pagamento desta loja não está configurada corretamente. Avise a loja.',
  retry: 'Tentar novamente',
  retryIn: (time) => `Tentar novamente em ${time}`,
  retryWait: (time) => `Você poderá tentar novamente em ${time}.`,
  back: 'Voltar',
};

export default ptBR;
