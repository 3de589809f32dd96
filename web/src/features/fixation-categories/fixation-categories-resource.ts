import { FixationCategory, FixationCategoryCreate, FixationCategoryUpdate } from '@tamaq/contract/fixation-categories';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md "Meal times": meal times, each with its HH:mm window, in list order (position, then start). */
export const fixationCategoriesResource = defineResource({
  key: 'fixation-categories',
  group: 'fixation-categories',
  row: FixationCategory,
  create: FixationCategoryCreate,
  update: FixationCategoryUpdate,
});
