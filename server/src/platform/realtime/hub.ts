import type { LiveMessage } from '@tamaq/contract/live';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedis, type RedisWatch } from '../redis.ts';

/**
 * Live channels (`school-fixation-{schoolId}`): a message published on any instance reaches every
 * socket subscribed on any instance. Locally it is delivered at once; with Redis it also goes out on
 * one pub/sub channel, and each other instance delivers it to its own sockets.
 *
 * Messages published while Redis is away are lost between instances, so when it is back every open
 * socket is told to read its list again (`resync`): an instance whose subscription was lost tells its
 * own sockets, and an instance whose publishing was lost tells every instance's (what it published
 * meanwhile reached nobody else).
 */
export interface LiveSocket {
  send(data: string): void;
  readonly readyState: number;
}

export interface RealtimeHub {
  publish(channel: string, message: LiveMessage): void;
  /** Adds a socket to a channel; the returned function removes it. */
  join(channel: string, socket: LiveSocket): () => void;
  subscribers(channel: string): number;
  /**
   * Some sessions ended (a password reset, a removed user, a disabled organization): every
   * instance's websocket port checks its open sockets again at once.
   */
  sessionsEnded(): void;
  /** Called on this instance whenever any instance says that sessions ended; returns the remover. */
  onSessionsEnded(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The pub/sub channel, under the client's key prefix (an installation's own, see app.ts). */
const redisChannel = (redis: Redis) => `${redis.options.keyPrefix || 'tamaq:'}realtime`;
const OPEN = 1;

interface Envelope {
  origin: string;
  channel: string;
  data: string;
}

/** Not live channels a screen can name (those are `[a-z0-9-]`): the hub's own signals. */
const SESSIONS_ENDED = 'tamaq:sessions-ended';
const RESYNC = 'tamaq:resync';
const RESYNC_MESSAGE = JSON.stringify({ type: 'resync' } satisfies LiveMessage);

export function createRealtimeHub(
  redis: Redis | null = null,
  onError: (err: Error) => void = () => {},
  watch: RedisWatch | null = null,
): RealtimeHub {
  const origin = randomUUID();
  const channels = new Map<string, Set<LiveSocket>>();
  const sessionListeners = new Set<() => void>();
  const notifySessionsEnded = () => {
    for (const listener of sessionListeners) listener();
  };

  const deliver = (channel: string, data: string) => {
    const sockets = channels.get(channel);
    if (!sockets) return;
    for (const socket of sockets) {
      if (socket.readyState !== OPEN) continue;
      try {
        socket.send(data);
      } catch (err) {
        onError(err as Error);
      }
    }
  };

  const resyncAll = () => {
    for (const channel of channels.keys()) deliver(channel, RESYNC_MESSAGE);
  };

  // A subscribed Redis connection can do nothing else: the hub has its own. It subscribes each time
  // it connects, so a Redis that was away at the start or came back is listened to.
  // It subscribes itself (below, its promise caught): ioredis's own resubscribe on a reconnect is a
  // promise nobody holds, and a Redis lost again while it is in flight rejected it unhandled.
  const subscriber = redis ? redis.duplicate({ autoResubscribe: false }) : null;
  const REDIS_CHANNEL = redis ? redisChannel(redis) : '';
  let closing = false;
  const send = (env: Envelope) => {
    if (redis?.status !== 'ready') return;
    redis.publish(REDIS_CHANNEL, JSON.stringify(env)).catch(onError);
  };
  // What this instance published while Redis was away reached no other instance.
  watch?.onBack(() => send({ origin, channel: RESYNC, data: '' }));
  if (subscriber) {
    let lost = false;
    subscriber.on('error', () => {});
    subscriber.on('close', () => (lost = !closing));
    subscriber.on('ready', () => {
      void subscriber.subscribe(REDIS_CHANNEL).catch(onError);
      if (!lost) return;
      lost = false;
      resyncAll();
    });
    subscriber.on('message', (_ch: string, raw: string) => {
      try {
        const env = JSON.parse(raw) as Envelope;
        if (env.origin === origin) return;
        if (env.channel === SESSIONS_ENDED) notifySessionsEnded();
        else if (env.channel === RESYNC) resyncAll();
        else if (typeof env.channel === 'string' && typeof env.data === 'string') deliver(env.channel, env.data);
      } catch (err) {
        onError(err as Error);
      }
    });
  }

  return {
    publish(channel, message) {
      // Serialised once, sent as the same string to every socket.
      const data = JSON.stringify(message);
      deliver(channel, data);
      send({ origin, channel, data });
    },
    join(channel, socket) {
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(socket);
      return () => {
        set.delete(socket);
        if (!set.size) channels.delete(channel);
      };
    },
    subscribers: (channel) => channels.get(channel)?.size ?? 0,
    sessionsEnded() {
      notifySessionsEnded();
      send({ origin, channel: SESSIONS_ENDED, data: '' });
    },
    onSessionsEnded(listener) {
      sessionListeners.add(listener);
      return () => void sessionListeners.delete(listener);
    },
    async close() {
      closing = true;
      channels.clear();
      sessionListeners.clear();
      if (subscriber) await closeRedis(subscriber);
    },
  };
}
