// Post file uploads (product.md sections 4, 5 and 7): a multipart POST (filesEndpoints.uploadFile) through
// XMLHttpRequest, because fetch reports no upload progress. Progress is scaled to 0-90 while the bytes are
// sent and becomes 100 when the server has stored the file; failures carry the server's `error` text.
import { filesEndpoints, LIMITS, MSG, type UploadResponse } from '@hearth/contract';
import { BASE_HEADERS, expireSession, validAccessToken } from '../../lib/api';
import { ApiError, apiErrorFrom, parseJsonBody, REQUEST_ID_HEADER } from '../../lib/api-error';
import { endpointUrl } from '../../lib/endpoint-client';

export type UploadResult = UploadResponse;

/** The share of the bar the sending phase may fill; the last 10% is the server storing the file. */
export const SENDING_SHARE = 90;

/** Video, and audio with it, may be up to 500MB (the server counts audio as video too). */
export function isVideoFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('video/') || file.type.startsWith('audio/');
}

/** The browser-side size check (the server checks again, by the bytes): a message, or null when fine. */
export function checkPostFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (isVideoFile(file)) return file.size < LIMITS.videoMaxBytes ? null : MSG.videoTooBig;
  return file.size < LIMITS.fileMaxBytes ? null : MSG.fileTooBig;
}

/** Sent bytes as a bar position: 0-90 while sending. */
export function sendingPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(SENDING_SHARE, Math.floor((loaded / total) * SENDING_SHARE));
}

type Options = { onProgress?: (percent: number) => void; signal?: AbortSignal; folder?: string };

export async function uploadPostFile(file: File, options: Options = {}): Promise<UploadResult> {
  const { onProgress, signal, folder = 'post' } = options;
  const token = await validAccessToken();
  const form = new FormData();
  // Fields before the file: the server reads the multipart stream in order.
  form.append('filename', file.name);
  form.append('resourceType', 'auto');
  form.append('folder', folder);
  form.append('file', file, file.name);

  return new Promise<UploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(filesEndpoints.uploadFile.method, endpointUrl(filesEndpoints.uploadFile));
    xhr.timeout = LIMITS.uploadTimeoutMs;
    for (const [name, value] of Object.entries(BASE_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(sendingPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      const body = parseJsonBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const data = (body as { data?: UploadResult } | undefined)?.data;
        if (!data || typeof data.fileId !== 'number') {
          reject(new ApiError(xhr.status, 'BAD_RESPONSE', MSG.somethingWrong));
          return;
        }
        onProgress?.(100);
        resolve(data);
        return;
      }
      if (xhr.status === 401) {
        try {
          expireSession();
        } catch (err) {
          reject(err);
        }
        return;
      }
      reject(apiErrorFrom(xhr.status, body, 'Upload', xhr.getResponseHeader(REQUEST_ID_HEADER)));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.'));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The upload took too long. Please try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    if (signal) {
      if (signal.aborted) {
        reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
