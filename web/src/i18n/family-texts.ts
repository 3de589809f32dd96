import type { Widen } from './dictionary.ts';
import type { Language } from './language.ts';
import { setPageLanguage } from './page-language.ts';
import { calendarTexts } from './ru-calendar.ts';
import { shell } from './ru-shell.ts';
import { ui } from './ru-ui.ts';

/**
 * The texts of the family's page: the shell's (the parent's page is part of it), the shared ones and
 * the calendar's words (weekdays, months, kinds of day), not the staff app's dictionary. Read when a
 * module of the page loads: `loadFamilyTexts` runs before them (web/src/family/main.tsx).
 */
export type FamilyTexts = Widen<typeof shell> & {
  readonly ui: Widen<typeof ui>;
  readonly calendar: Widen<typeof calendarTexts>;
};

export let familyTexts: FamilyTexts = { ...shell, ui, calendar: calendarTexts };

/** Makes `language` the family page's. */
export async function loadFamilyTexts(language: Language): Promise<void> {
  setPageLanguage(language);
  if (language === 'kk') {
    const [kkShell, kkUi, kkCalendar] = await Promise.all([
      import('./kk-shell.ts'),
      import('./kk-ui.ts'),
      import('./kk-calendar.ts'),
    ]);
    familyTexts = { ...kkShell.shell, ui: kkUi.ui, calendar: kkCalendar.calendarTexts };
  } else familyTexts = { ...shell, ui, calendar: calendarTexts };
}
