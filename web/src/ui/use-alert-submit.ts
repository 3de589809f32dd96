import type { FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError, errorText } from '../lib/api-error.ts';
import { applyServerErrors, useFormSubmit } from './form-errors.ts';

type Options = {
  /** A page's own words for an error (docs/product.md "Errors": 401 on login...), or undefined for the default. */
  explain?: (err: unknown) => string | undefined;
  /** Put errors that belong to no field under this field instead of the alert (docs/product.md "Validation", sign-up). */
  fallbackField?: string;
};

/**
 * Submits an account form: server field errors go under their fields, everything else into an alert
 * above the form (`alert`), so a failed sign-in is read where the user is looking.
 */
export function useAlertSubmit<V>(form: FormInstance<V>, submit: (values: V) => Promise<void>, opts: Options = {}) {
  const [alert, setAlert] = useState<string | null>(null);
  const { onFinish, submitting } = useFormSubmit(form, async (values: V) => {
    setAlert(null);
    try {
      await submit(values);
    } catch (err) {
      const explained = opts.explain?.(err);
      if (explained) return setAlert(explained);
      if (err instanceof ApiError && err.validationErrors) throw err; // useFormSubmit marks the fields
      if (opts.fallbackField) return applyServerErrors(form as FormInstance, err, opts.fallbackField);
      setAlert(errorText(err));
    }
  });
  return { onFinish, submitting, alert, setAlert };
}
