import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '@tamaq/contract/common';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  Book,
  BookBarcodeCreate,
  BookBarcodesRemove,
  BookBarcodesRemoved,
  BookCount,
  BookCreate,
  BookHistory,
  BookHistoryQuery,
  BookImportLabels,
  BookImportLabelsQuery,
  BookImportResult,
  BookList,
  BookListQuery,
  BookTemplateQuery,
  BookUpdate,
  BookUploadQuery,
} from '@tamaq/contract/library';
import { ImportConfirmBody } from '@tamaq/contract/imports';
import { z } from '@tamaq/contract/zod';
import { actorOf, FILE_LINK, screenAccess } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { readUploadParts, sendXlsx } from '../../platform/spreadsheet.ts';
import { createBooksImport, createImportLabels } from './books-import.ts';
import { createBooksService } from './books.service.ts';

/** The multipart body of the import, for the API docs (the file is read from the stream). */
const BookUploadBody = z
  .object({
    file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'xlsx или xls' }),
    school_id: z.unknown().optional().meta({ type: 'integer', description: 'школа (или ?school_id=)' }),
  })
  .meta({ description: 'Столбцы шаблона: название, авторы, издательство, год, категория, …, штрихкоды' });

const tags = ['library'];
const screen = screenAccess('/books');

/** Spec 2 §7 "Library": the book, copy and history calls, paths and names as the spec writes them. */
export const booksRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const schools = createSchoolsService(platform);
  const books = createBooksService(platform, schools);
  // The import runs on the heavy pool, one per user at a time.
  const importer = createBooksImport(platform.database.heavy, schools);
  const importLabels = createImportLabels(platform.database.db, schools);
  const withErrors = { 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses };

  app.get(
    '/api/books/list',
    {
      config: screen,
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
      config: screen,
      schema: { tags, summary: 'Книга с её штрихкодами', params: IdParams, response: { 200: Book, ...withErrors } },
    },
    (request) => books.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/book',
    {
      config: screen,
      schema: { tags, summary: 'Новая книга', body: BookCreate, response: { 200: Book, ...withErrors } },
    },
    (request) => books.create(actorOf(request), request.body),
  );

  app.put(
    '/api/book',
    {
      config: screen,
      schema: { tags, summary: 'Изменение книги', body: BookUpdate, response: { 200: Book, ...withErrors } },
    },
    (request) => books.update(actorOf(request), request.body),
  );

  app.delete(
    '/api/book/:id',
    {
      config: screen,
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
      config: screen,
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
      config: screen,
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
      config: screen,
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
    '/api/book/barcodes/remove',
    {
      config: screen,
      schema: {
        tags,
        summary: 'Удаление нескольких экземпляров книги (все или ни одного; не пока они на руках)',
        body: BookBarcodesRemove,
        response: { 200: BookBarcodesRemoved, ...withErrors },
      },
    },
    (request) => books.removeBarcodes(actorOf(request), request.body),
  );

  app.post(
    '/api/book/histories',
    {
      config: screen,
      schema: {
        tags,
        summary: 'История экземпляра и его книги',
        body: BookHistoryQuery,
        response: { 200: BookHistory, ...withErrors },
      },
    },
    (request) => books.history(actorOf(request), request.body),
  );

  app.post(
    '/api/books/upload',
    {
      config: { ...screen, heavy: true },
      schema: {
        tags,
        summary: 'Импорт книг из Excel со штрихкодами: всё или ничего',
        consumes: ['multipart/form-data'],
        querystring: BookUploadQuery,
        body: BookUploadBody,
        response: { 200: BookImportResult, 413: ErrorBody, ...withErrors, 409: ImportConfirmBody },
      },
    },
    async (request) => {
      const { file, fields } = await readUploadParts(request);
      // The spec sends `school_id` in the form; the shared import button sends it in the query.
      const fromForm = BookUploadQuery.safeParse({ school_id: fields.school_id });
      const schoolId = request.query.school_id ?? (fromForm.success ? fromForm.data.school_id : undefined);
      return importer.importFile(actorOf(request), schoolId, file, {
        copies: request.query.confirm_copies,
        plan: request.query.confirm_plan,
      });
    },
  );

  app.get(
    '/api/books/import/:id/labels',
    {
      config: screen,
      schema: {
        tags,
        summary: 'Этикетки экземпляров, созданных одной загрузкой книг: по страницам',
        params: IdParams,
        querystring: BookImportLabelsQuery,
        response: { 200: BookImportLabels, ...withErrors },
      },
    },
    (request) => importLabels(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/books/template',
    {
      config: { ...screen, tokenInQuery: FILE_LINK },
      schema: {
        tags,
        summary: 'Шаблон импорта книг (xlsx); токен можно передать в ?token=',
        querystring: BookTemplateQuery,
        response: {
          200: {
            description: 'Книга Excel (xlsx)',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: z.any().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (_request, reply) => {
      const file = await importer.template();
      return sendXlsx(reply, file.fileName, file.body);
    },
  );
};
