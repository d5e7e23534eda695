/** Spanish, loaded on demand. */
import type { Translation } from '../translation.ts';

const es: Translation = {
  $code: 'es',
  $dir: 'ltr',
  $decimal: ',',
  $group: '.',
  $minimumGroupingDigits: 2,

  loading: 'Cargando el pago…',
  checkingStatus: 'Comprobando el estado del pago…',

  detailsHeading: 'Sus datos',
  detailsIntro: 'Las normas de pago nos obligan a saber quién paga.',
  orderTotal: 'Total',
  senderTypeLegend: '¿Quién paga?',
  senderNatural: 'Una persona',
  senderLegal: 'Una empresa',
  fieldLabels: {
    first_name: 'Nombre',
    last_name: 'Apellidos',
    date_of_birth: 'Fecha de nacimiento',
    legal_name: 'Razón social de la empresa',
    country_of_registration: 'País de registro',
  },
  countrySearch: 'Buscar países',
  countryNoMatch: 'Ningún país coincide.',
  email: 'Correo electrónico (opcional)',
  emailHint: 'Solo se usa para enviarle instrucciones de reembolso si algo sale mal con el pago.',
  payWithLegend: 'Pagar con',
  payWithLater: 'Elegir en la página de pago',
  paymentCurrencyRefused: 'Esta moneda no se puede usar para este pago ahora mismo. Elija otra.',
  currencyOnNetwork: (iso, network) => `${iso} en ${network}`,
  submit: 'Continuar al pago',
  submitting: 'Creando su pago…',
  formHasErrors: {
    one: 'Un campo necesita su atención.',
    many: '{count} de campos necesitan su atención.',
    other: '{count} campos necesitan su atención.',
  },

  required: {
    first_name: 'Escriba su nombre.',
    last_name: 'Escriba sus apellidos.',
    date_of_birth: 'Escriba su fecha de nacimiento.',
    legal_name: 'Escriba la razón social de la empresa.',
    country_of_registration: 'Elija el país donde está registrada la empresa.',
  },
  tooLong: 'Use 255 caracteres como máximo.',
  dateOfBirthInvalid: 'Escriba su fecha de nacimiento real.',
  dateOfBirthIncomplete: 'Esta fecha está incompleta o no existe. Escriba el día, el mes y el año.',
  dateParts: { day: 'Día', month: 'Mes', year: 'Año' },
  countryInvalid: 'Elija un país de la lista.',
  countryNotPicked: 'Elija el país en la lista o escriba su nombre completo.',
  emailInvalid: 'Escriba un correo como nombre@example.com, o déjelo vacío.',
  fieldInvalid: 'Revise este campo.',

  otherAmount: 'Otro importe',
  amountNotAccepted: 'Este importe no se puede aceptar. Elija otro.',

  payHeading: 'Pagar',
  amountLabel: 'Importe',
  amountWithCurrency: (amount, currency) => `${amount} ${currency}`,
  amountHeading: 'Revise el importe',
  amountOutOfRange: (min, max) => `Elija un importe entre ${min} y ${max}.`,
  amountFormat: (example, whole) =>
    `Escriba el importe ${whole ? 'como número entero' : 'en cifras, con un punto antes de los decimales'}, por ejemplo ${example}.`,
  openPaymentPage: 'Abrir la página de pago',
  opensInNewTab: '(se abre en una pestaña nueva)',
  paymentLink: 'Enlace de pago',
  qrLabel: 'Código QR del enlace de pago',
  copyLink: 'Copiar enlace',
  copied: 'Enlace copiado.',
  copyFailed: 'No se pudo copiar. Copie el enlace usted.',
  chooseAnotherCurrency: 'Elegir otra moneda',
  cancelPayment: 'Cancelar el pago',
  paymentCancelled: 'Ha cancelado este pago. Para pagar, vuelva a la tienda y empiece de nuevo.',
  timeLeft: 'Tiempo restante:',
  expiresAt: (time) => `(Caduca a las ${time})`,
  statusCreated: 'Esperando su pago.',
  statusProcessing: 'Moneda elegida. Esperando a que llegue su pago.',
  statusUnreadable:
    'Ahora no podemos comprobar su pago. Si ya ha pagado, su pago está seguro: esta página se actualizará en cuanto podamos comprobarlo de nuevo.',
  checkNow: 'Comprobar ahora',

  redirectHeading: 'Yendo a la página de pago',
  redirectBody: 'Le llevamos a la página de pago…',

  successHeading: 'Pago completado',
  successBody: 'Gracias. Su pago ha llegado.',
  leavingToShop: 'Le llevamos de vuelta a la tienda…',
  failedHeading: 'El pago ha fallado',
  failedBody: 'El pago se confirmó demasiado tarde o fue inferior al importe debido.',
  expiredHeading: 'El pago ha caducado',
  expiredBody: 'No llegó ningún pago antes de que se acabara el tiempo. No se ha cobrado nada.',
  startAgain: 'Empezar de nuevo',
  failedUnderpaidBody: 'Llegó menos del importe debido.',
  failedLateBody: 'Su pago llegó, pero no se confirmó a tiempo.',
  refundByEmail:
    'El servicio de pago le enviará por correo electrónico las instrucciones para recuperar su dinero.',
  refundFromShop: 'Para recuperar su dinero, póngase en contacto con la tienda.',
  lateMoneyFromShop: 'Póngase en contacto con la tienda por el dinero que envió.',
  failedMoneyFromShop: 'Si ya envió dinero, póngase en contacto con la tienda.',
  overpaidRefundByEmail:
    'Envió más del importe debido. El servicio de pago le enviará por correo electrónico las instrucciones para recuperar la diferencia.',
  overpaidRefundFromShop:
    'Envió más del importe debido. Póngase en contacto con la tienda para recuperar la diferencia.',
  backToShop: 'Volver a la tienda',
  paymentReference: 'Referencia del pago',
  referenceHint: 'Indique esta referencia si se pone en contacto con la tienda por este pago.',
  copyReference: 'Copiar referencia',
  referenceCopied: 'Referencia copiada.',
  referenceCopyFailed: 'No se pudo copiar. Copie la referencia usted.',
  referenceCapital: (letter) => `${letter} mayúscula`,
  referenceHyphen: 'guion',
  referenceUnderscore: 'guion bajo',
  elsewhereHeading: 'Continúe en la otra pestaña',
  elsewhereBody:
    'El resultado de este pago se muestra en la pestaña donde lo inició. Puede cerrar esta pestaña.',

  errorHeading: 'Algo ha salido mal',
  errorUnreachable:
    'No pudimos contactar con el servicio de pago. Compruebe su conexión e inténtelo de nuevo.',
  errorUnavailable:
    'El servicio de pago no responde en este momento. Inténtelo de nuevo dentro de un momento.',
  errorRateLimited: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  errorNotFound: 'No encontramos este pago.',
  errorSessionInvalid:
    'Este enlace de pago ya se ha usado o ha caducado. Vuelva a la tienda y empiece de nuevo.',
  errorRejected: 'No se pudo crear el pago.',
  errorMisconfigured:
    'La página de pago de esta tienda no está bien configurada. Por favor, avise a la tienda.',
  retry: 'Intentar de nuevo',
  retryIn: (time) => `Intentar de nuevo en ${time}`,
  retryWait: (time) => `Podrá intentarlo de nuevo en ${time}.`,
  back: 'Volver',
};

export default es;
