import { createHash, randomBytes } from 'node:crypto';
import type { AccessToken } from '@tamaq/contract/auth';
import type { Ok } from '@tamaq/contract/common';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import type { Language } from '@tamaq/contract/languages';
import {
  INVITATION_CODE_PATTERN,
  INVITATION_MESSAGES,
  INVITATION_NOT_FOUND,
  INVITATION_TTL_DAYS,
  InvitationNewAccount,
  type InvitationConfirm,
  type InvitationCreate,
  type InvitationInfo,
} from '@tamaq/contract/invitations';
import { ROLE_IDS } from '@tamaq/contract/roles';
import type { Actor } from '../../platform/auth/actors.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import { issuesToFields } from '../../platform/http/error-handler.ts';
import {
  conflict,
  HttpError,
  isUniqueViolation,
  notFound,
  unauthorized,
  ValidationError,
} from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { accessToken, type TokenSubject } from '../auth/session.ts';
import { brandOf, invitationLink, invitationMail, publicBaseUrl, type RequestHost } from './invitation-mail.ts';
import { createInvitationsRepository, type EmailAccount } from './invitations.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Matches INVITATION_CODE_PATTERN. */
const newCode = () => randomBytes(32).toString('base64url');
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** docs/product.md "Errors": the page matches on this error code to show its own words. */
const invitationNotFound = () => new HttpError(404, INVITATION_NOT_FOUND, INVITATION_MESSAGES.notFound);

/** The only kind of account an invitation may link: a live parent. */
const isLiveParent = (account: EmailAccount) => !account.deleted && account.roleId === ROLE_IDS.Parent;

const parentSubject = (account: Pick<EmailAccount, 'id' | 'tokenVersion'>): TokenSubject => ({
  userId: account.id,
  role: 'Parent',
  organizationId: null,
  schoolId: null,
  tokenVersion: account.tokenVersion,
});

export function createInvitationsService(
  platform: Pick<Platform, 'config' | 'db' | 'mailer' | 'now' | 'tokens' | 'sessions'>,
) {
  const repo = createInvitationsRepository(platform.db);

  const findValid = async (code: string) => {
    const found = INVITATION_CODE_PATTERN.test(code) ? await repo.findValid(hashOf(code), platform.now()) : null;
    if (!found) throw invitationNotFound();
    return found;
  };

  return {
    /** Sends a pupil's parent a one-time link; earlier unaccepted links of this pupil and e-mail stop working. */
    async invite(actor: Actor, body: InvitationCreate, at: RequestHost, language: Language = 'ru'): Promise<Ok> {
      const pupil = await repo.findUserInScope(body.user_id, scopeOf(actor));
      if (!pupil) throw notFound();
      if (pupil.classroomId === null || pupil.organizationId === null) {
        throw ValidationError.field('user_id', INVITATION_MESSAGES.notPupil);
      }
      const account = await repo.findAccountByEmail(body.email);
      if (account && !isLiveParent(account)) throw ValidationError.field('email', INVITATION_MESSAGES.staffEmail);

      const code = newCode();
      // Mailed before the write, so a mail server that refuses (503) changes nothing: the earlier
      // link keeps working and no dead invitation is stored. The SMTP wait holds no transaction.
      await platform.mailer.send(
        invitationMail({
          to: body.email,
          brand: brandOf(platform.config, at),
          link: invitationLink(publicBaseUrl(platform.config, at), code),
          pupilName: pupil.name,
          // The school as the reader of the mail names it.
          schoolName: (language === 'kk' ? pupil.schoolNameKk : null) ?? pupil.schoolName ?? pupil.organizationName,
          language,
        }),
      );
      const now = platform.now();
      await platform.db.transaction(async (tx) => {
        await repo.expireEarlier(pupil.id, body.email, now, tx);
        const invitationId = await repo.create(
          {
            organizationId: pupil.organizationId!,
            pupilId: pupil.id,
            email: body.email,
            codeHash: hashOf(code),
            expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
            createdBy: actor.userId,
          },
          tx,
        );
        await audit(tx, actor, {
          action: 'parent_invite',
          entity: 'user',
          entityId: pupil.id,
          organizationId: pupil.organizationId,
          after: { invitation_id: invitationId },
        });
      });
      return { success: true };
    },

    async get(code: string): Promise<InvitationInfo> {
      const invitation = await findValid(code);
      const account = await repo.findAccountByEmail(invitation.email);
      return { email: invitation.email, pupil_name: invitation.pupilName, account_exists: account !== null };
    },

    /**
     * Accepts an invitation: a new parent account, or the existing parent account whose password was
     * given, is linked to the pupil and signed in. A wrong password does not spend the invitation.
     */
    async confirm(body: InvitationConfirm): Promise<AccessToken> {
      const invitation = await findValid(body.code);
      const account = await repo.findAccountByEmail(invitation.email);
      let newAccount: { name: string; passwordHash: string } | null = null;
      if (account) {
        if (!isLiveParent(account)) throw conflict(INVITATION_MESSAGES.staffAccount);
        if (!(await verifyPassword(account.passwordHash, body.password))) {
          // The same invitation accepted a moment ago, its account made by that accept: the
          // invitation is spent (404), not this password wrong.
          await findValid(body.code);
          throw unauthorized(ERROR_MESSAGES.badCredentials);
        }
      } else {
        const parsed = InvitationNewAccount.safeParse({ name: body.name ?? '', password: body.password });
        if (!parsed.success) throw new ValidationError(issuesToFields(parsed.error.issues));
        newAccount = { name: parsed.data.name, passwordHash: await hashPassword(parsed.data.password) };
      }

      const now = platform.now();
      const subject = await platform.db.transaction(async (tx) => {
        if (!(await repo.claim(invitation.id, now, tx))) throw invitationNotFound();
        let parent: Pick<EmailAccount, 'id' | 'tokenVersion'>;
        if (newAccount) {
          // Another invitation to this e-mail may have created the account since it was read.
          if (await repo.findAccountByEmail(invitation.email, tx)) throw conflict(INVITATION_MESSAGES.raced);
          parent = await repo
            .createParent({ ...newAccount, email: invitation.email, roleId: ROLE_IDS.Parent }, tx)
            .catch((err: unknown) => {
              throw isUniqueViolation(err, 'users_email_key') ? conflict(INVITATION_MESSAGES.raced) : err;
            });
        } else {
          parent = account!;
        }
        await repo.link(parent.id, invitation.pupilId, tx);
        await repo.setParent(invitation.id, parent.id, tx);
        await audit(
          tx,
          { userId: parent.id, organizationId: invitation.organizationId },
          {
            action: 'parent_invitation_accept',
            entity: 'user',
            entityId: invitation.pupilId,
            after: { invitation_id: invitation.id, parent_id: parent.id, new_account: newAccount !== null },
          },
        );
        return parentSubject(parent);
      });
      return accessToken(platform.sessions, subject);
    },
  };
}
