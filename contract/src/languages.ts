/**
 * The languages the product speaks, and the Kazakh of the texts the server and the contract write in
 * Russian. Code reads its texts in Russian, as before; each set of texts is declared with its
 * Kazakh twin (`withKazakh`), typed against the Russian key by key, and `translate` turns a Russian
 * text into the language a person reads — the server does it to every error answer by the request's
 * language, the web to the messages it shows. No zod here: the sign-in page loads it.
 */
export const LANGUAGES = ['ru', 'kk'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The shape of a set of texts with its words widened to `string`: another language's twin. */
export type Twin<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Twin<R>
    : T extends readonly (infer E)[]
      ? readonly Twin<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Twin<T[K]> }
        : T;

const KAZAKH = new Map<string, string>();
/** Texts made by a function (a time, a number in them) are remembered up to this many, the oldest forgotten. */
const MADE_MAX = 10_000;
const made: string[] = [];

/** Russian texts declared with two different Kazakh twins: which one `translate` gives depends on load order. */
const AMBIGUOUS = new Map<string, Set<string>>();

/** The Russian texts declared with more than one Kazakh twin so far, each with its twins (for a test). */
export const ambiguousTwins = (): [string, string[]][] => [...AMBIGUOUS].map(([ru, kks]) => [ru, [...kks].sort()]);

function remember(ru: string, kk: string, byFunction: boolean): void {
  if (ru === kk) return;
  const known = KAZAKH.get(ru);
  if (known !== undefined && known !== kk && !byFunction) {
    AMBIGUOUS.set(ru, new Set([...(AMBIGUOUS.get(ru) ?? [known]), kk]));
  }
  if (known !== undefined) return;
  KAZAKH.set(ru, kk);
  if (!byFunction) return;
  made.push(ru);
  if (made.length > MADE_MAX) KAZAKH.delete(made.shift()!);
}

function pair(ru: unknown, kk: unknown, byFunction: boolean): unknown {
  if (typeof ru === 'string' && typeof kk === 'string') {
    remember(ru, kk, byFunction);
    return ru;
  }
  if (typeof ru === 'function' && typeof kk === 'function') {
    return (...args: unknown[]) => {
      const text = (ru as (...a: unknown[]) => unknown)(...args);
      pair(text, (kk as (...a: unknown[]) => unknown)(...args), true);
      return text;
    };
  }
  if (Array.isArray(ru) && Array.isArray(kk)) return ru.map((v, i) => pair(v, kk[i], byFunction));
  if (ru && kk && typeof ru === 'object' && typeof kk === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(ru))
      out[key] = pair(value, (kk as Record<string, unknown>)[key], byFunction);
    return out;
  }
  return ru;
}

/**
 * `ru` as it is (its functions answer the same texts), with `kk` known to `translate`: each Russian
 * text, and each text a function makes, has its Kazakh from the same key called with the same
 * arguments.
 */
export function withKazakh<T extends object>(ru: T, kk: Twin<T>): T {
  const texts = pair(ru, kk, false) as T;
  if (speaking === 'kk') assignDeep(texts, kk);
  else TWINS.push([texts, kk]);
  return texts;
}

/** The sets declared so far with their twins, for `speakKazakh`. */
const TWINS: [object, unknown][] = [];
let speaking: Language = 'ru';

function assignDeep(target: object, source: unknown): void {
  const from = source as Record<string, unknown>;
  const into = target as Record<string, unknown>;
  for (const key of Object.keys(into)) {
    const value = into[key];
    if (value && typeof value === 'object' && from[key] && typeof from[key] === 'object') assignDeep(value, from[key]);
    else into[key] = from[key];
  }
}

/**
 * For a client that runs in Kazakh from its start (the web, once the language is known): every set
 * of texts declared with its twin reads in Kazakh from now on, those declared later too. The server
 * never calls it: it answers each request in its own language through `translate`.
 */
export function speakKazakh(): void {
  speaking = 'kk';
  for (const [texts, kk] of TWINS.splice(0)) assignDeep(texts, kk);
}

/** `text` in `language`: a Russian text declared with its Kazakh twin, else as it is. */
export function translate(text: string, language: Language): string {
  return language === 'kk' ? (KAZAKH.get(text) ?? text) : text;
}

/** The language an `Accept-Language` header asks for first, among ours; Russian by default. */
export function languageOf(header: string | undefined | null): Language {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (tag === 'kk') return 'kk';
    if (tag === 'ru') return 'ru';
  }
  return 'ru';
}
