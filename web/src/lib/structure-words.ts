import type { Role } from '@tamaq/contract/roles';
import { useSession } from './use-session.ts';

/** A kindergarten admin's "schools" are kindergartens and "classes" groups, on every screen (docs/product.md "Navigation"). */
const SCHOOL = {
  schools: 'Школы',
  school: 'Школа',
  schoolLower: 'школа',
  newSchool: 'Новая школа',
  chooseSchool: 'Выберите школу',
  classrooms: 'Классы',
  classroom: 'Класс',
  classroomLower: 'класс',
  newClassroom: 'Новый класс',
  chooseClassroom: 'Выберите класс',
  allClassrooms: 'Все классы',
  pupils: 'Ученики',
  pupilsOf: (name: string) => `Ученики класса ${name}`,
  noPupils: 'Учеников пока нет',
  pupilsExport: 'Ученики в Excel',
};

const KINDERGARTEN: typeof SCHOOL = {
  schools: 'Детские сады',
  school: 'Детский сад',
  schoolLower: 'детский сад',
  newSchool: 'Новый детский сад',
  chooseSchool: 'Выберите детский сад',
  classrooms: 'Группы',
  classroom: 'Группа',
  classroomLower: 'группа',
  newClassroom: 'Новая группа',
  chooseClassroom: 'Выберите группу',
  allClassrooms: 'Все группы',
  pupils: 'Дети',
  pupilsOf: (name: string) => `Дети группы ${name}`,
  noPupils: 'Детей пока нет',
  pupilsExport: 'Дети в Excel',
};

export type StructureWords = typeof SCHOOL;

export const structureWords = (role: Role | undefined): StructureWords =>
  role === 'EducationKindergartenAdmin' ? KINDERGARTEN : SCHOOL;

export const useStructureWords = (): StructureWords => structureWords(useSession()?.role);
