import { shell } from './ru-shell.ts';
import { ui } from './ru-ui.ts';
import { orgsTexts } from './ru-orgs.ts';
import { structureTexts } from './ru-structure.ts';
import { invitationTexts } from './ru-invitation.ts';
import { usersTexts } from './ru-users.ts';
import { catalogsTexts } from './ru-catalogs.ts';
import { fixationTexts } from './ru-fixation.ts';
import { manualFixationTexts } from './ru-manual-fixation.ts';
import { foodTexts } from './ru-food.ts';
import { reportsTexts } from './ru-reports.ts';
import { libraryTexts } from './ru-library.ts';
import { calendarTexts } from './ru-calendar.ts';

/** The one Russian dictionary: each section lives in its own file so a Kazakh one can follow. */
export const ru = {
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
} as const;
