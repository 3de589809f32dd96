import { PATHS, type Access, type EndpointName, type Group, type Module, type Route } from './api-paths.ts';
import type { z } from './zod.ts';

/**
 * One endpoint, declared once (in its module's contract file, gathered in `endpoints.ts`): its method and path (from `PATHS`), what it takes, what it answers,
 * who may call it and what it does. The server registers it from this (`bindEndpoint`), the API
 * docs describe it from this, and the web's calls are typed from this.
 */
export interface Endpoint<
  R extends Route = Route,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: R['method'];
  path: R['path'];
  params: P;
  query: Q;
  body: B;
  /** The answer of a 200 (none: the answer is the `file`). */
  answer: A;
  /**
   * Refusals beyond the usual 401, 403, 422 and 429 (a missing row: 404; a conflict: 409; a file too
   * large: 413): the codes answered with the usual error body, or each code with its own body.
   */
  refusals: Refusals;
  /** The answer is a file (or, with `answer` as well, a file when the query asks for one: `?export=1`). */
  file?: FileAnswer;
  /** The body is a multipart form (a file upload). */
  multipart?: true;
  /** The answer carries an ETag and is 304 without a body to an `If-None-Match` that matches it. */
  revalidated?: true;
  access: Access;
  module?: Module;
  summary: string;
  tag: string;
  /** A body the endpoint takes: shown in the API docs, sent by the tests every catalogue gets. */
  example?: unknown;
}

export type RefusalCode = 404 | 409 | 413 | 503;
export type Refusals = readonly RefusalCode[] | Readonly<Partial<Record<RefusalCode, z.ZodType>>>;

/** A file an endpoint answers: its media type and what it holds. */
export interface FileAnswer {
  type: string;
  description: string;
}
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An Excel workbook. */
export const xlsxFile = (description = 'Книга Excel (xlsx)'): FileAnswer => ({ type: XLSX_TYPE, description });

interface Definition<P, Q, B, A> {
  params?: P;
  query?: Q;
  body?: B;
  answer?: A;
  refusals?: Refusals;
  file?: FileAnswer;
  multipart?: true;
  revalidated?: true;
  access: Access;
  module?: Module;
  summary: string;
  example?: unknown;
}

/** The declarer of one group's endpoints: `const canteen = endpointsOf('canteens')`. */
export const endpointsOf =
  <G extends Group>(tag: G) =>
  <
    N extends EndpointName<G>,
    A extends z.ZodType | undefined = undefined,
    P extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(
    name: N,
    d: Definition<P, Q, B, A>,
  ): Endpoint<(typeof PATHS)[G][N] & Route, P, Q, B, A> => {
    const route = PATHS[tag][name] as Route;
    return {
      method: route.method,
      path: route.path,
      params: d.params as P,
      query: d.query as Q,
      body: d.body as B,
      answer: d.answer,
      refusals: d.refusals ?? [],
      ...(d.file ? { file: d.file } : {}),
      ...(d.multipart ? { multipart: true } : {}),
      ...(d.revalidated ? { revalidated: true } : {}),
      access: d.access,
      ...(d.module ? { module: d.module } : {}),
      summary: d.summary,
      ...(d.example !== undefined ? { example: d.example } : {}),
      tag,
    } as unknown as Endpoint<(typeof PATHS)[G][N] & Route, P, Q, B, A>;
  };

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Takes<S> = [S] extends [z.ZodType] ? true : false;
/** What a caller sends: `params`, `query` and `body`, each when the endpoint takes it. */
export type CallInput<E> = E extends Endpoint
  ? (Takes<E['params']> extends true ? { params: Input<E['params']> } : object) &
      (Takes<E['query']> extends true ? { query?: Input<E['query']> } : object) &
      (Takes<E['body']> extends true ? { body: Input<E['body']> } : object)
  : never;
/** What a caller gets back (the 200's answer, as the server writes it; a file's bytes). */
export type CallAnswer<E> = E extends Endpoint ? (E['answer'] extends z.ZodType ? z.output<E['answer']> : Blob) : never;
