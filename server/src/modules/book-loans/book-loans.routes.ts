import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import {
  BookUserAutocomplete,
  BookUserAutocompleteQuery,
  BookByBarcodeQuery,
  BookIssuance,
  BookReturning,
  LibraryReaderScan,
  LibraryStudent,
  LibraryStudentQuery,
  LibrarySubscribe,
  LoanResult,
  OnHandList,
  OnHandQuery,
  OverdueNoticeList,
  OverdueNoticeQuery,
  ScannedBookBarcode,
} from '@tamaq/contract/library';
import { z } from '@tamaq/contract/zod';
import { actorOf, screenAccess } from '../../platform/auth/guard.ts';
import type { ModuleOptions } from '../../platform/platform.ts';
import { createSchoolsService } from '../schools/schools.service.ts';
import { createBookLoansService } from './book-loans.service.ts';
import { createOverdueNotices } from './overdue-notices.ts';

const tags = ['library'];
const desk = screenAccess('/books/issuance');
const onHand = screenAccess('/books/onhands');
const errors = { 404: ErrorBody, 409: ErrorBody, ...commonErrorResponses };

/**
 * Spec 2 §7 "Library": issuing and taking back copies, the student by card (a path the spec does
 * not show), the desk reader's live channel, and the books on hand.
 */
export const bookLoansRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const schools = createSchoolsService(platform);
  const loans = createBookLoansService(platform, schools);
  const notices = createOverdueNotices(platform, schools);

  app.get(
    '/api/book/student',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Ученик школы по карте',
        querystring: LibraryStudentQuery,
        response: { 200: LibraryStudent, ...errors },
      },
    },
    (request) => loans.student(actorOf(request), request.query),
  );

  app.get(
    '/api/book/user/autocomplete',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Ученики школы по части ФИО, класса или номера карты (до 20)',
        querystring: BookUserAutocompleteQuery,
        response: { 200: BookUserAutocomplete, ...errors },
      },
    },
    (request) => loans.autocomplete(actorOf(request), request.query),
  );

  app.post(
    '/api/book/reader',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Карта со считывателя библиотеки: ученик уходит на экраны выдачи школы',
        body: LibraryReaderScan,
        response: { 200: LibraryStudent, ...errors },
      },
    },
    (request) => loans.reader(actorOf(request), request.body),
  );

  app.post(
    '/api/book/subscribe',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Подписка экрана выдачи на считыватель библиотеки',
        body: LibrarySubscribe,
        response: {
          200: z.object({ channel: z.string(), ticket: z.string(), port: z.number().int(), path: z.string() }),
          ...commonErrorResponses,
        },
      },
    },
    (request) => loans.subscribe(actorOf(request), request.body.schoolId),
  );

  app.get(
    '/api/book/by/barcode',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Экземпляр по штрихкоду в школе ученика: на руках ли он и у кого',
        querystring: BookByBarcodeQuery,
        response: { 200: ScannedBookBarcode, ...errors },
      },
    },
    (request) => loans.byBarcode(actorOf(request), request.query),
  );

  app.post(
    '/api/book/issuance',
    {
      config: desk,
      schema: { tags, summary: 'Выдача книг ученику', body: BookIssuance, response: { 200: LoanResult, ...errors } },
    },
    (request) => loans.issue(actorOf(request), request.body),
  );

  app.post(
    '/api/book/renewal',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Продление срока книг, которые у ученика на руках',
        body: BookIssuance,
        response: { 200: LoanResult, ...errors },
      },
    },
    (request) => loans.renew(actorOf(request), request.body),
  );

  app.post(
    '/api/book/returning',
    {
      config: desk,
      schema: { tags, summary: 'Приём книг от ученика', body: BookReturning, response: { 200: LoanResult, ...errors } },
    },
    (request) => loans.takeBack(actorOf(request), request.body),
  );

  app.get(
    '/api/books/on/hand',
    {
      config: onHand,
      schema: {
        tags,
        summary: 'Книги на руках: срок возврата и его состояние',
        querystring: OnHandQuery,
        response: { 200: OnHandList, ...errors },
      },
    },
    (request) => loans.onHand(actorOf(request), request.query),
  );

  app.get(
    '/api/books/notices',
    {
      config: onHand,
      schema: {
        tags,
        summary: 'Письма родителям о просроченных книгах: кому и когда ушли',
        querystring: OverdueNoticeQuery,
        response: { 200: OverdueNoticeList, ...errors },
      },
    },
    (request) => notices.list(actorOf(request), request.query),
  );
};
