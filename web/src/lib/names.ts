import type { Language } from '../i18n/language.ts';
import { pageLanguage } from '../i18n/page-language.ts';

/**
 * A name of the organization's own content, given in Russian and Kazakh (contract/src/names.ts):
 * `name_ru` and `name_kk`, either null until given. Content named once has `name` alone.
 */
export interface BilingualName {
  name: string;
  name_ru?: string | null;
  name_kk?: string | null;
}

/** A name in no language: a grade and a letter («5 «А»», «11Б») reads the same in Kazakh and Russian. */
const languageNeutral = (name: string): boolean => (name.match(/\p{L}/gu)?.length ?? 0) <= 1;

/**
 * The name in the reader's language, or the other one (`fallback`) until it is given; a name in no
 * language («5 «А»») is not marked as the other language's.
 */
export function nameIn(row: BilingualName, language: Language = pageLanguage()): { text: string; fallback: boolean } {
  if (row.name_ru === undefined && row.name_kk === undefined) return { text: row.name, fallback: false };
  const own = language === 'kk' ? row.name_kk : row.name_ru;
  if (own) return { text: own, fallback: false };
  const text = (language === 'kk' ? row.name_ru : row.name_kk) || row.name;
  return { text, fallback: !languageNeutral(text) };
}

/** The name as plain text, in the reader's language (a receipt, a title, a tooltip). */
export const nameText = (row: BilingualName): string => nameIn(row).text;

/** Whether a search matches the name in either language (a Kazakh «шай» finds «Чай с сахаром»). */
export const nameMatches = (row: BilingualName, match: (text: string) => boolean): boolean =>
  [row.name, row.name_ru, row.name_kk].some((n) => !!n && match(n));
