// The digest's unsubscribe link carries its signed token in the fragment (`/unsubscribe#token`, ADR 033):
// browsers never send a fragment to a server, so the token reaches no log. Never read from the query.

/** The token of `#token` (percent-decoded, trimmed); '' when there is none or it is malformed. */
export function tokenFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return '';
  }
}

/** The address without its fragment, so the token does not stay in the address bar or the history. */
export function withoutHash(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
