/**
 * The fields of the details form, what it hands on, and how the proxy names them. Free of the
 * protocol's schemas, so the element can map a proxy error to a field without loading the rules.
 */
import type {
  LegalEntityData,
  NaturalPersonData,
  SenderData,
  SenderType,
} from '@crypto-pay/protocol/sender';
import type { CurrencyRef } from '../../api/proxy-api.ts';
import type { SenderField } from '../../localize/translation.ts';

// The protocol's, as a type only: this module stays free of its schemas.
export type { SenderType };

/** Everything the customer typed, before trimming. */
export type SenderValues = Record<SenderField | 'email', string>;

/** `amount`: the element's own amount choice (`amount-choice`), where it offers one. */
export type FormField = SenderField | 'email' | 'payment_currency' | 'amount';
export type FieldMessages = Partial<Record<FormField, string>>;

/** What the form hands on when the customer submits valid details. */
export interface DetailsSubmit {
  senderType: SenderType;
  senderData: SenderData;
  email?: string;
  paymentCurrency?: CurrencyRef;
  /** The customer's own amount, where the form offers the choice. */
  amount?: string;
}

/** A message the proxy sent back about one field (a 422 naming it). */
export interface FieldIssue {
  field: FormField;
  message: string;
  /** The proxy's code for it: the protocol's name of the rule, e.g. `last_name_too_long`. */
  rule?: string;
}

/** The fields of `Data`, each once, in any order: a list of this type names them all. */
type EveryField<Data, Field extends keyof Data = keyof Data> = [Field] extends [never]
  ? readonly []
  : Field extends unknown
    ? readonly [Field, ...EveryField<Omit<Data, Field>>]
    : never;

/**
 * Each sender type's fields, in the spec's order, which the form shows. The protocol's
 * `PARTY_FIELDS` says the same, but a value from its module brings the module (its rules and
 * texts, about 2 KB gzipped) into the first paint: its types hold this list to it instead, so a
 * field it adds, drops or renames is a type error here.
 */
export const FIELDS_OF: Record<SenderType, readonly SenderField[]> = {
  natural: ['first_name', 'last_name', 'date_of_birth'],
  legal: ['legal_name', 'country_of_registration'],
} satisfies { natural: EveryField<NaturalPersonData>; legal: EveryField<LegalEntityData> };

const SENDER_FIELDS: readonly string[] = [...FIELDS_OF.natural, ...FIELDS_OF.legal];
export const isSenderField = (field: string): field is SenderField => SENDER_FIELDS.includes(field);

/**
 * The form field a proxy error names (`sender_data.first_name`, `end_user_email`), if any; the
 * amount only where the form offers its choice (else the page set it, and an error view says so).
 */
export function formFieldOf(
  proxyField: string | undefined,
  amountChoice = false,
): FormField | undefined {
  if (!proxyField) return undefined;
  if (proxyField === 'amount') return amountChoice ? 'amount' : undefined;
  if (proxyField === 'end_user_email') return 'email';
  if (proxyField.startsWith('payment_currency')) return 'payment_currency';
  const name = proxyField.replace(/^sender_data\./, '');
  return isSenderField(name) ? name : undefined;
}
