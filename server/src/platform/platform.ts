import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ActorService } from './auth/actors.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './mail.ts';
import type { Metrics } from './metrics.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { TicketService } from './realtime/tickets.ts';

/** What every module plugin is given: passed in explicitly, never reached through globals. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  actors: ActorService;
  mailer: Mailer;
  metrics: Metrics;
  redis: Redis | null;
  /** Live channels (websocket port), fanned out through Redis when configured. */
  realtime: RealtimeHub;
  /** Tickets that open one live channel for one user. */
  tickets: TicketService;
  /** The clock, so tests can move time (code expiry, rate windows, "today"). */
  now: () => Date;
}

export interface ModuleOptions {
  platform: Platform;
}
