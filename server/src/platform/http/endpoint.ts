import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '@tamaq/contract/endpoints';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import type { z } from '@tamaq/contract/zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request of an endpoint, its params, query and body as the contract's schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler answers: the endpoint's 200, or a reply it sent itself (a file). */
type Answer<E extends Endpoint> = z.input<E['answer']> | FastifyReply;

/** Route options the contract does not hold: how the server runs the handler. */
export interface BindOptions {
  heavy?: boolean;
}

/**
 * Registers a handler for a contract endpoint: its method, path, schemas, answers, roles, module,
 * tag and summary all come from the declaration, so the server writes only what it does.
 */
export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Answer<E> | Promise<Answer<E>>,
  options: BindOptions = {},
): void {
  const refusals = Object.fromEntries(endpoint.refusals.map((code) => [code, ErrorBody]));
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: endpoint.access,
      ...(endpoint.module ? { module: endpoint.module } : {}),
      ...(options.heavy ? { heavy: true } : {}),
    },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.answer, ...refusals, ...commonErrorResponses },
    },
    handler: handler as never,
  });
}
