import type { Widen } from './dictionary.ts';
import type { Language } from './language.ts';
import { shell } from './ru-shell.ts';
import { ui } from './ru-ui.ts';

/**
 * The texts the sign-in page needs (the shell's and the shared ones), apart from the app's: the
 * first page every user downloads carries these only. Read when drawn, not when loaded: this module
 * loads before the language does.
 */
export type ShellTexts = Widen<typeof shell> & { readonly ui: Widen<typeof ui> };

export let shellTexts: ShellTexts = { ...shell, ui };

/** Makes `language` the sign-in page's. */
export async function loadShellTexts(language: Language): Promise<void> {
  if (language === 'kk') {
    const [kkShell, kkUi] = await Promise.all([import('./kk-shell.ts'), import('./kk-ui.ts')]);
    shellTexts = { ...kkShell.shell, ui: kkUi.ui };
  } else shellTexts = { ...shell, ui };
}
