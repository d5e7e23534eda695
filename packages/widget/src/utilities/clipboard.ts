/** Copying a text for the customer: the one way the payment link and the reference are copied. */

/**
 * Puts `text` on the clipboard and returns true. Where the page may not (an insecure page has no
 * `navigator.clipboard`, a permission refused) it focuses and selects `field`, a read-only input
 * holding the text, for the customer to copy (a selected input works in every engine and shows
 * the phone's copy handles, unlike a selection inside a shadow root), and returns false.
 */
export async function copyText(
  text: string,
  field: () => HTMLInputElement | Promise<HTMLInputElement>,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const input = await field();
    input.focus();
    input.select();
    return false;
  }
}
