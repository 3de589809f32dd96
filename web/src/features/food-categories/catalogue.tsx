/**
 * Food categories (docs/product.md "Food categories"), a catalogue of `catalogues.ts`: the list
 * '/food/categories' and the form '/food/category/create', '/food/category/:id'.
 */
export { FoodCategoriesListPage as ListScreen } from './food-categories-list-page.tsx';
export { FoodCategoryFormPage as FormScreen } from './food-category-form-page.tsx';
