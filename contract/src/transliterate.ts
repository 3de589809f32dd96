/**
 * Latin letters read as Cyrillic, as a search forgives them: «Abai» finds «Абай», «Zhambyl» and
 * «Jambyl» find «Жамбыл», «Nazarbayev» finds «Назарбаев». The common English and Russian
 * romanizations and the Kazakh Latin alphabet of 2021 (ä ö ü ū ı ğ ñ ş ç q) are read; letters of any
 * other script and every other character stay as they are, so the words of a text keep their places.
 * The result is one reading: a search compares it with the catalogue's words with typos forgiven.
 */

/** Several Latin letters that make one Cyrillic one, longest first. */
const GROUPS: readonly [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['gh', 'ғ'],
  ['ts', 'ц'],
  ['ya', 'я'],
  ['yu', 'ю'],
  ['yo', 'ё'],
  ['ye', 'е'],
];

const LETTERS: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'у',
  x: 'кс',
  y: 'ы',
  z: 'з',
  ä: 'ә',
  ö: 'ө',
  ü: 'ү',
  ū: 'ұ',
  ı: 'ы',
  ğ: 'ғ',
  ñ: 'ң',
  ş: 'ш',
  ç: 'ч',
};

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'ä', 'ö', 'ü', 'ū', 'ı']);
/** Whether the text holds a Latin letter this reading changes. */
const LATIN = /[a-zäöüūığñşç]/i;

/** The text with its Latin letters read as Cyrillic and Kazakh ones, in lower case. */
export function latinToCyrillic(text: string): string {
  const lower = text.toLowerCase();
  if (!LATIN.test(lower)) return lower;
  let out = '';
  for (let i = 0; i < lower.length;) {
    const group = GROUPS.find(([latin]) => lower.startsWith(latin, i));
    if (group) {
      out += group[1];
      i += group[0].length;
      continue;
    }
    const ch = lower[i]!;
    // i and y after a vowel close its syllable: «Abai» is «Абай», «Baimukhamed» «Баймухамед».
    if ((ch === 'i' || ch === 'y') && i > 0 && VOWELS.has(lower[i - 1]!) && !VOWELS.has(lower[i + 1] ?? '')) {
      out += 'й';
    } else out += LETTERS[ch] ?? ch;
    i += 1;
  }
  return out;
}

/** Whether a text holds Latin letters a search should also read as Cyrillic. */
export const hasLatin = (text: string) => LATIN.test(text);
