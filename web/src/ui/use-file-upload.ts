import { message } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '../lib/api-error.ts';
import { isAbortError, uploadFile } from '../lib/upload.ts';

export interface FileUploadOptions<T> {
  url: string;
  field?: string;
  extra?: Record<string, string>;
  /** A Russian reason to refuse the file before sending it, or null to send it. */
  refuse: (file: File) => string | null;
  /**
   * Run on a file `refuse` let through, before sending (a photo scaled down in the browser): the file
   * to send, or a reason to refuse it. The control is busy meanwhile.
   */
  prepare?: (file: File) => Promise<File | { refused: string }>;
  /** With the file sent, for a caller that sends it again (an import checked first). */
  onDone: (result: T, file: File) => void;
  /** Instead of the default error message, e.g. to list the rows an import refused; with the file sent. */
  onError?: (err: unknown, file: File) => void;
}

/**
 * What every upload control shares: a hidden file input, the check before sending, the progress
 * (null when idle), errors in Russian, and cancelling the request when the control goes away.
 */
export function useFileUpload<T>({ url, field, extra, refuse, prepare, onDone, onError }: FileUploadOptions<T>) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after fixing it
    if (!file) return;
    const refusal = refuse(file);
    if (refusal) {
      void message.error(refusal);
      return;
    }
    abort.current = new AbortController();
    setPercent(0);
    try {
      const ready = prepare ? await prepare(file) : file;
      if (!(ready instanceof File)) {
        void message.error(ready.refused);
        return;
      }
      const result = await uploadFile<T>(url, ready, {
        ...(field ? { field } : {}),
        ...(extra ? { extra } : {}),
        onProgress: setPercent,
        signal: abort.current.signal,
      });
      onDone(result, file);
    } catch (err) {
      if (isAbortError(err)) return;
      if (onError) onError(err, file);
      else void message.error(errorText(err));
    } finally {
      setPercent(null);
    }
  };

  return { input, percent, busy: percent !== null, onFile, choose: () => input.current?.click() };
}
