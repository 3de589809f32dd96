import { shell } from './ru-shell.ts';
import { ui } from './ru-ui.ts';

/** The one Russian dictionary: each section lives in its own file so a Kazakh one can follow. */
export const ru = { ...shell, ui } as const;
export type Dictionary = typeof ru;
