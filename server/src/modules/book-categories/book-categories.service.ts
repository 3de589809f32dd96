import { schoolRef } from '../../platform/db/places.ts';
import type { Ok } from '@tamaq/contract/common';
import {
  LIBRARY_MESSAGES as M,
  type BookCategory,
  type BookCategoryCreate,
  type BookCategoryList,
  type BookCategoryListQuery,
  type BookCategoryUpdate,
} from '@tamaq/contract/library';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { isForeignKeyViolation, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { retire } from '../../platform/retire.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createBookCategoriesRepository, type BookCategoryRow } from './book-categories.repository.ts';

const NAME_KEY = 'book_categories_school_name_key';

const toCategory = (row: BookCategoryRow): BookCategory => ({
  id: row.id,
  name: row.name,
  schoolId: row.schoolId,
  school: schoolRef(row.schoolId, row),
  created_at: row.createdAt.toISOString(),
});

/**
 * A school library's book categories (docs/product.md). The school of every read and write is
 * one the actor sees: another organization's, or another school for a school-locked user, is not
 * found. A name is unique in its school whatever the letter case.
 */
export function createBookCategoriesService(platform: Pick<Platform, 'db'>, schools: SchoolsService) {
  const repo = createBookCategoriesRepository(platform.db);

  /** The school a body names: one the actor does not see is a mistake in that field (422). */
  const schoolFor = async (actor: Actor, schoolId: number) => {
    const school = await schools.findVisible(actor, schoolId);
    if (!school) throw ValidationError.field('schoolId', M.schoolNotFound);
    return school;
  };

  /** A write that hits the unique name, or a school removed meanwhile, answers on its field. */
  const saving = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err, NAME_KEY)) throw ValidationError.field('name', M.categoryNameTaken);
      if (isForeignKeyViolation(err)) throw ValidationError.field('schoolId', M.schoolNotFound);
      throw err;
    }
  };

  const visible = async (actor: Actor, id: number) => {
    const row = await repo.find(scopeOf(actor), id);
    if (!row) throw notFound(M.categoryNotFound);
    return row;
  };

  return {
    async list(actor: Actor, query: BookCategoryListQuery): Promise<BookCategoryList> {
      if (query.schoolId !== undefined && !(await schools.findVisible(actor, query.schoolId))) {
        throw notFound(M.schoolNotFound);
      }
      const { total, rows } = await repo.list(scopeOf(actor), {
        query: query.query || undefined,
        schoolId: query.schoolId,
        limit: query.limit,
        offset: query.offset,
      });
      return { total, rows: rows.map(toCategory) };
    },

    get: async (actor: Actor, id: number): Promise<BookCategory> => toCategory(await visible(actor, id)),

    async create(actor: Actor, body: BookCategoryCreate): Promise<BookCategory> {
      const school = await schoolFor(actor, body.schoolId);
      return saving(() =>
        platform.db.transaction(async (tx) => {
          const id = await repo.insert(
            { organizationId: school.organizationId, schoolId: school.id, name: body.name },
            tx,
          );
          // Audited as stored: the database's text, not the request's (which may hold a lone surrogate).
          const row = toCategory((await repo.find(scopeOf(actor), id, tx))!);
          await audit(tx, actor, {
            action: 'book_category_create',
            entity: 'book_category',
            entityId: id,
            organizationId: school.organizationId,
            after: row,
          });
          return row;
        }),
      );
    },

    async update(actor: Actor, body: BookCategoryUpdate): Promise<BookCategory> {
      const school = await schoolFor(actor, body.schoolId);
      return saving(() =>
        platform.db.transaction(async (tx) => {
          const before = await repo.find(scopeOf(actor), body.id, tx, true);
          if (!before) throw notFound(M.categoryNotFound);
          await repo.update(body.id, { schoolId: school.id, name: body.name }, tx);
          const row = toCategory((await repo.find(scopeOf(actor), body.id, tx))!);
          await audit(tx, actor, {
            action: 'book_category_update',
            entity: 'book_category',
            entityId: body.id,
            organizationId: before.organizationId,
            before: toCategory(before),
            after: row,
          });
          return row;
        }),
      );
    },

    remove: (actor: Actor, id: number): Promise<Ok> =>
      retire(platform.db, actor, {
        find: (tx) => repo.find(scopeOf(actor), id, tx, true),
        notFound: M.categoryNotFound,
        refuse: async (tx) => ((await repo.hasBooks(id, tx)) ? M.categoryHasBooks : null),
        retire: (tx) => repo.delete(id, tx),
        onReference: M.categoryHasBooks,
        audit: {
          action: 'book_category_delete',
          entity: 'book_category',
          id,
          organizationId: (r) => r.organizationId,
          before: toCategory,
        },
      }),
  };
}
