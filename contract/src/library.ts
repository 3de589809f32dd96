import { listOf } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { bodyId, optionalQueryId, requiredText, z } from './zod.ts';

/** Spec 2 §9: the library's lists load 30 rows a page. */
export const LIBRARY_PAGE_SIZE = 30;
export const BOOK_CATEGORY_NAME_MAX = 255;

/** Spec 2 §3 "Book category": id, name, schoolId (and the school's name for the lists). */
export const BookCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  schoolId: z.number().int(),
  school: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type BookCategory = z.infer<typeof BookCategory>;

export const BookCategoryListQuery = z.object({
  query: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIBRARY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  schoolId: optionalQueryId(),
});
export type BookCategoryListQuery = z.infer<typeof BookCategoryListQuery>;
export const BookCategoryList = listOf(BookCategory);
export type BookCategoryList = z.infer<typeof BookCategoryList>;

export const BookCategoryCreate = z.object({
  schoolId: bodyId(),
  name: requiredText(BOOK_CATEGORY_NAME_MAX),
});
export type BookCategoryCreate = z.infer<typeof BookCategoryCreate>;
export const BookCategoryUpdate = BookCategoryCreate.extend({ id: bodyId() });
export type BookCategoryUpdate = z.infer<typeof BookCategoryUpdate>;

export const LIBRARY_MESSAGES = {
  categoryNotFound: 'Категория не найдена',
  categoryNameTaken: 'Категория с таким названием в этой школе уже есть',
  schoolNotFound: 'Школа не найдена',
} as const;
