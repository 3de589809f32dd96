import { withKazakh } from './languages.ts';
import { AccessToken } from './auth.ts';
import { Ok } from './common.ts';
import { endpointsOf } from './endpoint-kit.ts';
import type { Role } from './roles.ts';
import { rolesFor } from './routes.ts';
import { bodyId, email, msg, newPassword, optionalText, requiredText, z } from './zod.ts';

/**
 * Parent invitations (docs/product.md "Users"/§2.12 modal, docs/product.md public page): an admin sends a pupil's parent
 * a one-time link; the parent opens it, signs up (or confirms an existing parent account) and is
 * linked to the pupil.
 */

export const INVITATION_TTL_DAYS = 7;

/** A link's code: 32 random bytes in base64url. Anything else is no invitation, without a lookup. */
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/users/parent/invitation`: whom to invite, for which pupil. */
export const InvitationCreate = z.object({
  email: email(),
  user_id: bodyId(),
});
export type InvitationCreate = z.infer<typeof InvitationCreate>;

/**
 * The code of the link, as typed into the address bar. Any string is taken, so a mangled link
 * answers "Invitation not found" like an expired one, not a validation error.
 */
export const InvitationCodeParams = z.object({ code: z.string() });
export type InvitationCodeParams = z.infer<typeof InvitationCodeParams>;

/** `GET /api/users/parent/invitation/{code}`: what the public page shows before the form. */
export const InvitationInfo = z.object({
  email: z.string(),
  pupil_name: z.string(),
  /** An account with this e-mail exists: the page asks only for its password. */
  account_exists: z.boolean(),
});
export type InvitationInfo = z.infer<typeof InvitationInfo>;

/**
 * `POST /api/users/parent/invitation/confirm`. `name` is needed only for a new account (the server
 * checks that with `InvitationNewAccount`); for an existing parent account `password` is its own.
 */
export const InvitationConfirm = z.object({
  code: z.string({ error: msg.required }).min(1, { error: msg.required }),
  name: optionalText(255),
  password: z
    .string({ error: msg.required })
    .min(1, { error: msg.required })
    .max(128, { error: msg.tooLong(128) }),
});
export type InvitationConfirm = z.infer<typeof InvitationConfirm>;

/** The fields of a new parent account, as the server checks them and the page's form too. */
export const InvitationNewAccount = z.object({
  name: requiredText(255),
  password: newPassword(),
});

/** The error code of a missing, expired or used invitation (docs/product.md "Errors" matches on it). */
export const INVITATION_NOT_FOUND = 'Invitation not found';

export const INVITATION_MESSAGES = withKazakh(
  {
    notFound:
      'Приглашение не найдено! Возможно, срок его действия истёк или оно уже использовано. Попросите отправить его повторно',
    notPupil: 'Пригласить родителя можно только для ученика',
    staffEmail:
      'Этот e-mail уже занят учётной записью, которая не является родительской. Укажите другой e-mail родителя',
    staffAccount:
      'С этим e-mail уже есть учётная запись, которая не является родительской, поэтому принять приглашение нельзя. Попросите прислать приглашение на другой e-mail',
    raced: 'Учётная запись с этим e-mail только что создана. Обновите страницу и войдите её паролем',
  } as const,
  {
    notFound: 'Шақыру табылмады! Мүмкін, оның мерзімі өткен немесе ол пайдаланылған. Оны қайта жіберуді сұраңыз',
    notPupil: 'Ата-ананы тек оқушы үшін шақыруға болады',
    staffEmail: 'Бұл e-mail ата-ананікі емес есептік жазбаға тиесілі. Ата-ананың басқа e-mail-ін көрсетіңіз',
    staffAccount:
      'Бұл e-mail-мен ата-ананікі емес есептік жазба бар, сондықтан шақыруды қабылдау мүмкін емес. Шақыруды басқа e-mail-ге жіберуді сұраңыз',
    raced: 'Бұл e-mail-мен есептік жазба жаңа ғана құрылды. Бетті жаңартып, оның құпиясөзімен кіріңіз',
  },
);

const invitationsEndpoint = endpointsOf('invitations');
/** The screens that show the invite modal: users, pupils of a class and all pupils. */
const INVITE_ROLES: readonly Role[] = [
  ...new Set([...rolesFor('/users'), ...rolesFor('/classroom/:classroomId/users'), ...rolesFor('/pupils')]),
];

export const INVITATIONS_ENDPOINTS = {
  invite: invitationsEndpoint('invite', {
    body: InvitationCreate,
    answer: Ok,
    refusals: [404, 503],
    access: INVITE_ROLES,
    summary: 'Пригласить родителя ученика: письмо со ссылкой на 7 дней',
  }),
  get: invitationsEndpoint('get', {
    params: InvitationCodeParams,
    answer: InvitationInfo,
    refusals: [404],
    access: 'public',
    summary: 'Приглашение по коду ссылки: кому и для какого ребёнка',
  }),
  confirm: invitationsEndpoint('confirm', {
    body: InvitationConfirm,
    answer: AccessToken,
    refusals: [404, 409],
    access: 'public',
    summary: 'Принять приглашение: учётная запись родителя и связь с ребёнком; ответ — токен',
  }),
};
