/**
 * The one set of sender data every test sends (packages' own tests import it too): a natural
 * and a legal sender and an email no other text contains, and the strings a leak search
 * looks for.
 */

import { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/protocol/examples';

/**
 * Sender data no other text contains (protocol's examples), so a search for it in logs, bodies
 * and files finds only leaks. The proxy must forward it upstream and keep it nowhere.
 */
export { LEGAL_SENDER, SENDER, SENDER_EMAIL };

/**
 * The country of registration as it would look wherever it leaked: a bare code is three letters
 * any text or SQLite page may hold by chance, so the search is for the field and its value
 * together, as JSON (compact or spaced) and as Node prints an object.
 */
const COUNTRY_PAIRS = [
  `"country_of_registration":"${LEGAL_SENDER.sender_data.country_of_registration}"`,
  `"country_of_registration": "${LEGAL_SENDER.sender_data.country_of_registration}"`,
  `country_of_registration: '${LEGAL_SENDER.sender_data.country_of_registration}'`,
];

/**
 * The strings that must never leave the request that carried them. The date of birth is a leap
 * day of 1984: no clock, id or log timestamp of a run can spell it.
 */
export const PERSONAL_SENTINELS = [
  SENDER.sender_data.first_name,
  SENDER.sender_data.last_name,
  SENDER.sender_data.date_of_birth,
  LEGAL_SENDER.sender_data.legal_name,
  ...COUNTRY_PAIRS,
  SENDER_EMAIL,
];
