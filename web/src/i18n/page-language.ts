import type { Language } from './language.ts';

let current: Language = 'ru';

/** The language this page runs in, once its texts are loaded (the staff app's or the family's). */
export const pageLanguage = (): Language => current;

/** Set by whichever loads the page's texts, before its screens load. */
export function setPageLanguage(language: Language): void {
  current = language;
}
