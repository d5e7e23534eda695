/** Copying a text for the customer: the one way the payment link and the reference are copied. */

/**
 * Puts `text` on the clipboard; false where the page may not (an insecure page, a refused
 * permission), and the caller selects the text for the customer to copy.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
