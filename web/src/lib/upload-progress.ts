// Uploads that say how far they got. fetch cannot report the progress of a request body, so an
// upload goes out through XMLHttpRequest, as the API client's `send` (api-client.ts): the client
// keeps its token, refresh and error rules. A module of its own, imported only by the upload
// calls, so the first page never loads it.
import type { Send } from './api-client';

/** Bytes of the request body sent so far; total is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export type ProgressListener = (progress: UploadProgress) => void;

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const abortError = () => new DOMException('The upload was stopped.', 'AbortError');

/**
 * A `send` for the API client that reports the upload's progress to `onProgress`. Failures are
 * fetch's: a TypeError when no response came (the client makes it a network ApiError), an
 * AbortError when `init.signal` stopped it.
 */
export function sendWithProgress(onProgress: ProgressListener): Send {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.responseType = 'blob';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
      const stop = () => xhr.abort();
      signal?.addEventListener('abort', stop, { once: true });
      const settle = () => signal?.removeEventListener('abort', stop);
      xhr.onload = () => {
        settle();
        // A status of 0 is no answer at all (a CORS or mixed-content refusal).
        if (xhr.status === 0) {
          reject(new TypeError('The upload got no response.'));
          return;
        }
        const body = NULL_BODY.has(xhr.status) ? null : (xhr.response as Blob | null);
        resolve(
          new Response(body, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr),
          }),
        );
      };
      xhr.onerror = xhr.ontimeout = () => {
        settle();
        reject(new TypeError('The upload failed.'));
      };
      xhr.onabort = () => {
        settle();
        reject(abortError());
      };
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}
