import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import { tooManyRequests } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A report, an export or an import: one at a time per user (a second answers 429), run on the
     * database's heavy pool (statement timeout, two connections), so none of them holds up a scan.
     */
    heavy?: true;
  }
}

/** How long a second heavy request waits for the user's slot before it is refused. */
const WAIT_MS = 1_500;

/** How long a slot is held at most, should its release be lost (a process killed mid-report). */
const SLOT_TTL_MS = 10 * 60_000;

interface Slots {
  take(user: number): Promise<string | null>;
  release(user: number, token: string): Promise<void>;
}

/** In this process: enough for one server. */
function localSlots(): Slots {
  const held = new Map<number, { token: string; until: number }>();
  return {
    async take(user) {
      const now = Date.now();
      const slot = held.get(user);
      if (slot && slot.until > now) return null;
      const token = randomUUID();
      held.set(user, { token, until: now + SLOT_TTL_MS });
      return token;
    },
    async release(user, token) {
      if (held.get(user)?.token === token) held.delete(user);
    },
  };
}

/** In Redis: every instance sees the same slot. */
function redisSlots(redis: Redis): Slots {
  const key = (user: number) => `tamaq-heavy-${user}`;
  return {
    async take(user) {
      const token = randomUUID();
      return (await redis.set(key(user), token, 'PX', SLOT_TTL_MS, 'NX')) === 'OK' ? token : null;
    },
    async release(user, token) {
      // Only our own slot: one that expired and was taken again by a newer request stays.
      await redis.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
        1,
        key(user),
        token,
      );
    },
  };
}

/**
 * One heavy request per user at a time. The slot is taken once the caller is known and given back
 * when the answer has gone (or the connection closed), a streamed download included.
 */
export function registerHeavyWork(app: FastifyInstance, redis: Redis | null): void {
  const local = localSlots();
  const slots = redis ? redisSlots(redis) : local;
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.heavy || !request.actor) return;
    const user = request.actor.userId;
    let store = slots;
    const take = async () => {
      try {
        return await store.take(user);
      } catch (err) {
        // Redis down: this instance still keeps its own users to one at a time.
        request.log.warn({ err }, 'heavy work slots: Redis unavailable');
        store = local;
        return store.take(user);
      }
    };
    // The caller may have gone while it was being signed in (a screen that changed its filters, a
    // page left): its connection's close has then been heard already and would never give back a
    // slot taken now, which would refuse the user's next reports for ten minutes.
    let gone = request.raw.destroyed || reply.raw.destroyed || request.raw.socket?.destroyed === true;
    let held: string | null = null;
    reply.raw.once('close', () => {
      gone = true;
      if (held) store.release(user, held).catch((err) => request.log.warn({ err }, 'heavy work slot not released'));
    });
    if (gone) return reply.code(499).send();
    // A screen that changes its filters cancels the report it asked for and asks anew: the old
    // connection's close may reach us just after the new request, so a held slot is waited for a bit.
    let token = await take();
    for (const deadline = Date.now() + WAIT_MS; !token && !gone && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 100));
      token = await take();
    }
    if (gone) {
      if (token)
        await store.release(user, token).catch((err) => request.log.warn({ err }, 'heavy work slot not released'));
      return reply.code(499).send();
    }
    if (!token) throw tooManyRequests(5, ERROR_MESSAGES.heavyBusy);
    held = token;
  });
}
