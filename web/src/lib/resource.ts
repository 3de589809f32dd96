import type { Ok } from '@tamaq/contract/common';
import type { z } from '@tamaq/contract/zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PATHS, type EndpointName, type Group, type Route } from '@tamaq/contract/api-paths';
import { type Query } from './api-client.ts';
import { callRoute } from './endpoint-client.ts';

type CatalogueCall = 'list' | 'get' | 'create' | 'update';
/** The contract's endpoint groups that are catalogues: list, get, create, update (and remove, if they have it). */
export type CatalogueGroup = { [G in Group]: CatalogueCall extends EndpointName<G> ? G : never }[Group];

/**
 * The calls of one catalogue resource, typed from its contract schemas: its group's `list` (with
 * paging, search and filters), `get`, `create`, `update` (the id in the body) and `remove`, if it
 * has one. Every query of the resource starts with `key`, so a save or a delete refreshes all of them.
 */
export interface ResourceSchemas<Row extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> {
  key: string;
  /** The contract's endpoints of the catalogue, by group: its calls are made by name. */
  group: CatalogueGroup;
  row: Row;
  create: Create;
  update: Update;
  /** Other features' query keys a save changes on the server (features do not import each other). */
  alsoRefreshes?: readonly string[];
}

export interface ListParams extends Query {
  query: string;
  limit: number;
  offset: number;
  /** A per-school resource's school; the list waits while it is null. */
  schoolId?: number | null;
}

/** What a form saves: a new row's body with id null, or a row's changed fields with its id. */
export type SaveVariables<Create, Update> = (Create | Omit<Update, 'id'>) & { id: number | null };

export interface Resource<Row, Create, Update> {
  key: readonly [string];
  list: (params: ListParams, signal?: AbortSignal) => Promise<{ total: number; rows: Row[] }>;
  get: (id: number, signal?: AbortSignal) => Promise<Row>;
  create: (body: Create) => Promise<Row>;
  update: (body: Update) => Promise<Row>;
  remove: (id: number) => Promise<Ok>;
  useList: (params: ListParams) => ReturnType<typeof useQuery<{ total: number; rows: Row[] }>>;
  useOne: (id: number | null) => ReturnType<typeof useQuery<Row>>;
  /**
   * Creates (id null) or changes a row, then refreshes every query of the resource. A change sends
   * the update's fields (an organization's admin account is only given at creation).
   */
  useSave: () => ReturnType<typeof useMutation<Row, Error, SaveVariables<Create, Update>>>;
  useRemove: () => ReturnType<typeof useMutation<Ok, Error, number>>;
}

export function defineResource<Row extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  s: ResourceSchemas<Row, Create, Update>,
): Resource<z.infer<Row>, z.input<Create>, z.input<Update>> {
  type R = z.infer<Row>;
  type C = z.input<Create>;
  type U = z.input<Update>;
  const key = [s.key] as const;
  const routes = PATHS[s.group] as Record<CatalogueCall, Route> & { remove?: Route };
  const list = (params: ListParams, signal?: AbortSignal) =>
    callRoute<{ total: number; rows: R[] }>(routes.list, { query: { ...params } }, { signal });
  const get = (id: number, signal?: AbortSignal) => callRoute<R>(routes.get, { params: { id } }, { signal });
  const create = (body: C) => callRoute<R>(routes.create, { body });
  const update = (body: U) => callRoute<R>(routes.update, { body });
  const remove = (id: number) =>
    routes.remove
      ? callRoute<Ok>(routes.remove, { params: { id } })
      : Promise.reject(new Error(`${s.key}: rows are not deleted`));
  const useRefresh = () => {
    const queryClient = useQueryClient();
    return async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      for (const other of s.alsoRefreshes ?? []) await queryClient.invalidateQueries({ queryKey: [other] });
    };
  };
  return {
    key,
    list,
    get,
    create,
    update,
    remove,
    useList: (params) =>
      useQuery(
        queryOptions({
          queryKey: [...key, 'list', params] as const,
          queryFn: ({ signal }) => list(params, signal),
          placeholderData: keepPreviousData,
          enabled: params.schoolId !== null,
        }),
      ),
    useOne: (id) =>
      useQuery({
        queryKey: [...key, 'detail', id ?? 0] as const,
        queryFn: ({ signal }) => get(id ?? 0, signal),
        enabled: id !== null,
      }),
    useSave: () => {
      const refresh = useRefresh();
      return useMutation({
        mutationFn: ({ id, ...body }: SaveVariables<C, U>) =>
          id === null ? create(body as C) : update({ ...body, id } as U),
        onSuccess: refresh,
      });
    },
    useRemove: () => {
      const refresh = useRefresh();
      return useMutation({ mutationFn: remove, onSuccess: refresh });
    },
  };
}
