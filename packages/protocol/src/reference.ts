/**
 * The customer's payment reference: the checkout id, grouped for reading aloud. No zod, so the
 * widget's bundle can hold it; the widget's end view and the dashboard show it the same way.
 */

/**
 * The checkout id in groups of four with a space between them (`AbC- d_3x …`). Every character
 * of the id stays, `-` and `_` included: removing the spaces gives the id back, and the
 * merchant API's search ignores them.
 */
export function groupReference(id: string): string {
  // Fours, as card and IBAN numbers are read over the phone; none after the last group.
  return id.replace(/.{4}(?=.)/gsu, '$& ');
}
