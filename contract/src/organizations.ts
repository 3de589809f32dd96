import { LANGUAGES, withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { AUTH_MESSAGES } from './auth.ts';
import { IdParams, listOf, SearchQuery } from './common.ts';
import { requiredBin } from './kz-id.ts';
import {
  MODULES,
  Module,
  ORGANIZATION_STATUSES,
  ORGANIZATION_TYPES,
  OrganizationStatus,
  OrganizationType,
} from './roles.ts';
import type { Role } from './roles.ts';
import { bodyId, email, id, newPassword, optionalText, requiredText, z } from './zod.ts';

/** Organizations, the super admin's screens (docs/product.md "Organizations", "Calls"). */
export const ORGANIZATION_MESSAGES = withKazakh(
  {
    notFound: 'Организация не найдена',
    type: 'Выберите тип организации',
    status: 'Выберите статус организации',
    module: 'Неизвестный модуль',
    typeLocked: 'Тип организации нельзя изменить',
    binTaken: 'Организация с таким БИН уже есть',
    emailTaken: AUTH_MESSAGES.emailTaken,
    language: 'Выберите язык: ru (русский) или kk (қазақша)',
    adminNotFound: 'Администратор организации не найден',
    passwordSet:
      'Администратор уже задал пароль и входит сам. Если он его забыл, пусть нажмёт «Забыли пароль?» на странице входа',
  } as const,
  {
    notFound: 'Ұйым табылмады',
    type: 'Ұйымның түрін таңдаңыз',
    status: 'Ұйымның мәртебесін таңдаңыз',
    module: 'Белгісіз модуль',
    typeLocked: 'Ұйымның түрін өзгертуге болмайды',
    binTaken: 'Мұндай БСН-і бар ұйым бұрыннан бар',
    emailTaken: AUTH_MESSAGES.emailTaken,
    language: 'Тілді таңдаңыз: ru (русский) немесе kk (қазақша)',
    adminNotFound: 'Ұйымның әкімшісі табылмады',
    passwordSet:
      'Әкімші құпиясөзді өзі орнатқан және кіре алады. Ұмытса, кіру бетіндегі «Құпиясөзді ұмыттыңыз ба?» арқылы жаңасын орнатсын',
  },
);

/** Who runs a new organization: its admin's role follows the type (roles and data depend on it). */
export const ADMIN_ROLE_BY_TYPE: Record<OrganizationType, Role> = {
  company: 'Admin',
  education: 'EducationAdmin',
  kindergarten: 'EducationKindergartenAdmin',
};

export const Organization = z.object({
  id: z.number().int(),
  name: z.string(),
  type: OrganizationType,
  status: OrganizationStatus,
  bin: z.string().nullable(),
  address: z.string().nullable(),
  contacts: z.string().nullable(),
  modules: z.array(Module),
  /** The language its people work in until each chooses one; null: none set (Russian). */
  language: z.enum(LANGUAGES).nullable(),
  created_at: z.string(),
});
export type Organization = z.infer<typeof Organization>;

/**
 * A new organization, and what became of its admin's invitation when no password was given: `sent`
 * by mail, `kept` in the outbox (no mail server), `failed` (the mail server refused: the admin can
 * set a password through «Забыли пароль?»), or absent (a password was given).
 */
export const OrganizationCreated = Organization.extend({
  admin_invitation: z.enum(['sent', 'kept', 'failed']).optional(),
});
export type OrganizationCreated = z.infer<typeof OrganizationCreated>;

export const OrganizationListQuery = SearchQuery;
export type OrganizationListQuery = z.infer<typeof OrganizationListQuery>;
export const OrganizationList = listOf(Organization);
export type OrganizationList = z.infer<typeof OrganizationList>;

const type = () => z.enum(ORGANIZATION_TYPES, { error: ORGANIZATION_MESSAGES.type });
const status = () => z.enum(ORGANIZATION_STATUSES, { error: ORGANIZATION_MESSAGES.status });
/** The chosen modules, each once; an unknown one is refused on the field itself (not `modules.0`). */
const modules = () =>
  z
    .array(z.string(), { error: ORGANIZATION_MESSAGES.module })
    .max(MODULES.length * 4)
    .nullish()
    .refine((v) => (v ?? []).every((m) => (MODULES as readonly string[]).includes(m)), {
      error: ORGANIZATION_MESSAGES.module,
    })
    .transform((v) => [...new Set(v ?? [])] as Module[]);

const fields = {
  name: requiredText(255),
  type: type(),
  status: status(),
  bin: requiredBin(),
  address: optionalText(500),
  contacts: optionalText(1000, { lines: true }),
  modules: modules(),
  /** Left out, a change keeps the language the organization has (the spec's client does not send it). */
  language: z.enum(LANGUAGES, { error: ORGANIZATION_MESSAGES.language }).nullish(),
};

export const OrganizationCreate = z.object({
  ...fields,
  admin_name: requiredText(255),
  admin_email: email(),
  /**
   * The admin's password; left out (or empty), the admin is invited by e-mail to set their own
   * (a link good SETUP_LINK_DAYS days; kept in the outbox where no mail server is set).
   */
  admin_password: z.preprocess((v) => (v === '' ? null : v), newPassword().nullish()).transform((v) => v ?? null),
});
export type OrganizationCreate = z.infer<typeof OrganizationCreate>;

export const OrganizationUpdate = z.object({ id: bodyId(), ...fields });
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

/**
 * An organization's admins as the super admin sees them: whether each has set a password, and until
 * when the invitation's link to set one holds (null: none stands, or it has expired or was used).
 */
export const OrganizationAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  password_set: z.boolean(),
  invitation_until: z.string().nullable(),
});
export type OrganizationAdmin = z.infer<typeof OrganizationAdmin>;
export const OrganizationAdmins = z.object({ rows: z.array(OrganizationAdmin) });
export type OrganizationAdmins = z.infer<typeof OrganizationAdmins>;

export const OrganizationAdminParams = z.object({ id: id(), userId: id() });
export type OrganizationAdminParams = z.infer<typeof OrganizationAdminParams>;

/** A new invitation: where it went (as on create) and until when its link holds; the earlier link is dead. */
export const AdminInvitation = z.object({
  admin_invitation: z.enum(['sent', 'kept', 'failed']),
  admin: OrganizationAdmin,
});
export type AdminInvitation = z.infer<typeof AdminInvitation>;

const organizationsEndpoint = endpointsOf('organizations');

export const ORGANIZATIONS_ENDPOINTS = {
  list: organizationsEndpoint('list', {
    query: OrganizationListQuery,
    answer: OrganizationList,
    access: rolesFor('/organizations'),
    summary: 'Организации: поиск по названию и БИН',
  }),
  get: organizationsEndpoint('get', {
    params: IdParams,
    answer: Organization,
    refusals: [404],
    access: rolesFor('/organization/:id'),
    summary: 'Организация',
  }),
  create: organizationsEndpoint('create', {
    body: OrganizationCreate,
    answer: OrganizationCreated,
    access: rolesFor('/organization/create'),
    summary: 'Новая организация вместе с её администратором (без пароля — приглашение по e-mail)',
  }),
  update: organizationsEndpoint('update', {
    body: OrganizationUpdate,
    answer: Organization,
    refusals: [404],
    access: rolesFor('/organization/:id'),
    summary: 'Изменение организации (тип не меняется); отключение завершает сеансы её пользователей',
  }),
  admins: organizationsEndpoint('admins', {
    params: IdParams,
    answer: OrganizationAdmins,
    refusals: [404],
    access: rolesFor('/organization/:id'),
    summary: 'Администраторы организации: задал ли каждый пароль и до какого дня действует ссылка приглашения',
  }),
  inviteAdmin: organizationsEndpoint('inviteAdmin', {
    params: OrganizationAdminParams,
    answer: AdminInvitation,
    refusals: [404, 409],
    access: rolesFor('/organization/:id'),
    summary:
      'Новое приглашение администратору, ещё не задавшему пароль: письмо с новой ссылкой, прежняя перестаёт действовать',
  }),
};
