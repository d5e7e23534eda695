/** Latin American Spanish (Mexico to Argentina, and the United States'), loaded on demand. */
import type { Translation } from '../translation.ts';

const es419: Translation = {
  $code: 'es-419',
  $dir: 'ltr',
  $decimal: '.',
  $group: ',',
  $minimumGroupingDigits: 1,

  loading: 'Cargando el pago…',
  checkingStatus: 'Verificando el estado del pago…',

  detailsHeading: 'Sus datos',
  detailsIntro: 'Las normas de pago nos exigen saber quién paga.',
  orderTotal: 'Total',
  senderTypeLegend: '¿Quién paga?',
  senderNatural: 'Una persona',
  senderLegal: 'Una empresa',
  fieldLabels: {
    first_name: 'Nombre',
    last_name: 'Apellido',
    date_of_birth: 'Fecha de nacimiento',
    legal_name: 'Razón social de la empresa',
    country_of_registration: 'País de registro',
  },
  countrySearch: 'Buscar países',
  countryNoMatch: 'Ningún país coincide.',
  email: 'Correo electrónico (opcional)',
  emailHint: 'Solo se usa para enviarle instrucciones de reembolso.',
  payWithLegend: 'Pagar con',
  payWithLater: 'Elegir en la página de pago',
  paymentCurrencyRefused:
    'En este momento no se puede usar esta moneda para este pago. Elija otra.',
  currencyOnNetwork: (iso, network) => `${iso} en la red ${network}`,
  submit: 'Continuar al pago',
  submitting: 'Creando su pago…',
  formHasErrors: {
    one: 'Un campo requiere su atención.',
    many: '{count} de campos requieren su atención.',
    other: '{count} campos requieren su atención.',
  },

  required: {
    first_name: 'Ingrese su nombre.',
    last_name: 'Ingrese su apellido.',
    date_of_birth: 'Ingrese su fecha de nacimiento.',
    legal_name: 'Ingrese la razón social de la empresa.',
    country_of_registration: 'Elija el país donde está registrada la empresa.',
  },
  tooLong: 'Use 255 caracteres como máximo.',
  dateOfBirthInvalid: 'Ingrese su fecha de nacimiento real.',
  dateOfBirthIncomplete: 'Esta fecha está incompleta o no existe. Ingrese el día, el mes y el año.',
  dateParts: { day: 'Día', month: 'Mes', year: 'Año' },
  countryInvalid: 'Elija un país de la lista.',
  countryNotPicked: 'Elija el país de la lista o escriba su nombre completo.',
  emailInvalid: 'Ingrese un correo como nombre@example.com, o déjelo vacío.',
  fieldInvalid: 'Revise este campo.',

  otherAmount: 'Otro monto',
  amountNotAccepted: 'No se puede aceptar este monto. Elija otro.',

  payHeading: 'Pagar',
  amountLabel: 'Monto',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Revise el monto',
  amountOutOfRange: (min, max) => `Elija un monto entre ${min} y ${max}.`,
  amountFormat: (example, whole) =>
    `Escriba el monto ${whole ? 'como número entero' : 'en cifras, con un punto antes de los decimales'}, por ejemplo ${example}.`,
  openPaymentPage: 'Abrir la página de pago',
  opensInNewTab: '(se abre en una pestaña nueva)',
  paymentLink: 'Enlace de pago',
  qrLabel: 'Código QR del enlace de pago',
  copyLink: 'Copiar enlace',
  copied: 'Enlace copiado.',
  copyFailed: 'No se pudo copiar. Copie el enlace manualmente.',
  chooseAnotherCurrency: 'Elegir otra moneda',
  cancelPayment: 'Cancelar el pago',
  paymentCancelled: 'Canceló este pago. Para pagar, vuelva a la tienda y empiece de nuevo.',
  timeLeft: 'Tiempo restante:',
  expiresAt: (time) => `(Vence a las ${time})`,
  statusCreated: 'Esperando su pago.',
  statusProcessing: 'Moneda elegida. Esperando a que llegue su pago.',
  statusUnreadable:
    'No podemos verificar su pago en este momento. Si ya pagó, su dinero está seguro: esta página se actualizará en cuanto podamos verificarlo de nuevo.',
  checkNow: 'Verificar ahora',

  redirectHeading: 'Yendo a la página de pago',
  redirectBody: 'Lo estamos llevando a la página de pago…',

  successHeading: 'Pago completado',
  successBody: 'Gracias. Su pago llegó.',
  leavingToShop: 'Lo estamos llevando de vuelta a la tienda…',
  failedHeading: 'El pago no se completó',
  failedBody: 'El pago se confirmó demasiado tarde o fue menor que el monto adeudado.',
  expiredHeading: 'El pago venció',
  expiredBody: 'No llegó ningún pago antes de que se acabara el tiempo. No se cobró nada.',
  startAgain: 'Empezar de nuevo',
  failedUnderpaidBody: 'Llegó menos que el monto adeudado.',
  failedLateBody: 'Su pago llegó, pero no se confirmó a tiempo.',
  refundByEmail:
    'El servicio de pago le enviará por correo electrónico las instrucciones para recuperar su dinero.',
  refundFromShop: 'Para recuperar su dinero, comuníquese con la tienda.',
  lateMoneyFromShop: 'Comuníquese con la tienda por el dinero que envió.',
  failedMoneyFromShop: 'Si ya envió dinero, comuníquese con la tienda.',
  overpaidRefundByEmail:
    'Envió más que el monto adeudado. El servicio de pago le enviará por correo electrónico las instrucciones para recuperar la diferencia.',
  overpaidRefundFromShop:
    'Envió más que el monto adeudado. Comuníquese con la tienda para recuperar la diferencia.',
  backToShop: 'Volver a la tienda',
  paymentReference: 'Referencia del pago',
  referenceHint: 'Indique esta referencia si se comunica con la tienda por este pago.',
  copyReference: 'Copiar referencia',
  referenceCopied: 'Referencia copiada.',
  referenceCopyFailed: 'No se pudo copiar. Copie la referencia manualmente.',
  referenceCapital: (letter) => `${letter} mayúscula`,
  referenceHyphen: 'guion',
  referenceUnderscore: 'guion bajo',
  elsewhereHeading: 'Continúe en la otra pestaña',
  elsewhereBody:
    'El resultado de este pago aparece en la pestaña donde lo inició. Puede cerrar esta pestaña.',

  errorHeading: 'Algo salió mal',
  errorUnreachable:
    'No pudimos comunicarnos con el servicio de pago. Verifique su conexión e intente de nuevo.',
  errorUnavailable: 'El servicio de pago no responde en este momento. Intente de nuevo en un rato.',
  errorRateLimited: 'Demasiados intentos. Espere un momento e intente de nuevo.',
  errorNotFound: 'No encontramos este pago.',
  errorSessionInvalid:
    'Este enlace de pago ya se usó o venció. Vuelva a la tienda y empiece de nuevo.',
  errorRejected: 'No se pudo crear el pago.',
  errorMisconfigured:
    'La página de pago de esta tienda no está bien configurada. Avísele a la tienda.',
  retry: 'Intentar de nuevo',
  retryIn: (time) => `Intentar de nuevo en ${time}`,
  retryWait: (time) => `Podrá intentar de nuevo en ${time}.`,
  back: 'Volver',
};

export default es419;
