/**
 * The widget's details step as the suite's customers fill it, in order (what to wait for, which
 * field takes what, which currency to pay with), and the checkout id the widget remembers: said
 * once, so each browser driver (Playwright in tests/e2e, the engines' own in tests/engines) only
 * plays it, in its own way of typing and clicking.
 */

import { LEGAL_SENDER, SENDER } from './senders.ts';

/** One thing a customer does on the details step, naming what they look at as they see it. */
export type DetailsAction =
  | { waitFor: { role: 'heading'; name: string } }
  | { type: { label: string }; text: string }
  /** The date (YYYY-MM-DD) into the date of birth: the widget's three fields under this legend. */
  | { fillDate: { label: string }; date: string }
  | { click: { role: 'radio'; name: string } }
  | { selectOption: { label: string }; value: string };

const detailsShown: DetailsAction = { waitFor: { role: 'heading', name: 'Your details' } };

/** The suite's individual (`SENDER`), paying with `payWith`. */
export const personDetails = (payWith = 'BTC on Bitcoin'): DetailsAction[] => [
  detailsShown,
  { type: { label: 'First name' }, text: SENDER.sender_data.first_name },
  { type: { label: 'Last name' }, text: SENDER.sender_data.last_name },
  { fillDate: { label: 'Date of birth' }, date: SENDER.sender_data.date_of_birth },
  { click: { role: 'radio', name: payWith } },
];

/** The suite's company (`LEGAL_SENDER`), registered in the Netherlands, paying with `payWith`. */
export const companyDetails = (payWith = 'ETH on Ethereum'): DetailsAction[] => [
  detailsShown,
  { click: { role: 'radio', name: 'A company' } },
  { type: { label: 'Legal name of the company' }, text: LEGAL_SENDER.sender_data.legal_name },
  { type: { label: 'Search countries' }, text: 'Netherlands' },
  {
    selectOption: { label: 'Country of registration' },
    value: LEGAL_SENDER.sender_data.country_of_registration,
  },
  { click: { role: 'radio', name: payWith } },
];

/**
 * Runs in the page (so it uses nothing from outside itself): the id the widget keeps in
 * sessionStorage for the tab's checkout, or null.
 */
export function rememberedCheckoutIdInPage(): string | null {
  const key = Object.keys(sessionStorage).find((name) => name.startsWith('crypto-pay:checkout:'));
  return key ? sessionStorage.getItem(key) : null;
}
