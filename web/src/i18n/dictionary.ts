import type { ru } from './ru.ts';

/**
 * A dictionary's shape from the Russian one, its texts widened to `string`: another language must
 * have every key, each of the same kind (a text, a function of the same arguments, a list, a
 * section), with its own words. A key missing in a translation fails the type check.
 */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;

export type Dictionary = Widen<typeof ru>;
