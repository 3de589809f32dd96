import { parseBody } from './api-client.ts';
import { errorFromResponse, networkError, timeoutError } from './api-error.ts';
import { apiHeaders, ensureCsrfCookie, handleUnauthorized, sentTokenOf } from './api-headers.ts';

export interface UploadOptions {
  /** Name of the multipart field holding the file. */
  field?: string;
  /** More multipart fields sent along (e.g. a school id). */
  extra?: Record<string, string>;
  /** 0..100 while the file goes up; the server may still be working after 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A file on a slow school line may take minutes, but not forever. */
export const UPLOAD_TIMEOUT_MS = 300_000;

function abortError(): DOMException {
  return new DOMException('Загрузка отменена', 'AbortError');
}

/**
 * Posts a file as multipart with the app's headers and error mapping. XMLHttpRequest rather than
 * fetch, because only it reports upload progress, and files go up slowly on school networks.
 */
export async function uploadFile<T>(url: string, file: File | Blob, opts: UploadOptions = {}): Promise<T> {
  const { field = 'file', extra, onProgress, signal } = opts;
  if (signal?.aborted) throw abortError();
  await ensureCsrfCookie('POST', url);
  if (signal?.aborted) throw abortError();

  const form = new FormData();
  for (const [key, value] of Object.entries(extra ?? {})) form.append(key, value);
  if (file instanceof File) form.append(field, file, file.name);
  else form.append(field, file);

  const headers = apiHeaders('POST', url);
  const sentToken = sentTokenOf(headers);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parseBody<T>(xhr.status, xhr.responseText));
        return;
      }
      // status 0 on load means the browser gave up on the answer (CORS, a dropped connection).
      if (xhr.status === 0) {
        reject(networkError());
        return;
      }
      handleUnauthorized(xhr.status, sentToken);
      reject(errorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.ontimeout = () => {
      done();
      reject(timeoutError());
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(form);
  });
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/**
 * Does the file fit an `accept` list like ".xlsx,.xls" or "image/jpeg,image/*"? The browser's
 * chooser filters too, but a user can still pick "all files" or drop one in.
 */
export function matchesAccept(file: { name: string; type: string }, accept: string | undefined): boolean {
  const entries = (accept ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return entries.some((e) => {
    if (e.startsWith('.')) return name.endsWith(e);
    if (e.endsWith('/*')) return type.startsWith(e.slice(0, -1));
    return type === e;
  });
}

/**
 * Posts a file and saves the file the server answers (the rows of an import that would not load):
 * the browser's own download, named as the server names it.
 */
export async function uploadForFile(url: string, file: File, field = 'file'): Promise<void> {
  await ensureCsrfCookie('POST', url);
  const form = new FormData();
  form.append(field, file, file.name);
  const headers = apiHeaders('POST', url);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { ...headers, Accept: '*/*' }, body: form });
  } catch {
    throw networkError();
  }
  if (!res.ok) {
    handleUnauthorized(res.status, sentTokenOf(headers));
    throw errorFromResponse(res.status, res.statusText, await res.text());
  }
  const named = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = named ? decodeURIComponent(named) : 'file.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
