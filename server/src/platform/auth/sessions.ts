import type { Role } from '@tamaq/contract/roles';
import type { Db } from '../db/client.ts';
import { createSessionRepository, type SessionRow } from './session-repository.ts';
import { TOKEN_TTL_SECONDS, type TokenService, type TokenUse } from './tokens.ts';

/** Whom a token is for: the fields the guard checks again on every call (an `Actor` fits). */
export interface TokenSubject {
  userId: number;
  role: Role;
  organizationId: number | null;
  schoolId: number | null;
  tokenVersion: number;
}

/** No token of a session outlives this from its sign-in, however often it is renewed. */
export const SESSION_MAX_SECONDS = TOKEN_TTL_SECONDS;
/** Sessions are read again after this; this instance knows its own renewals and sign-outs at once. */
const CACHE_MS = 5_000;
/**
 * The generation a renewal replaced still works until the renewed one is first used, and this long
 * after: two tabs opened together both renew the one token they share, and the later answer must
 * not sign both out; a renewal whose answer was lost must not sign the screen out at all.
 */
export const RENEWAL_GRACE_MS = 30_000;

/**
 * Signed-in sessions (docs/rules.md "Sessions"): every token names its session (`sid`) and the
 * session's generation (`sg`). A renewal takes the next generation (the token it replaced stops
 * working), a sign-out revokes the session, and a session ends `SESSION_MAX_SECONDS` after its start.
 * A download token dies with its session, not with a renewal (its link was made for the screen).
 */
export interface SessionService {
  /** A new session and its first token. */
  start(subject: TokenSubject): Promise<string>;
  /**
   * The next token of the caller's session (of generation `generation`); null if the session ended
   * meanwhile. A generation renewed already gives its renewal's generation again, not one more.
   */
  renew(subject: TokenSubject, sessionId: string, generation: number): Promise<string | null>;
  /** A download token of the caller's session. */
  download(subject: TokenSubject, sessionId: string, generation: number): Promise<string>;
  /** Another token of the caller's session and generation (a profile save): the caller's keeps working. */
  again(subject: TokenSubject, sessionId: string, generation: number): Promise<string>;
  end(sessionId: string): Promise<void>;
  /** Whether a token of this session and generation may still be used. */
  valid(sessionId: string, generation: number, userId: number, use: TokenUse): Promise<boolean>;
  /** Another instance ended sessions: read every session again on its next use. */
  forgetAll(): void;
}

export function createSessionService(
  db: Db,
  tokens: TokenService,
  now: () => number = Date.now,
  onEnded: () => void = () => {},
): SessionService {
  const repo = createSessionRepository(db);
  const cache = new Map<string, { row: SessionRow | null; at: number }>();
  const remember = (id: string, row: SessionRow | null) => {
    if (cache.size > 50_000) cache.clear();
    cache.set(id, { row, at: now() });
  };
  const sign = (subject: TokenSubject, row: SessionRow, use: TokenUse) =>
    tokens.sign(
      {
        sub: String(subject.userId),
        role: subject.role,
        org: subject.organizationId,
        school: subject.schoolId,
        tv: subject.tokenVersion,
        sid: row.id,
        sg: row.generation,
      },
      use,
      row.expiresAt,
    );
  /** A token of a session the caller's token was just checked against; it ends with the session. */
  const signOfSession = async (subject: TokenSubject, sessionId: string, generation: number, use: TokenUse) => {
    const row = cache.get(sessionId)?.row ?? (await repo.find(sessionId));
    const expiresAt = row?.expiresAt ?? new Date(now());
    return sign(
      subject,
      {
        id: sessionId,
        userId: subject.userId,
        generation,
        expiresAt,
        revoked: false,
        renewedAt: null,
        confirmedAt: null,
      },
      use,
    );
  };
  return {
    async start(subject) {
      const row = await repo.create(subject.userId, new Date(now() + SESSION_MAX_SECONDS * 1000));
      remember(row.id, row);
      return sign(subject, row, 'session');
    },
    async renew(subject, sessionId, generation) {
      const row = await repo.renew(sessionId, subject.userId, generation);
      if (row) {
        remember(sessionId, row);
        return sign(subject, row, 'session');
      }
      // Renewed from this generation already: a page reloaded before the renewal's answer arrived
      // renews the token it still holds, or two tabs share it. A second step would retire that token
      // (two generations back) under the requests sent with it beside the renewal; the same next
      // generation is answered again instead.
      const current = await repo.find(sessionId);
      remember(sessionId, current);
      if (
        !current ||
        current.revoked ||
        current.userId !== subject.userId ||
        current.expiresAt.getTime() <= now() ||
        current.generation !== generation + 1
      )
        return null;
      return sign(subject, current, 'session');
    },
    download: (subject, sessionId, generation) => signOfSession(subject, sessionId, generation, 'download'),
    again: (subject, sessionId, generation) => signOfSession(subject, sessionId, generation, 'session'),
    async end(sessionId) {
      await repo.revoke(sessionId);
      const hit = cache.get(sessionId)?.row;
      remember(sessionId, hit ? { ...hit, revoked: true } : null);
      onEnded();
    },
    async valid(sessionId, generation, userId, use) {
      let hit = cache.get(sessionId);
      if (!hit || now() - hit.at >= CACHE_MS) {
        remember(sessionId, await repo.find(sessionId));
        hit = cache.get(sessionId)!;
      }
      let row = hit.row;
      // A token newer than what this instance remembers: renewed by another instance, or here while
      // a read of the session older than the renewal was still on its way. The database says.
      if (row && generation > row.generation) {
        remember(sessionId, await repo.find(sessionId));
        row = cache.get(sessionId)!.row;
      }
      if (!row || row.revoked || row.userId !== userId || row.expiresAt.getTime() <= now()) return false;
      if (use === 'download') return true;
      if (row.generation === generation) {
        // The renewal's answer arrived: from now the generation before it has its grace, no more.
        if (row.renewedAt !== null && row.confirmedAt === null) {
          const at = new Date(now());
          remember(sessionId, { ...row, confirmedAt: at });
          await repo.confirm(sessionId, generation, at);
        }
        return true;
      }
      // The generation before: while the renewed one is unused (its answer may have been lost on a bad
      // network) and for a little after its first use (two tabs renewing the one token they share).
      return (
        generation === row.generation - 1 &&
        row.renewedAt !== null &&
        (row.confirmedAt === null || now() - row.confirmedAt.getTime() < RENEWAL_GRACE_MS)
      );
    },
    forgetAll: () => cache.clear(),
  };
}
