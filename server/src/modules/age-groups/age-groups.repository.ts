import { asc } from 'drizzle-orm';
import type { ageGroups } from '../../platform/db/schema-nutrition.ts';

/** The list's order: youngest first, then the narrower group. */
export const youngestFirst = (t: typeof ageGroups) => [asc(t.ageFrom), asc(t.ageTo), asc(t.id)];
