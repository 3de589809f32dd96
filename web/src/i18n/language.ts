/**
 * The languages the product speaks and the one this browser chose. Russian is the default (the
 * spec's client speaks it); a choice made on this browser is kept, else a Kazakh browser gets
 * Kazakh. Light on purpose: the sign-in page reads it before anything else loads.
 */
export const LANGUAGES = ['ru', 'kk'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'tamaq.language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language of this browser: the one chosen here, else the browser's own when it is Kazakh. */
export function chosenLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    /* storage blocked: the browser's language decides */
  }
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'kk') return 'kk';
    if (base === 'ru') return 'ru';
  }
  return 'ru';
}

/** Keeps `language` for this browser; the page loads again in it. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    /* storage blocked: the choice lasts this page only */
  }
  window.location.reload();
}
