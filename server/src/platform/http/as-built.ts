import type { FastifyReply } from 'fastify';

/**
 * A route's serializer for answers the service builds field by field: written as they are. Passing
 * them through the schema again (what the default serializer does) costs every scan or sale at lunch,
 * and a year's report tens of milliseconds, for nothing. The schema still documents the answer
 * (OpenAPI), and each module's tests parse its answers with it.
 */
export const asBuilt = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends an answer whose JSON text the service wrote itself (parts of it as the database wrote them):
 * Fastify sends a string as it is.
 */
export const sendJsonText = (reply: FastifyReply, text: string) =>
  reply.type('application/json; charset=utf-8').send(text);
