import { FixationCategory, FixationCategoryCreate, FixationCategoryUpdate } from '@tamaq/contract/fixation-categories';
import { defineResource } from '../../lib/resource.ts';
import { useSession } from '../../lib/use-session.ts';
import { i18n } from '../../i18n/texts.ts';

/** docs/product.md "Meal times": meal times, each with its HH:mm window, in list order (position, then start). */
export const fixationCategoriesResource = defineResource({
  key: 'fixation-categories',
  group: 'fixation-categories',
  row: FixationCategory,
  create: FixationCategoryCreate,
  update: FixationCategoryUpdate,
});

/** A company speaks of fixation categories; a school or a kindergarten of its meal times. */
export function useCategoryTexts() {
  const role = useSession()?.role;
  return role === 'EducationAdmin' || role === 'EducationKindergartenAdmin'
    ? i18n.catalogs.mealTimes
    : i18n.catalogs.fixationCategories;
}
