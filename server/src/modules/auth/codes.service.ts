import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, type CodeSent } from '@tamaq/contract/auth';
import { CODE_MAX_TRIES, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '@tamaq/contract/constants';
import type { Language } from '@tamaq/contract/languages';
import type { Db } from '../../platform/db/client.ts';
import { tooManyRequests, ValidationError } from '../../platform/http/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import type { Platform } from '../../platform/platform.ts';
import { createCodesRepository, type CodePurpose } from './codes.repository.ts';
import { codeMail } from './mail-templates.ts';

/** A code that matched, to be consumed in the transaction of the step it confirms. */
export interface CheckedCode {
  id: number;
  codeHash: string;
  payload: unknown;
}

const codeError = (message: string) => ValidationError.field('code', message);

/**
 * The e-mailed confirmation codes of sign-up, recovery and account removal (docs/domain.md "Accounts and
 * codes"): 6 random digits kept only as an HMAC, one live code per purpose and e-mail, valid
 * CODE_TTL_MINUTES, dead after CODE_MAX_TRIES wrong tries, a new one only CODE_RESEND_SECONDS after
 * the last.
 */
export function createCodeService(platform: Pick<Platform, 'db' | 'tokens' | 'mailer' | 'now'>) {
  const repo = createCodesRepository(platform.db);
  const digest = (purpose: CodePurpose, email: string, code: string) =>
    platform.tokens.mac(`code|${purpose}|${email}|${code}`);

  const refuseResend = (createdAt: Date | undefined, at: Date): never => {
    const wait = createdAt ? Math.ceil(CODE_RESEND_SECONDS - (at.getTime() - createdAt.getTime()) / 1000) : 1;
    const seconds = Math.min(CODE_RESEND_SECONDS, Math.max(1, wait));
    throw tooManyRequests(seconds, AUTH_MESSAGES.codeResend(seconds));
  };

  return {
    /** Refuses early (before any slow work such as hashing a password) when a new code is not due yet. */
    async ensureCanSend(purpose: CodePurpose, email: string): Promise<void> {
      const at = platform.now();
      const current = await repo.find(purpose, email);
      if (current && at.getTime() - current.createdAt.getTime() < CODE_RESEND_SECONDS * 1000) {
        refuseResend(current.createdAt, at);
      }
    },

    /** Makes a new code (replacing the previous one), keeps `payload` beside it and mails it. */
    async send(
      purpose: Exclude<CodePurpose, 'setup'>,
      email: string,
      payload: unknown = null,
      language: Language = 'ru',
    ): Promise<CodeSent> {
      const at = platform.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.removeExpired(new Date(at.getTime() - 24 * 60 * 60 * 1000));
      const saved = await repo.put(
        {
          purpose,
          email,
          codeHash: digest(purpose, email, code),
          payload,
          expiresAt: new Date(at.getTime() + CODE_TTL_MINUTES * 60 * 1000),
          createdAt: at,
        },
        new Date(at.getTime() - CODE_RESEND_SECONDS * 1000),
      );
      if (!saved) refuseResend((await repo.find(purpose, email))?.createdAt, at);
      try {
        await platform.mailer.send(codeMail(purpose, email, code, language));
      } catch (err) {
        // A code nobody received must not hold the person back for a minute.
        await repo.remove(saved!.id).catch(() => {});
        throw err;
      }
      return { success: true, resendAfterSeconds: CODE_RESEND_SECONDS };
    },

    /**
     * A link's code for `email` (32 random bytes, base64url, kept only as an HMAC), good for `ttlMs`,
     * replacing any earlier one of the purpose, and the mail that carries it. A mail that fails takes
     * its code away and is refused as it was.
     */
    async sendLink(purpose: CodePurpose, email: string, ttlMs: number, mail: (code: string) => Mail): Promise<void> {
      const at = platform.now();
      const code = randomBytes(32).toString('base64url');
      const saved = await repo.put(
        {
          purpose,
          email,
          codeHash: digest(purpose, email, code),
          payload: null,
          expiresAt: new Date(at.getTime() + ttlMs),
          createdAt: at,
        },
        at,
      );
      try {
        await platform.mailer.send(mail(code));
      } catch (err) {
        await repo.remove(saved!.id).catch(() => {});
        throw err;
      }
    },

    /**
     * Checks a code. The try is spent BEFORE comparing, in the same statement that reads the hash, so
     * guesses sent at once cannot slip past the limit; a right code on its last try still works.
     */
    async check(purpose: CodePurpose, email: string, code: string): Promise<CheckedCode> {
      const at = platform.now();
      const row = await repo.find(purpose, email);
      if (!row || row.expiresAt.getTime() <= at.getTime()) throw codeError(AUTH_MESSAGES.codeExpired);
      const spent = await repo.spendTry(row.id, CODE_MAX_TRIES, at);
      if (!spent) throw codeError(AUTH_MESSAGES.codeDead);
      const given = Buffer.from(digest(purpose, email, code));
      const stored = Buffer.from(spent.codeHash);
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
        throw codeError(spent.attempts >= CODE_MAX_TRIES ? AUTH_MESSAGES.codeDead : AUTH_MESSAGES.codeWrong);
      }
      return { id: row.id, codeHash: spent.codeHash, payload: spent.payload };
    },

    /** Until when the standing link of the purpose for `email` holds; null when none stands or it expired. */
    async linkUntil(purpose: CodePurpose, email: string): Promise<Date | null> {
      const row = await repo.find(purpose, email);
      return row && row.expiresAt.getTime() > platform.now().getTime() ? row.expiresAt : null;
    },

    /** Uses the checked code up inside `tx`; a code used (or replaced) meanwhile answers as expired. */
    async consume(checked: CheckedCode, tx: Db): Promise<void> {
      if (!(await repo.consume(checked.id, checked.codeHash, tx))) throw codeError(AUTH_MESSAGES.codeExpired);
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
