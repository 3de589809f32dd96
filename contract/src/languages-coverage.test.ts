import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ambiguousTwins, translate } from './languages.ts';

/** Texts that read the same in both languages. */
const SAME_IN_KAZAKH = new Set([
  '№',
  'Карта',
  'Кассир',
  '1 А',
  '1 Б',
  '1 «А»',
  '____________________ / ____________________ /',
  // The group template's examples: a group's names, the same cells in a Kazakh template.
  'Средняя группа',
  'Ортаңғы топ',
  'Старшая группа',
  'Ересек топ',
]);

/** The sets of texts a person reads: messages, and the words of workbooks and menus. */
const WORDS =
  /MESSAGES(_KINDERGARTEN)?$|^msg$|^(CLASSROOM_SHEET|PUPIL_EXPORT|USER_IMPORT_COLUMNS|BOOK_IMPORT_HEADERS|MEAL_MODES)$/;

/** Every text of a set, with where it sits; functions are left to the type check of their twin. */
function textsOf(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => textsOf(v, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => textsOf(v, `${at}.${key}`));
  return [];
}

describe('every set of messages speaks Kazakh', async () => {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const modules = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const sets: [string, unknown][] = [];
  for (const file of modules) {
    const exports = (await import(`./${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (WORDS.test(name) && typeof value === 'object') sets.push([name, value]);
  }

  it('finds the sets', () => {
    expect(sets.length).toBeGreaterThan(25);
  });

  // A Russian text with two Kazakh twins turns into whichever was declared first, an order no file
  // controls (a Kazakh workbook headed a column one way locally and another in CI).
  it('gives each Russian text one Kazakh twin', () => {
    expect(ambiguousTwins()).toEqual([]);
  });

  it.each(sets)('%s: each text has its Kazakh twin', (name, set) => {
    const missing = textsOf(set, name)
      .filter(([, text]) => /[А-Яа-яЁё]/.test(text) && !SAME_IN_KAZAKH.has(text))
      .filter(([, text]) => translate(text, 'kk') === text)
      .map(([at, text]) => `${at}: ${text}`);
    expect(missing).toEqual([]);
  });
});
