import type { Dictionary } from './dictionary.ts';
import type { Language } from './language.ts';
import { setPageLanguage, pageLanguage } from './page-language.ts';
import { ru } from './ru.ts';

/**
 * The texts of the language the app runs in. Screens read them when their module loads, so the app
 * loads after `loadTexts` (main.tsx); switching the language loads the page again.
 */
export let i18n: Dictionary = ru;

/** The language `loadTexts` made the app's. */
export const appLanguage = (): Language => pageLanguage();

/** Makes `language` the app's: Russian is at hand, another dictionary is fetched once. */
export async function loadTexts(language: Language): Promise<void> {
  i18n = language === 'kk' ? (await import('./kk.ts')).kk : ru;
  setPageLanguage(language);
}
