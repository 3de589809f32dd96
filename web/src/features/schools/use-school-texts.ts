import { i18n } from '../../i18n/texts.ts';
import { useSession } from '../../lib/use-session.ts';

/** The phrases of these screens in the wording of `useStructureWords()`: a kindergarten admin's are about kindergartens. */
export const useSchoolTexts = () =>
  useSession()?.role === 'EducationKindergartenAdmin' ? i18n.structure.kindergarten : i18n.structure.school;
