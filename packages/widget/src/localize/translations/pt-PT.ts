/**
 * Portuguese as written in Portugal (also Angola's, Mozambique's and the other African and Asian
 * Portuguese: locales.ts), loaded on demand. Formal, addressing the customer in the third person.
 */
import type { Translation } from '../translation.ts';

const ptPT: Translation = {
  $code: 'pt-PT',
  $dir: 'ltr',
  $decimal: ',',
  $group: '\u00a0',
  $minimumGroupingDigits: 2,

  loading: 'A carregar o pagamento…',
  checkingStatus: 'A verificar o estado do pagamento…',

  detailsHeading: 'Os seus dados',
  detailsIntro: 'As regras de pagamento obrigam-nos a saber quem paga.',
  orderTotal: 'Total',
  senderTypeLegend: 'Quem paga?',
  senderNatural: 'Pessoa singular',
  senderLegal: 'Pessoa coletiva',
  fieldLabels: {
    first_name: 'Nome próprio',
    last_name: 'Apelido',
    date_of_birth: 'Data de nascimento',
    legal_name: 'Denominação social da empresa',
    country_of_registration: 'País de registo',
  },
  countrySearch: 'Pesquisar países',
  countryNoMatch: 'Nenhum país corresponde.',
  email: 'E-mail (opcional)',
  emailHint: 'Utilizado apenas para lhe enviar instruções de reembolso.',
  payWithLegend: 'Pagar com',
  payWithLater: 'Escolher na página de pagamento',
  paymentCurrencyRefused:
    'De momento, não é possível utilizar esta moeda neste pagamento. Escolha outra.',
  currencyOnNetwork: (iso, network) => `${iso} na rede ${network}`,
  submit: 'Continuar para o pagamento',
  submitting: 'A criar o seu pagamento…',
  formHasErrors: {
    one: '{count} campo precisa da sua atenção.',
    many: '{count} de campos precisam da sua atenção.',
    other: '{count} campos precisam da sua atenção.',
  },

  required: {
    first_name: 'Introduza o seu nome próprio.',
    last_name: 'Introduza o seu apelido.',
    date_of_birth: 'Introduza a sua data de nascimento.',
    legal_name: 'Introduza a denominação social da empresa.',
    country_of_registration: 'Escolha o país onde a empresa está registada.',
  },
  tooLong: 'Utilize no máximo 255 carateres.',
  dateOfBirthInvalid: 'Introduza a sua data de nascimento verdadeira.',
  dateOfBirthIncomplete: 'Esta data está incompleta ou não existe. Introduza o dia, o mês e o ano.',
  dateParts: { day: 'Dia', month: 'Mês', year: 'Ano' },
  countryInvalid: 'Escolha um país da lista.',
  countryNotPicked: 'Escolha o país na lista ou escreva o nome completo.',
  emailInvalid: 'Introduza um e-mail como nome@exemplo.pt ou deixe o campo em branco.',
  fieldInvalid: 'Verifique este campo.',

  otherAmount: 'Outro montante',
  amountNotAccepted: 'Este montante não pode ser aceite. Escolha outro.',

  payHeading: 'Pagar',
  amountLabel: 'Montante',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Verifique o montante',
  amountOutOfRange: (min, max) => `Escolha um montante entre ${min} e ${max}.`,
  amountFormat: (example, whole) =>
    `Escreva o montante ${whole ? 'como número inteiro' : 'em algarismos, com um ponto antes das casas decimais'}, por exemplo ${example}.`,
  openPaymentPage: 'Abrir a página de pagamento',
  opensInNewTab: '(abre num novo separador)',
  paymentLink: 'Ligação de pagamento',
  qrLabel: 'Código QR da ligação de pagamento',
  copyLink: 'Copiar ligação',
  copied: 'Ligação copiada.',
  copyFailed: 'Não foi possível copiar. Copie a ligação manualmente.',
  chooseAnotherCurrency: 'Escolher outra moeda',
  cancelPayment: 'Cancelar pagamento',
  paymentCancelled: 'Cancelou este pagamento. Para pagar, volte à loja e comece de novo.',
  timeLeft: 'Tempo restante:',
  expiresAt: (time) => `(Expira às ${time})`,
  statusCreated: 'A aguardar o seu pagamento.',
  statusProcessing: 'Moeda escolhida. A aguardar a chegada do seu pagamento.',
  statusUnreadable:
    'De momento não conseguimos verificar o seu pagamento. Se já pagou, está seguro: esta página é atualizada assim que pudermos voltar a verificar.',
  checkNow: 'Verificar agora',

  redirectHeading: 'A ir para a página de pagamento',
  redirectBody: 'A levá-lo para a página de pagamento…',

  successHeading: 'Pagamento concluído',
  successBody: 'Obrigado. O seu pagamento foi recebido.',
  leavingToShop: 'A levá-lo de volta à loja…',
  failedHeading: 'O pagamento falhou',
  failedBody: 'O pagamento foi confirmado demasiado tarde ou foi inferior ao montante devido.',
  expiredHeading: 'O pagamento expirou',
  expiredBody: 'Não chegou nenhum pagamento dentro do prazo. Não foi cobrado nada.',
  startAgain: 'Recomeçar',
  failedUnderpaidBody: 'Chegou menos do que o montante devido.',
  failedLateBody: 'O seu pagamento chegou, mas não foi confirmado a tempo.',
  refundByEmail:
    'O serviço de pagamento vai enviar-lhe por e-mail as instruções para reaver o seu dinheiro.',
  refundFromShop: 'Para reaver o seu dinheiro, contacte a loja.',
  lateMoneyFromShop: 'Contacte a loja sobre o dinheiro que enviou.',
  failedMoneyFromShop: 'Se já enviou dinheiro, contacte a loja.',
  overpaidRefundByEmail:
    'Enviou mais do que o montante devido. O serviço de pagamento vai enviar-lhe por e-mail as instruções para reaver a diferença.',
  overpaidRefundFromShop:
    'Enviou mais do que o montante devido. Contacte a loja para reaver a diferença.',
  backToShop: 'Voltar à loja',
  paymentReference: 'Referência do pagamento',
  referenceHint: 'Indique esta referência se contactar a loja sobre este pagamento.',
  copyReference: 'Copiar referência',
  referenceCopied: 'Referência copiada.',
  referenceCopyFailed: 'Não foi possível copiar. Copie a referência manualmente.',
  referenceCapital: (letter) => `${letter} maiúsculo`,
  referenceHyphen: 'hífen',
  referenceUnderscore: 'sublinhado',
  elsewhereHeading: 'Continue no outro separador',
  elsewhereBody:
    'O resultado deste pagamento aparece no separador onde o iniciou. Pode fechar este separador.',

  errorHeading: 'Ocorreu um erro',
  errorUnreachable:
    'Não foi possível contactar o serviço de pagamento. Verifique a sua ligação à Internet.',
  errorUnavailable:
    'O serviço de pagamento não está a responder de momento. Tente novamente daqui a pouco.',
  errorRateLimited: 'Demasiadas tentativas. Aguarde um momento e tente novamente.',
  errorNotFound: 'Não encontrámos este pagamento.',
  errorSessionInvalid:
    'Esta ligação de pagamento já foi utilizada ou expirou. Volte à loja e comece de novo.',
  errorRejected: 'Não foi possível criar o pagamento.',
  errorMisconfigured: 'A página de pagamento desta loja não está bem configurada. Informe a loja.',
  retry: 'Tentar novamente',
  retryIn: (time) => `Tentar novamente dentro de ${time}`,
  retryWait: (time) => `Pode tentar novamente dentro de ${time}.`,
  back: 'Voltar',
};

export default ptPT;
