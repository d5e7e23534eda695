/**
 * Valid bodies of the processing API's creates (payment request, invoice, withdrawal) with the
 * suite's sender, and the invoice a create answers: protocol's documented examples, handed out
 * here with the rest of the kit. Each builder takes overrides (undefined removes a field) to
 * break one rule at a time.
 */

export {
  createdInvoice,
  INVOICE_FIELDS_EMPTY_AT_CREATE,
  invoice,
  invoiceRequest,
  paymentRequest,
  withdrawal,
  withdrawalRequest,
  withNumbers,
} from '@crypto-pay/protocol/examples';
