import type { Role } from './roles.ts';

/**
 * A kindergarten admin's "schools" are kindergartens and "classes" groups (docs/product.md "Navigation"): the server's
 * messages follow the caller's role, as the web's words do (web/src/lib/structure-words.ts).
 */
export const speaksKindergarten = (role: Role | null | undefined): boolean => role === 'EducationKindergartenAdmin';

/** The shape of a messages object with its texts widened, so a second wording can fill it. */
export type Wording<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : T[K] extends object
        ? Wording<T[K]>
        : T[K];
};
