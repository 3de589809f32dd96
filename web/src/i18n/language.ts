/**
 * The languages the product speaks and the one this browser chose. Russian is the default (the
 * spec's client speaks it); a choice made on this browser is kept, else a Kazakh browser gets
 * Kazakh. Light on purpose: the sign-in page reads it before anything else loads.
 */
export const LANGUAGES = ['ru', 'kk'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name, so that a person finds theirs whatever the page speaks now. */
export const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', kk: 'Қазақша' };

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

/**
 * Where the language kept on this browser came from: a `choice` made here before signing in (it goes
 * to the profile of whoever signs in next), the signed-in person's `profile`, or their
 * `organization`'s default.
 */
export type LanguageSource = 'choice' | 'profile' | 'organization';
const SOURCE_KEY = 'tamaq.language.source';

/** Keeps `language` for this browser, with where it came from; the page loads again in it. */
export function chooseLanguage(language: Language, source: LanguageSource = 'choice'): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
    localStorage.setItem(SOURCE_KEY, source);
  } catch {
    /* storage blocked: the choice lasts this page only */
  }
  window.location.reload();
}

/** A language chosen on this browser that no profile holds yet (a choice made on the sign-in page). */
export function pendingChoice(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    const source = localStorage.getItem(SOURCE_KEY);
    return isLanguage(stored) && (source === null || source === 'choice') ? stored : null;
  } catch {
    return null;
  }
}

/** The language kept here is now the signed-in person's own, held by their profile. */
export function markKeptByProfile(): void {
  try {
    localStorage.setItem(SOURCE_KEY, 'profile');
  } catch {
    /* storage blocked */
  }
}
