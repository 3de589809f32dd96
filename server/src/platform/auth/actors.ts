import { roleById, type Role } from '@tamaq/contract/roles';
import type { TokenPayload } from '@tamaq/contract/auth';
import type { Db } from '../db/client.ts';
import { createActorRepository, type ActorRow } from './actor-repository.ts';
import type { SessionService } from './sessions.ts';
import type { TokenUse } from './tokens.ts';

/** Who is calling, as the server knows them now (not as the token remembers them). */
export interface Actor {
  userId: number;
  role: Role;
  organizationId: number | null;
  /** Set when the profile is locked to one school. */
  schoolId: number | null;
  tokenVersion: number;
  modules: string[];
  /** The session of the token that called, and its generation (sessions.ts). */
  sessionId: string;
  sessionGeneration: number;
}

/**
 * Each request checks that the token's user still exists, still has that token version (a password
 * change ends other sessions) and still belongs to an active organization. The answer is cached for
 * a few seconds so the scan path does not pay a query per request; this instance forgets an entry at
 * once when it changes the user, other instances within CACHE_MS.
 */
const CACHE_MS = 5_000;

export interface ActorService {
  /** The caller of a token made for `use`, if its user and its session still hold. */
  resolve(payload: TokenPayload, use?: TokenUse): Promise<Actor | null>;
  /** The user changed (their sessions may have ended): read them again on the next request. */
  forget(userId: number): void;
  forgetOrganization(organizationId: number): void;
  /** Every user may have changed (a restore replaced the data, its ids taken again): read each again. */
  forgetAll(): void;
  /** Token versions of the users who may still be signed in, read now (no cache). */
  currentTokenVersions(userIds: readonly number[]): Promise<Map<number, number>>;
}

/**
 * `onForget` hears every forget: sessions may have ended, so the live sockets are checked again.
 */
export function createActorService(
  db: Db,
  now = () => Date.now(),
  onForget: () => void = () => {},
  sessions: SessionService | null = null,
): ActorService {
  const repo = createActorRepository(db);
  const cache = new Map<number, { row: ActorRow; at: number }>();

  const load = async (userId: number) => {
    const hit = cache.get(userId);
    if (hit && now() - hit.at < CACHE_MS) return hit.row;
    const row = await repo.find(userId);
    // No user of that id is not kept: after a restore the id is given again to a new user.
    if (!row) return null;
    if (cache.size > 50_000) cache.clear();
    cache.set(userId, { row, at: now() });
    return row;
  };

  return {
    async resolve(payload, use = 'session') {
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId <= 0) return null;
      const row = await load(userId);
      if (!row || row.deleted || !row.organizationActive || row.tokenVersion !== payload.tv) return null;
      const role = row.roleId ? roleById(row.roleId) : undefined;
      if (!role) return null;
      if (sessions && !(await sessions.valid(payload.sid, payload.sg, userId, use))) return null;
      return {
        userId: row.id,
        role,
        organizationId: row.organizationId,
        schoolId: row.schoolId,
        tokenVersion: row.tokenVersion,
        modules: row.modules,
        sessionId: payload.sid,
        sessionGeneration: payload.sg,
      };
    },
    forget(userId) {
      cache.delete(userId);
      onForget();
    },
    forgetOrganization(organizationId) {
      for (const [id, entry] of cache) if (entry.row?.organizationId === organizationId) cache.delete(id);
      onForget();
    },
    forgetAll() {
      cache.clear();
      onForget();
    },
    currentTokenVersions: (userIds) => repo.currentTokenVersions(userIds),
  };
}
