import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A route's serializer for answers the service builds field by field: written as they are. Passing
 * them through the schema again (what the default serializer does) costs every scan or sale at lunch,
 * and a year's report tens of milliseconds, for nothing. The schema still documents the answer
 * (OpenAPI), and each module's tests parse its answers with it.
 */
export const asBuilt = () => (data: unknown) => JSON.stringify(data);

/** About how much of a streamed answer is encoded and written at once. */
const CHUNK = 64 * 1024;

/**
 * Sends JSON text given in parts (made as they are asked for) as UTF-8 chunks of about 64 KiB, with a
 * turn of the event loop after each. A year's school report is megabytes: as one string it was
 * measured, encoded and written in one go, a 100–160 ms stretch in which no scan was answered.
 */
export const sendJsonParts = (reply: FastifyReply, parts: Iterable<string>) => {
  async function* chunks() {
    let pending: string[] = [];
    let size = 0;
    for (const part of parts) {
      pending.push(part);
      size += part.length;
      if (size < CHUNK) continue;
      yield Buffer.from(pending.join(''), 'utf8');
      pending = [];
      size = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (pending.length > 0) yield Buffer.from(pending.join(''), 'utf8');
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(chunks(), { objectMode: false }));
};
