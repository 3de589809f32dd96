import { BookCategory, BookCategoryCreate, BookCategoryUpdate } from '@tamaq/contract/library';
import { defineResource } from '../../lib/resource.ts';

/** docs/product.md: the book categories of a school library. */
export const bookCategoriesResource = defineResource({
  key: 'book-categories',
  group: 'book-categories',
  row: BookCategory,
  create: BookCategoryCreate,
  update: BookCategoryUpdate,
});
