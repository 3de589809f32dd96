import { CATALOGUES, type Catalogue, type CatalogueGroup } from './catalogues.ts';
import { IdParams, listOf, Ok } from './common.ts';
import { endpointsOf, type Refusals } from './endpoint-kit.ts';
import type { z } from './zod.ts';

/** What a catalogue's five calls are declared with: its schemas, and what each call does in a line. */
interface CatalogueDefinition<R extends z.ZodType, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** One row as the API answers it. */
  row: R;
  /** The list's query (`Paging.extend`: search and paging). */
  query: Q;
  create: C;
  /** The create body with `id`. */
  update: U;
  summaries: { list: string; get: string; create: string; update: string; remove: string };
  /** Removal may be refused with a 409 (a row still in use). */
  removalConflicts?: true;
  /** A body `create` takes, for the API docs and for the tests every catalogue gets. */
  example: z.input<C>;
}

/**
 * The five endpoints of a catalogue of `catalogues.ts` (list, get, create, update, remove), with its
 * roles and module: `export const WATCHES_ENDPOINTS = catalogueEndpoints('watches', { row: Watch, … })`.
 */
export function catalogueEndpoints<
  G extends CatalogueGroup,
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(group: G, d: CatalogueDefinition<R, Q, C, U>) {
  const declare = endpointsOf(group);
  const catalogue: Catalogue = CATALOGUES[group];
  const access = { access: catalogue.roles, ...(catalogue.module ? { module: catalogue.module } : {}) };
  const removal: Refusals = d.removalConflicts ? [404, 409] : [404];
  return {
    list: declare('list', {
      query: d.query,
      answer: listOf(d.row),
      ...access,
      access: [...catalogue.roles, ...(catalogue.readers ?? [])],
      summary: d.summaries.list,
    }),
    get: declare('get', { params: IdParams, answer: d.row, refusals: [404], ...access, summary: d.summaries.get }),
    create: declare('create', {
      body: d.create,
      answer: d.row,
      ...access,
      summary: d.summaries.create,
      example: d.example,
    }),
    update: declare('update', {
      body: d.update,
      answer: d.row,
      refusals: [404],
      ...access,
      summary: d.summaries.update,
    }),
    remove: declare('remove', {
      params: IdParams,
      answer: Ok,
      refusals: removal,
      ...access,
      summary: d.summaries.remove,
    }),
  } as const;
}
