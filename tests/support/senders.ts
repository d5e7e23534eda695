/**
 * The one set of sender data every test sends (packages' own tests import it too): a natural
 * and a legal sender and an email no other text contains, and the strings a leak search
 * looks for.
 */

/**
 * Sender data no other text contains, so a search for it in logs, bodies and files finds only
 * leaks. The proxy must forward it upstream and keep it nowhere.
 */
export const SENDER = {
  sender_type: 'natural',
  sender_data: {
    first_name: 'Zebulonia',
    last_name: 'Quixotewright',
    date_of_birth: '1984-02-29',
  },
} as const;

export const LEGAL_SENDER = {
  sender_type: 'legal',
  sender_data: { legal_name: 'Xylocarp Umbrage Holdings', country_of_registration: 'NLD' },
} as const;

export const SENDER_EMAIL = 'zebulonia.quixotewright@example.org';

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
