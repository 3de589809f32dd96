import type { Dictionary } from './dictionary.ts';
import { catalogsTexts, invitationTexts } from './kk-catalogs.ts';
import { fixationTexts, manualFixationTexts } from './kk-fixation.ts';
import { foodTexts } from './kk-food.ts';
import { libraryTexts } from './kk-library.ts';
import { orgsTexts } from './kk-orgs.ts';
import { shell } from './kk-shell.ts';
import { structureTexts } from './kk-structure.ts';
import { reportsTexts, usersTexts } from './kk-users.ts';
import { ui } from './kk-ui.ts';
import { calendarTexts } from './kk-calendar.ts';

/**
 * The Kazakh dictionary, section by section beside the Russian one (docs/glossary.md keeps the
 * words), each typed against the Russian key by key: a text added in Russian and not in Kazakh
 * fails the type check.
 */
export const kk: Dictionary = {
  ...shell,
  ui,
  orgs: orgsTexts,
  structure: structureTexts,
  invitation: invitationTexts,
  users: usersTexts,
  catalogs: catalogsTexts,
  fixation: fixationTexts,
  manualFixation: manualFixationTexts,
  food: foodTexts,
  reports: reportsTexts,
  library: libraryTexts,
  calendar: calendarTexts,
};
