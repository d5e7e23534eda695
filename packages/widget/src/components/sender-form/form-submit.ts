/**
 * What Continue does once the form's rules are there, in their chunk (`sender-rules.ts`) rather
 * than the first paint: check every field, then either count the mistakes and focus the first,
 * or hand the details on as `details-submit`.
 */
import type { SenderData } from '@crypto-pay/protocol/sender';
import { askAgain, wholeOf } from '../../localize/localize.ts';
import { plural } from '../../localize/plural.ts';
import type { FirstMessages } from '../../localize/translation.ts';
import type AmountChoice from '../amount-choice/amount-choice.component.ts';
import {
  type DetailsSubmit,
  FIELDS_OF,
  type FieldMessages,
  type FormField,
  type SenderType,
  type SenderValues,
} from './form-fields.ts';
import { senderData } from './sender-validation.ts';

/** The form's state this reads and sets (the element's own fields, private to its users). */
export interface SubmittingForm extends HTMLElement {
  t: FirstMessages;
  senderType: SenderType;
  values: SenderValues;
  paymentCurrency: DetailsSubmit['paymentCurrency'];
  touched: Set<FormField>;
  summary: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  messages(): FieldMessages;
  focusField(field: FormField): void;
}

export async function submitChecked(form: SubmittingForm): Promise<void> {
  // The words of the form's mistakes hold nothing the check needs: it goes on at once, with the
  // first paint's short English where they are not there, and asks again for any that failed to
  // load, for the element to show once they come.
  if (!wholeOf(form.t)) askAgain();
  const amount = form.renderRoot.querySelector<AmountChoice>('#amount');
  const visible: FormField[] = [...FIELDS_OF[form.senderType], 'email'];
  form.touched = new Set(visible);
  const messages = form.messages();
  // The amount first, where it shows: above the rest.
  const amountWrong = amount?.report() === false;
  const wrong = [
    ...(amountWrong ? (['amount'] as const) : []),
    ...visible.filter((field) => messages[field]),
  ];
  // Emptied first: an alert that keeps its words is not read out again on the next try.
  form.summary = '';
  if (wrong.length > 0) {
    await form.updateComplete;
    const t = wholeOf(form.t);
    form.summary = t ? plural(t, t.formHasErrors, wrong.length) : '';
    form.updateComplete.then(() => {
      // A country searched for but not picked: back to the search, where it is put right.
      const search = form.renderRoot.querySelector<HTMLInputElement>('#country-search');
      if (wrong[0] === 'country_of_registration' && search?.value.trim()) search.focus();
      else form.focusField(wrong[0] as FormField);
    });
    return;
  }
  const email = form.values.email.trim();
  const detail: DetailsSubmit = {
    senderType: form.senderType,
    // The rules keep exactly this sender type's fields, so the record is that type's data.
    senderData: senderData(form.senderType, form.values, form.t.$code) as unknown as SenderData,
    ...(email ? { email } : {}),
    ...(form.paymentCurrency ? { paymentCurrency: form.paymentCurrency } : {}),
    ...(amount?.amount ? { amount: amount.amount } : {}),
  };
  form.dispatchEvent(new CustomEvent<DetailsSubmit>('details-submit', { detail }));
}
