import type { Role } from '@tamaq/contract/roles';
import type { Dictionary } from '../i18n/dictionary.ts';
import { i18n } from '../i18n/texts.ts';
import { useSession } from './use-session.ts';

/**
 * A kindergarten admin's "schools" are kindergartens and "classes" groups, on every screen
 * (docs/product.md "Navigation"), in the app's language.
 */
export type StructureWords = Dictionary['structure']['words']['school'];

export const structureWords = (role: Role | undefined): StructureWords =>
  role === 'EducationKindergartenAdmin' ? i18n.structure.words.kindergarten : i18n.structure.words.school;

export const useStructureWords = (): StructureWords => structureWords(useSession()?.role);
