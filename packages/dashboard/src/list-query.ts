/**
 * The lists' searches (payments, callbacks, audit log): read from the page's address, so a
 * search is a link, or from a search form; and a page of a list as the merchant API's query,
 * newest first, older than the cursor `before` when given.
 */

/** The fields `names` that `values` (an address's query or a form's) hold, trimmed, empty left out. */
export function pickSearch<Name extends string>(
  values: URLSearchParams | Record<string, string | undefined>,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const read = (name: string) =>
    values instanceof URLSearchParams ? values.get(name) : values[name];
  const search: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = read(name)?.trim();
    if (value) search[name] = value;
  }
  return search;
}

/** The address's query of a search, in the order of its names. */
export function searchParams(search: Partial<Record<string, string>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value) params.set(name, value);
  return params;
}

/** `path` for one page of `limit` items matching `query`, older than `before` when given. */
export function pagePath(
  path: string,
  query: URLSearchParams | Partial<Record<string, string>>,
  before?: string,
  limit = 50,
): string {
  const params =
    query instanceof URLSearchParams ? new URLSearchParams(query) : searchParams(query);
  params.set('limit', String(limit));
  if (before) params.set('before', before);
  return `${path}?${params}`;
}

export const CALLBACK_SEARCH = ['type', 'object_id', 'foreign_id', 'status'] as const;
export const AUDIT_SEARCH = ['actor', 'action'] as const;
