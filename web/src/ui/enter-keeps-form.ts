import type { KeyboardEvent } from 'react';

/**
 * `onKeyDown` of a date or time picker inside a form: Enter takes the typed value and stays in the
 * form, instead of sending the form before the user has looked at the rest.
 */
export function enterKeepsForm(e: KeyboardEvent): void {
  if (e.key === 'Enter') e.preventDefault();
}
