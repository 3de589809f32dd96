import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  BookCategory,
  BookCategoryCreate,
  BookCategoryList,
  BookCategoryListQuery,
  BookCategoryUpdate,
} from '@tamaq/contract/library';
import { actorOf, screenAccess } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createBookCategoriesService } from './book-categories.service.ts';

const tags = ['library'];
const screen = screenAccess('/books/categories');
/** Spec 2 §6: the category creation route also admits the kindergarten admin. */
const createScreen = screenAccess('/books/category/:schoolId/create');

/** Spec 2 §7 "Library": the book category calls, paths as the spec writes them. */
export const bookCategoriesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const categories = createBookCategoriesService(platform, createSchoolsService(platform));

  app.get(
    '/api/book/categories',
    {
      config: screen,
      schema: {
        tags,
        summary: 'Категории книг школьной библиотеки: по школе, поиск по названию',
        querystring: BookCategoryListQuery,
        response: { 200: BookCategoryList, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.list(actorOf(request), request.query),
  );

  app.get(
    '/api/book/category/:id',
    {
      config: screen,
      schema: {
        tags,
        summary: 'Категория книг',
        params: IdParams,
        response: { 200: BookCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/book/category',
    {
      config: createScreen,
      schema: {
        tags,
        summary: 'Новая категория книг в школе',
        body: BookCategoryCreate,
        response: { 200: BookCategory, ...commonErrorResponses },
      },
    },
    (request) => categories.create(actorOf(request), request.body),
  );

  app.put(
    '/api/book/category',
    {
      config: screen,
      schema: {
        tags,
        summary: 'Изменение категории книг',
        body: BookCategoryUpdate,
        response: { 200: BookCategory, 404: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/book/category/:id',
    {
      config: screen,
      schema: {
        tags,
        summary: 'Удаление категории книг',
        params: IdParams,
        response: { 200: Ok, 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses },
      },
    },
    (request) => categories.remove(actorOf(request), request.params.id),
  );
};
