import { z } from 'zod';
import {
  AUTH_MESSAGES,
  SIGNUP_ORGANIZATION_TYPE,
  type AccessToken,
  type CodeSent,
  type EmailBody,
  type EmailCodeBody,
  type LoginBody,
  type RecoveryConfirmBody,
  type RegisterBody,
  type SetupConfirmBody,
} from '@tamaq/contract/auth';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import type { Language } from '@tamaq/contract/languages';
import { ROLE_IDS, roleById, type Role } from '@tamaq/contract/roles';
import type { Actor } from '../../platform/auth/actors.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { isUniqueViolation, unauthorized, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createAuthRepository, type Account } from './auth.repository.ts';
import { createCodeService } from './codes.service.ts';
import { accessToken, renewedToken, type TokenSubject } from './session.ts';

/** What the sign-up code keeps until it is confirmed (the password already hashed). */
const SignupForm = z.object({ name: z.string(), organization: z.string(), passwordHash: z.string() });

const badCredentials = () => unauthorized(ERROR_MESSAGES.badCredentials);
const emailTaken = () => ValidationError.field('email', AUTH_MESSAGES.emailTaken);

/** The role an account signs in with, or null when it may not sign in at all. A student signs in and stays on `/` (docs/domain.md). */
const signInRole = (account: Account | null): Role | null => {
  if (!account || account.deleted) return null;
  const role = account.roleId ? roleById(account.roleId) : undefined;
  return role ?? null;
};

const subjectOf = (
  account: Omit<Account, 'passwordHash' | 'deleted' | 'organizationActive'>,
  role: Role,
): TokenSubject => ({
  userId: account.id,
  role,
  organizationId: account.organizationId,
  schoolId: account.schoolId,
  tokenVersion: account.tokenVersion,
});

export function createAuthService(
  platform: Pick<Platform, 'actors' | 'db' | 'now' | 'tokens' | 'sessions' | 'mailer'>,
) {
  const repo = createAuthRepository(platform.db);
  const codes = createCodeService(platform);

  return {
    /** The token, and whose it is (sign-in remembers where the account signed in from). */
    async login({ email, password }: LoginBody): Promise<{ answer: AccessToken; userId: number }> {
      const account = await repo.findByEmail(email.trim().toLowerCase());
      const role = signInRole(account);
      // Always spend a password check, so a missing account cannot be told from a wrong password.
      const ok = await verifyPassword(role ? account!.passwordHash : null, password);
      if (!ok || !role) throw badCredentials();
      // Said only to whoever knows the password.
      if (!account!.organizationActive) throw unauthorized(AUTH_MESSAGES.organizationDisabled);
      return { answer: await accessToken(platform.sessions, subjectOf(account!, role)), userId: account!.id };
    },

    refresh: (actor: Actor): Promise<AccessToken> => renewedToken(platform.sessions, actor),

    /** The code's mail goes in `language`, the one the person at the browser reads. */
    async startSignup(body: RegisterBody, language: Language = 'ru'): Promise<CodeSent> {
      if (await repo.emailTaken(body.email)) throw emailTaken();
      await codes.ensureCanSend('signup', body.email);
      const passwordHash = await hashPassword(body.password);
      return codes.send(
        'signup',
        body.email,
        { name: body.name, organization: body.organization, passwordHash },
        language,
      );
    },

    /** Creates the company organization and its Admin in one write, then signs them in. */
    async confirmSignup({ email, code }: EmailCodeBody): Promise<AccessToken> {
      const checked = await codes.check('signup', email, code);
      const form = SignupForm.parse(checked.payload);
      const user = await platform.db.transaction(async (tx) => {
        await codes.consume(checked, tx);
        if (await repo.emailTaken(email, tx)) throw emailTaken();
        const organizationId = await repo.createOrganization(
          { name: form.organization, type: SIGNUP_ORGANIZATION_TYPE },
          tx,
        );
        const created = await repo
          .createUser(
            { name: form.name, email, passwordHash: form.passwordHash, roleId: ROLE_IDS.Admin, organizationId },
            tx,
          )
          .catch((err: unknown) => {
            throw isUniqueViolation(err, 'users_email_key') ? emailTaken() : err;
          });
        await audit(
          tx,
          { userId: created.id, organizationId },
          {
            action: 'signup',
            entity: 'organization',
            entityId: organizationId,
            after: { name: form.organization, type: SIGNUP_ORGANIZATION_TYPE },
          },
        );
        return created;
      });
      return accessToken(platform.sessions, subjectOf(user, 'Admin'));
    },

    async startRecovery({ email }: EmailBody, language: Language = 'ru'): Promise<CodeSent> {
      const account = await repo.findByEmail(email);
      if (!signInRole(account) || !account!.organizationActive) throw badCredentials();
      return codes.send('recovery', email, null, language);
    },

    /**
     * A new admin's own password from the invitation's link: the link's code, good once, then
     * signed in. A dead or unknown link says how to get a password all the same.
     */
    async confirmSetup({ email, code, password }: SetupConfirmBody): Promise<AccessToken> {
      const checked = await codes.check('setup', email, code).catch((err: unknown) => {
        throw err instanceof ValidationError ? ValidationError.field('code', AUTH_MESSAGES.setupLinkDead) : err;
      });
      const passwordHash = await hashPassword(password);
      const subject = await platform.db.transaction(async (tx) => {
        await codes.consume(checked, tx).catch((err: unknown) => {
          throw err instanceof ValidationError ? ValidationError.field('code', AUTH_MESSAGES.setupLinkDead) : err;
        });
        const account = await repo.findByEmail(email, tx);
        const role = signInRole(account);
        if (!role || !account!.organizationActive) throw badCredentials();
        const saved = await repo.setPassword(account!.id, passwordHash, platform.now(), tx);
        if (!saved) throw badCredentials();
        await audit(
          tx,
          { userId: account!.id, organizationId: account!.organizationId },
          { action: 'password_setup', entity: 'user', entityId: account!.id },
        );
        return subjectOf({ ...account!, tokenVersion: saved.tokenVersion }, role);
      });
      platform.actors.forget(subject.userId);
      return accessToken(platform.sessions, subject);
    },

    /** Sets the new password, ends every other session and signs in with the new one. */
    async confirmRecovery({ email, code, password }: RecoveryConfirmBody): Promise<AccessToken> {
      const checked = await codes.check('recovery', email, code);
      const passwordHash = await hashPassword(password);
      const subject = await platform.db.transaction(async (tx) => {
        await codes.consume(checked, tx);
        const account = await repo.findByEmail(email, tx);
        const role = signInRole(account);
        if (!role || !account!.organizationActive) throw badCredentials();
        const saved = await repo.setPassword(account!.id, passwordHash, platform.now(), tx);
        if (!saved) throw badCredentials();
        await audit(
          tx,
          { userId: account!.id, organizationId: account!.organizationId },
          {
            action: 'password_recovery',
            entity: 'user',
            entityId: account!.id,
          },
        );
        return subjectOf({ ...account!, tokenVersion: saved.tokenVersion }, role);
      });
      platform.actors.forget(subject.userId);
      return accessToken(platform.sessions, subject);
    },
  };
}
