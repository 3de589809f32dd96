import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ActorService } from './auth/actors.ts';
import type { TokenService } from './auth/tokens.ts';
import type { SessionService } from './auth/sessions.ts';
import type { Mailer } from './mail.ts';
import type { Push } from './push.ts';
import type { Telegram } from './telegram.ts';
import type { Notices } from './notices.ts';
import type { DiskWatch } from './disk.ts';
import type { Metrics } from './metrics.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { TicketService } from './realtime/tickets.ts';
import type { LiveSockets } from './realtime/ws-server.ts';

/** What every module plugin is given: passed in explicitly, never reached through globals. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  /** Signed-in sessions: every session token is made and renewed here. */
  sessions: SessionService;
  actors: ActorService;
  mailer: Mailer;
  /** Web Push to the parents' devices. */
  push: Push;
  /** The Telegram bot parents' notices go through, when TELEGRAM_BOT_TOKEN is set. */
  telegram: Telegram | null;
  metrics: Metrics;
  redis: Redis | null;
  /** Live channels (websocket port), fanned out through Redis when configured. */
  realtime: RealtimeHub;
  /** This instance's live sockets, served on its main port and on WS_PORT. */
  liveSockets: LiveSockets;
  /** Tickets that open one live channel for one user. */
  tickets: TicketService;
  /** What this instance has seen for the super admin to set right (the dashboard). */
  notices: Notices;
  /** Whether writes have room (health, the dashboard). */
  disk: DiskWatch;
  /** The clock, so tests can move time (code expiry, rate windows, "today"). */
  now: () => Date;
}

export interface ModuleOptions {
  platform: Platform;
}
