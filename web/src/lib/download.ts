// File downloads from the API (CSV reports): fetched with the bearer token like every other call (a plain
// link could not send it), named by the server's Content-Disposition and saved through a temporary
// <a download>. A failed download throws an ApiError carrying the server's `error` text.
import { apiUrl, BASE_HEADERS, expireSession, validAccessToken } from './api';
import { ApiError, apiErrorFrom, parseJsonBody, REQUEST_ID_HEADER } from './api-error';

type Query = Parameters<typeof apiUrl>[1];

/** The browser's IANA time zone, so a CSV's dates match the tables' local times. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then `filename`. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = header.match(/filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = header.match(/filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

async function errorFrom(res: Response): Promise<ApiError> {
  return apiErrorFrom(
    res.status,
    parseJsonBody(await res.text()),
    'Download',
    res.headers.get(REQUEST_ID_HEADER),
  );
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Downloads `path` (with `query`) and saves it. Answers the saved file name. `fallbackName` is used when
 * the server sends no Content-Disposition.
 */
export async function downloadFile(path: string, query?: Query, fallbackName = 'download'): Promise<string> {
  const token = await validAccessToken();
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), {
      headers: { ...BASE_HEADERS, Accept: 'text/csv, application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  // The token is fresh by our clock, so the server has revoked the session: log in again.
  if (res.status === 401) expireSession();
  if (!res.ok) throw await errorFrom(res);
  const blob = await res.blob();
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, filename);
  return filename;
}
