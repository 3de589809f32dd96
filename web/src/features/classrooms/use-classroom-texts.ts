import { ru } from '../../i18n/ru.ts';
import { useSession } from '../../lib/use-session.ts';

/** The phrases of these screens in the wording of `useStructureWords()`: a kindergarten admin's are about groups. */
export const useClassroomTexts = () =>
  useSession()?.role === 'EducationKindergartenAdmin' ? ru.structure.kindergarten : ru.structure.school;
