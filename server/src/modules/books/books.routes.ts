import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  Book,
  BookBarcodeCreate,
  BookCount,
  BookCreate,
  BookHistory,
  BookHistoryQuery,
  BookList,
  BookListQuery,
  BookUpdate,
} from '@tamaq/contract/library';
import { rolesFor } from '@tamaq/contract/routes';
import { actorOf } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createBooksService } from './books.service.ts';

const tags = ['library'];
const access = rolesFor('/books');

/** Spec 2 §7 "Library": the book, copy and history calls, paths and names as the spec writes them. */
export const booksRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const books = createBooksService(platform, createSchoolsService(platform));
  const withErrors = { 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses };

  app.get(
    '/api/books/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Книги школьной библиотеки: по школе, поиск по названию, автору или штрихкоду',
        querystring: BookListQuery,
        response: { 200: BookList, ...withErrors },
      },
    },
    (request) => books.list(actorOf(request), request.query),
  );

  app.get(
    '/api/book/:id',
    {
      config: { access },
      schema: { tags, summary: 'Книга с её штрихкодами', params: IdParams, response: { 200: Book, ...withErrors } },
    },
    (request) => books.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/book',
    {
      config: { access },
      schema: { tags, summary: 'Новая книга', body: BookCreate, response: { 200: Book, ...withErrors } },
    },
    (request) => books.create(actorOf(request), request.body),
  );

  app.put(
    '/api/book',
    {
      config: { access },
      schema: { tags, summary: 'Изменение книги', body: BookUpdate, response: { 200: Book, ...withErrors } },
    },
    (request) => books.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/book/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление книги (не пока её экземпляры на руках)',
        params: IdParams,
        response: { 200: Ok, ...withErrors },
      },
    },
    (request) => books.remove(actorOf(request), request.params.id),
  );

  app.post(
    '/api/book/count',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новые экземпляры книги со сгенерированными штрихкодами',
        body: BookCount,
        response: { 200: Book, ...withErrors },
      },
    },
    (request) => books.generate(actorOf(request), request.body),
  );

  app.post(
    '/api/book/barcode',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Новый экземпляр книги с готовым штрихкодом',
        body: BookBarcodeCreate,
        response: { 200: Book, ...withErrors },
      },
    },
    (request) => books.addBarcode(actorOf(request), request.body),
  );

  app.delete(
    '/api/book/barcode/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Удаление экземпляра (не пока он на руках)',
        params: IdParams,
        response: { 200: Ok, ...withErrors },
      },
    },
    (request) => books.removeBarcode(actorOf(request), request.params.id),
  );

  app.post(
    '/api/book/histories',
    {
      config: { access },
      schema: {
        tags,
        summary: 'История экземпляра и его книги',
        body: BookHistoryQuery,
        response: { 200: BookHistory, ...withErrors },
      },
    },
    (request) => books.history(actorOf(request), request.body),
  );
};
