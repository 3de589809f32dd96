import { Classroom, ClassroomCreate, ClassroomUpdate } from '@tamaq/contract/classrooms';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Classes": the classes (groups) of a school. Every class query, the selectors' too, starts with 'classrooms'. */
export const classroomsResource = defineResource({
  key: 'classrooms',
  group: 'classrooms',
  row: Classroom,
  create: ClassroomCreate,
  update: ClassroomUpdate,
});
