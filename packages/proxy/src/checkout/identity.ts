/**
 * Identifiers the proxy makes: unguessable checkout ids and session tokens, foreign_ids that
 * carry no personal data, and the end_user_reference as a keyed hash of the sender's identity.
 */

import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { SenderData, SenderType } from '@crypto-pay/protocol';
import { randomText } from '../random-text.ts';

// 16 bytes are the 22 characters the contract's CHECKOUT_ID_LENGTH promises.
const ID_BYTES = 16;

/** 128 random bits as base64url (22 characters), from the pool of public ids' bytes. */
const randomId = () => randomText(ID_BYTES);

/**
 * A checkout's public id: 128 random bits as base64url (22 characters), never beginning with `-`.
 * Staff paste it into a shell (`crypto-pay checkouts show <id>`, grep), where a leading `-` reads
 * as a flag; one id in 64 would. Such a draw is drawn again, so every other id stays as likely.
 */
export function newCheckoutId(): string {
  for (;;) {
    const id = randomId();
    if (!id.startsWith('-')) return id;
  }
}

/** A payment request's foreign_id: random, unrelated to the checkout id and to the customer. */
export function newForeignId(): string {
  return `cp_${randomId()}`;
}

/** A checkout session token (256 bits), handed to the merchant once. */
export function newSessionToken(): string {
  return `cps_${randomBytes(32).toString('base64url')}`;
}

/** Sessions are stored by this hash, so a copy of the database cannot be used to pay. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The server-side key of the proxy's keyed hashes: `END_USER_REFERENCE_KEY` when set, otherwise
 * derived from the signing secret with a fixed label, so it never equals the secret itself.
 * Rotating the signing secret changes derived references, hence the separate variable. A
 * KeyObject, made once: an HMAC given a Buffer makes a key of it at every call, several times
 * the cost of the HMAC itself (BENCHMARKS.md, "Issue 32").
 */
export function referenceKey(signingSecret: string, explicitKey: string | undefined): KeyObject {
  if (explicitKey !== undefined) return createSecretKey(Buffer.from(explicitKey, 'utf8'));
  return createSecretKey(
    createHmac('sha256', signingSecret).update('crypto-pay/end_user_reference/v1').digest(),
  );
}

const canonicalText = (value: string) =>
  value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The same customer always gets the same reference: names are compared without case, extra
 * spaces or Unicode form differences. The reference is an HMAC, so it reveals nothing.
 */
export function endUserReference(key: KeyObject, senderType: SenderType, data: SenderData): string {
  const identity =
    senderType === 'natural' && 'first_name' in data
      ? [
          'natural',
          canonicalText(data.first_name),
          canonicalText(data.last_name),
          data.date_of_birth,
        ]
      : 'legal_name' in data
        ? ['legal', canonicalText(data.legal_name), data.country_of_registration.toUpperCase()]
        : [senderType];
  return `eur_${createHmac('sha256', key).update(JSON.stringify(identity)).digest('base64url')}`;
}

/** A keyed hash of a request body for Idempotency-Key checks: equal bodies, equal hashes. */
export function requestHash(key: KeyObject, body: string): string {
  return createHmac('sha256', key).update('idempotency\0').update(body).digest('base64url');
}
