import {
  ADMIN_ROLE_BY_TYPE,
  ORGANIZATION_MESSAGES,
  type Organization,
  type OrganizationCreate,
  type OrganizationCreated,
  type OrganizationList,
  type OrganizationListQuery,
  type OrganizationUpdate,
  type AdminInvitation,
  type OrganizationAdmin,
  type OrganizationAdmins,
} from '@tamaq/contract/organizations';
import { MODULES, ROLE_IDS, type Module } from '@tamaq/contract/roles';
import { SETUP_LINK_DAYS, SETUP_PATH } from '@tamaq/contract/auth';
import type { Language } from '@tamaq/contract/languages';
import type { Actor } from '../../platform/auth/actors.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { conflict, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createCodeService } from '../auth/codes.service.ts';
import { setupMail } from '../auth/mail-templates.ts';
import { publicBaseUrl, type RequestHost } from '../invitations/invitation-mail.ts';
import { createOrganizationsRepository, type OrganizationRow } from './organizations.repository.ts';

const isModule = (m: string): m is Module => (MODULES as readonly string[]).includes(m);

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  bin: row.bin,
  address: row.address,
  contacts: row.contacts,
  modules: row.modules.filter(isModule),
  language: row.language ?? null,
  created_at: row.createdAt.toISOString(),
});

/** What the audit log keeps of an organization (no admin e-mail or password). */
const auditView = (row: OrganizationRow) => {
  const { id: _id, createdAt: _createdAt, ...rest } = row;
  return rest;
};

const organizationNotFound = () => notFound(ORGANIZATION_MESSAGES.notFound);
const emailTaken = () => ValidationError.field('admin_email', ORGANIZATION_MESSAGES.emailTaken);
const binTaken = () => ValidationError.field('bin', ORGANIZATION_MESSAGES.binTaken);

/** The super admin's organizations (docs/product.md "Organizations"): each is created together with its admin. */
export function createOrganizationsService(
  platform: Pick<Platform, 'actors' | 'db' | 'tokens' | 'mailer' | 'now' | 'config'>,
) {
  const repo = createOrganizationsRepository(platform.db);
  const codes = createCodeService(platform);

  /**
   * The new admin's invitation to set their own password: mailed after the organization is written
   * (the SMTP wait holds no transaction). A mail server that refuses leaves the organization made:
   * the admin sets a password through «Забыли пароль?».
   */
  const invite = async (
    admin: { email: string; name: string },
    organization: OrganizationRow,
    at: RequestHost,
    language: Language,
  ): Promise<'sent' | 'kept' | 'failed'> => {
    try {
      await codes.sendLink('setup', admin.email, SETUP_LINK_DAYS * 24 * 60 * 60 * 1000, (code) =>
        setupMail(
          {
            to: admin.email,
            name: admin.name,
            organization: organization.name,
            link: `${publicBaseUrl(platform.config, at)}${SETUP_PATH}?${new URLSearchParams({ email: admin.email, code })}`,
            days: SETUP_LINK_DAYS,
          },
          organization.language ?? language,
        ),
      );
      return platform.mailer.delivers ? 'sent' : 'kept';
    } catch {
      return 'failed';
    }
  };

  /** The organization's admins with their password's and invitation's state. */
  const adminsOf = async (row: OrganizationRow): Promise<OrganizationAdmin[]> => {
    const admins = await repo.admins(row.id, ROLE_IDS[ADMIN_ROLE_BY_TYPE[row.type]]);
    return Promise.all(
      admins.map(async (a) => {
        const until = a.passwordSet || !a.email ? null : await codes.linkUntil('setup', a.email);
        return {
          id: a.id,
          name: a.name,
          email: a.email ?? '',
          password_set: a.passwordSet,
          invitation_until: until?.toISOString() ?? null,
        };
      }),
    );
  };

  return {
    async admins(id: number): Promise<OrganizationAdmins> {
      const row = await repo.find(id);
      if (!row) throw organizationNotFound();
      return { rows: await adminsOf(row) };
    },

    /**
     * A new link for an admin who has not set a password yet (the first expired, was lost, or went to
     * a mail server that refused); the earlier link stops working. One who has set a password is
     * refused: «Забыли пароль?» is theirs, and a link from here would let the super admin's mail
     * reset a working account.
     */
    async inviteAdmin(
      actor: Actor,
      id: number,
      userId: number,
      at: RequestHost,
      language: Language = 'ru',
    ): Promise<AdminInvitation> {
      const row = await repo.find(id);
      if (!row) throw organizationNotFound();
      const admin = (await adminsOf(row)).find((a) => a.id === userId);
      if (!admin || !admin.email) throw notFound(ORGANIZATION_MESSAGES.adminNotFound);
      if (admin.password_set) throw conflict(ORGANIZATION_MESSAGES.passwordSet);
      const sent = await invite({ email: admin.email, name: admin.name }, row, at, language);
      await audit(platform.db, actor, {
        action: 'organization_admin_invite',
        entity: 'user',
        entityId: admin.id,
        organizationId: row.id,
        after: { invitation: sent },
      });
      const after = (await adminsOf(row)).find((a) => a.id === userId)!;
      return { admin_invitation: sent, admin: after };
    },

    async list({ query, limit, offset }: OrganizationListQuery): Promise<OrganizationList> {
      const { total, rows } = await repo.list(query, limit, offset);
      return { total, rows: rows.map(toOrganization) };
    },

    async get(id: number): Promise<Organization> {
      const row = await repo.find(id);
      if (!row) throw organizationNotFound();
      return toOrganization(row);
    },

    /** The organization and its admin (role by type) in one write: both or neither. */
    async create(
      actor: Actor,
      body: OrganizationCreate,
      at: RequestHost,
      language: Language = 'ru',
    ): Promise<OrganizationCreated> {
      const { admin_name, admin_email, admin_password, ...values } = body;
      if (await repo.emailTaken(admin_email)) throw emailTaken();
      // No password given: none is set, and the admin is invited to set their own.
      const passwordHash = admin_password === null ? null : await hashPassword(admin_password);
      const row = await platform.db.transaction(async (tx) => {
        if (values.bin && (await repo.binTaken(values.bin, null, tx))) throw binTaken();
        const created = await repo.insert(values, tx);
        const admin = await repo
          .insertUser(
            {
              name: admin_name,
              email: admin_email,
              passwordHash,
              roleId: ROLE_IDS[ADMIN_ROLE_BY_TYPE[created.type]],
              organizationId: created.id,
            },
            tx,
          )
          .catch((err: unknown) => {
            throw isUniqueViolation(err, 'users_email_key') ? emailTaken() : err;
          });
        await audit(tx, actor, {
          action: 'organization_create',
          entity: 'organization',
          entityId: created.id,
          organizationId: created.id,
          after: { ...auditView(created), adminId: admin.id },
        });
        return created;
      });
      if (admin_password !== null) return toOrganization(row);
      return {
        ...toOrganization(row),
        admin_invitation: await invite({ email: admin_email, name: admin_name }, row, at, language),
      };
    },

    /**
     * Everything but the type, which roles and data depend on. Disabling ends the sessions of the
     * organization's users for good (their token versions move on, so enabling again does not
     * revive them): at once on this instance (the actor cache), elsewhere within seconds.
     */
    async update(actor: Actor, body: OrganizationUpdate): Promise<Organization> {
      const { id, type, ...values } = body;
      const row = await platform.db.transaction(async (tx) => {
        const before = await repo.findForUpdate(id, tx);
        if (!before) throw organizationNotFound();
        if (before.type !== type) throw ValidationError.field('type', ORGANIZATION_MESSAGES.typeLocked);
        if (values.bin && values.bin !== before.bin && (await repo.binTaken(values.bin, id, tx))) throw binTaken();
        const after = (await repo.update(id, values, tx))!;
        if (before.status !== 'disabled' && after.status === 'disabled') await repo.endSessions(id, tx);
        await audit(tx, actor, {
          action: 'organization_update',
          entity: 'organization',
          entityId: id,
          organizationId: id,
          before: auditView(before),
          after: auditView(after),
        });
        return after;
      });
      platform.actors.forgetOrganization(id);
      return toOrganization(row);
    },
  };
}
