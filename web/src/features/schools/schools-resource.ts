import { School, SchoolCreate, SchoolUpdate } from '@tamaq/contract/schools';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Schools": schools (kindergartens). Every school query, the selectors' too, starts with 'schools'. */
export const schoolsResource = defineResource({
  key: 'schools',
  group: 'schools',
  row: School,
  create: SchoolCreate,
  update: SchoolUpdate,
});
