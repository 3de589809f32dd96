import type { Widen } from './dictionary.ts';
import { appLanguage } from './texts.ts';

/**
 * A screen's own texts, Russian and Kazakh side by side in its module (a catalogue's screens), in the
 * language the app runs in. Read when the module loads, which is after `loadTexts` (main.tsx).
 */
export const bilingual = <T>(texts: { ru: T; kk: Widen<T> }): T => (appLanguage() === 'kk' ? texts.kk : texts.ru) as T;

/** One text in the app's language (a menu label of `catalogues.ts`). */
export const inAppLanguage = (label: { ru: string; kk: string }): string => label[appLanguage()];
