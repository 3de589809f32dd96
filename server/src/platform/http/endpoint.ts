import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '@tamaq/contract/endpoints';
import { commonErrorResponses, ErrorBody } from '@tamaq/contract/errors';
import { z } from '@tamaq/contract/zod';
import type { QueryToken } from '../auth/guard.ts';
import { type limit } from '../rate-limit.ts';
import { asBuilt } from './as-built.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request of an endpoint, its params, query and body as the contract's schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler answers: the endpoint's 200, or a reply it sent itself (a file). */
type Answer<E extends Endpoint> = (E['answer'] extends z.ZodType ? z.input<E['answer']> : never) | FastifyReply;

/** Route options the contract does not hold: how the server runs the handler. */
export interface BindOptions {
  /** A report, an export or an import: one per user at a time, on the heavy pool (`heavy-work.ts`). */
  heavy?: boolean;
  /** The answer is written as the service built it, not passed through the schema again (`as-built.ts`). */
  asBuilt?: boolean;
  /** A link the browser opens may carry its token in `?token=` (`guard.ts`). */
  tokenInQuery?: QueryToken;
  /** Calls per window (`rate-limit.ts`). */
  rateLimit?: ReturnType<typeof limit>;
  /** The handler tells the caller about invalid input itself, in its own words. */
  ownValidation?: boolean;
}

const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * The largest body a call without sign-in takes (sign-in, registration, recovery, an invitation's
 * acceptance: a few fields each, well under 1 KB). Signed-in calls take up to 1 MB (app.ts); a
 * request without a token never has its body read on those (the guard refuses it first).
 */
export const PUBLIC_BODY_LIMIT = 8 * 1024;

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
  const refusals = Array.isArray(endpoint.refusals)
    ? Object.fromEntries(endpoint.refusals.map((code) => [code, ErrorBody]))
    : endpoint.refusals;
  const file = endpoint.file && {
    description: endpoint.file.description,
    content: { [endpoint.file.type]: { schema: binary } },
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.access === 'public' && !endpoint.multipart ? { bodyLimit: PUBLIC_BODY_LIMIT } : {}),
    config: {
      access: endpoint.access,
      ...(endpoint.module ? { module: endpoint.module } : {}),
      ...(options.heavy ? { heavy: true } : {}),
      ...(options.tokenInQuery ? { tokenInQuery: options.tokenInQuery } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    ...(options.asBuilt ? { serializerCompiler: asBuilt } : {}),
    ...(options.ownValidation ? { attachValidation: true } : {}),
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        200: endpoint.answer ?? file,
        ...(endpoint.revalidated ? { 304: z.undefined().describe('Не изменилось (If-None-Match), без тела') } : {}),
        ...refusals,
        ...commonErrorResponses,
      },
    },
    handler: handler as never,
  });
}
