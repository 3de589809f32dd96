import { msg, keptText, z } from './zod.ts';

/**
 * The organization's own content (dishes, categories, menus, schools, classes) is named in Russian
 * and in Kazakh; either may be given first, and the other falls back to it, marked, until it is given.
 *
 * On the wire `name` is the Russian name as before (what the spec's client sends and reads), and
 * `name_kk` the Kazakh one; an answer also says `name_ru`, null while only the Kazakh name is given
 * (then `name` holds the Kazakh one, so that a client that knows one name always has one).
 */
export const nameBody = (max = 255) => ({
  /** The Russian name; left out of an update, it stays; empty, it is cleared. */
  name: keptText(max),
  /** The Kazakh name, the same way. */
  name_kk: keptText(max),
});

/**
 * A new thing's names: at least one, or `name` is required. Checked even when other fields of the body
 * are wrong, so that it is said with them.
 */
export const someName: [
  (v: { name?: unknown; name_kk?: unknown }) => boolean,
  { path: PropertyKey[]; message: string; when: (payload: { value: unknown }) => boolean },
] = [
  (v) => Boolean(v.name || v.name_kk),
  {
    path: ['name'],
    message: msg.required,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  },
];

/** What an answer says of a name given in both languages. */
export const NameAnswer = {
  name: z.string(),
  /** Null while only the Kazakh name is given. */
  name_ru: z.string().nullable(),
  /** Null while only the Russian name is given. */
  name_kk: z.string().nullable(),
};

/** A school (or another named thing) as another answer names it: its id and both names. */
export const NamedRef = z.object({ id: z.number().int(), ...NameAnswer });
export type NamedRef = z.infer<typeof NamedRef>;

/** Both names as stored: `name` the Russian one, or the Kazakh one while `nameRuMissing`. */
export interface StoredNames {
  name: string;
  nameKk: string | null;
  nameRuMissing: boolean;
}

/**
 * The names to store from what was sent (absent: as stored), or a message for `name` when neither
 * would be left: a thing is named in at least one language.
 */
export function namesToStore(
  sent: { name?: string | null | undefined; name_kk?: string | null | undefined },
  current: StoredNames | null,
): StoredNames | { error: string } {
  const ru = sent.name !== undefined ? sent.name : current && !current.nameRuMissing ? current.name : null;
  const kk = sent.name_kk !== undefined ? sent.name_kk : (current?.nameKk ?? null);
  if (ru) return { name: ru, nameKk: kk, nameRuMissing: false };
  if (kk) return { name: kk, nameKk: kk, nameRuMissing: true };
  return { error: msg.required };
}

/** The names an answer says. */
export const namesOf = (row: StoredNames) => ({
  name: row.name,
  name_ru: row.nameRuMissing ? null : row.name,
  name_kk: row.nameKk,
});

/** The stored name in a language: its own, or the other one until it is given (a mail, a workbook). */
export const nameInLanguage = (row: StoredNames, language: 'ru' | 'kk'): string =>
  language === 'kk' ? (row.nameKk ?? row.name) : row.name;
