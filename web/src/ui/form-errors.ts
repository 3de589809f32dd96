import { message, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../lib/api-error.ts';

type NamePath = (string | number)[];

/** 'rows.0.name' (how the server names a nested field) -> ['rows', 0, 'name'] (antd's name path). */
export function toNamePath(field: string): NamePath {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const pathKey = (path: NamePath) => path.join('.');

/**
 * Shows a failed save on the form (docs/product.md "Errors"): the first message of each invalid field under that
 * field; anything else (messages for fields the form lacks, a 409, a network failure) under
 * `fallbackField` when given, else as a message at the top of the page.
 */
export function applyServerErrors(form: FormInstance, err: unknown, fallbackField?: string): void {
  const registered = new Set(form.getFieldsError().map((f) => pathKey(f.name)));
  const leftovers: string[] = [];
  const fields: { name: NamePath; errors: string[] }[] = [];

  if (err instanceof ApiError && err.validationErrors) {
    for (const [field, messages] of Object.entries(err.validationErrors)) {
      const first = messages[0];
      if (!first) continue;
      const name = toNamePath(field);
      if (registered.has(pathKey(name))) fields.push({ name, errors: [first] });
      else leftovers.push(first);
    }
    if (fields.length === 0 && leftovers.length === 0) leftovers.push(errorText(err));
  } else {
    leftovers.push(errorText(err));
  }

  if (leftovers.length > 0) {
    const text = [...new Set(leftovers)].join('; ');
    if (fallbackField && registered.has(pathKey(toNamePath(fallbackField)))) {
      fields.push({ name: toNamePath(fallbackField), errors: [text] });
    } else {
      void message.error(text);
    }
  }
  if (fields.length === 0) return;
  form.setFields(fields);
  const first = fields[0];
  if (first) {
    try {
      form.scrollToField(first.name, { block: 'center' });
    } catch {
      // scrolling is a courtesy; a field without a DOM node is still marked
    }
  }
}

export interface FormSubmitOptions<R> {
  fallbackField?: string;
  onSuccess?: (result: R) => void;
}

/**
 * `onFinish` for an antd Form: sends the values, marks server errors on the form, and ignores a
 * second click while the first save is still going (old computers, slow networks).
 */
export function useFormSubmit<V, R = unknown>(
  form: FormInstance<V>,
  submit: (values: V) => Promise<R>,
  opts: FormSubmitOptions<R> = {},
): { onFinish: (values: V) => Promise<void>; submitting: boolean } {
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef({ submit, opts });
  useEffect(() => {
    latest.current = { submit, opts };
  });

  const onFinish = useCallback(
    async (values: V) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      try {
        const result = await latest.current.submit(values);
        latest.current.opts.onSuccess?.(result);
      } catch (err) {
        applyServerErrors(form as FormInstance, err, latest.current.opts.fallbackField);
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [form],
  );

  return { onFinish, submitting };
}
