import { LANGUAGES, withKazakh } from './languages.ts';
import { AccessToken, CodeSent, EmailBody, EmailCodeBody } from './auth.ts';
import { Ok } from './common.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { rolesFor } from './routes.ts';
import { Module, OrganizationType, Role } from './roles.ts';
import { bodyId, msg, newPassword, requiredText, z } from './zod.ts';

export const Image = z.object({ id: z.number().int(), url: z.string() });
export type Image = z.infer<typeof Image>;

/** The signed-in user as `GET /api/profile` answers it. */
export const Profile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: Role,
  role_id: z.number().int(),
  /** The language the person works in: their own choice, else their organization's, else `ru`. */
  language: z.string(),
  /** Whether `language` is the person's own choice (it then follows them to any browser). */
  language_chosen: z.boolean(),
  image_id: z.number().int().nullable(),
  image: Image.nullable(),
  organization_id: z.number().int().nullable(),
  /** `time_zone` (IANA): the clock of its meal times and visits, as every screen shows them. */
  organization: z
    .object({
      id: z.number().int(),
      name: z.string(),
      type: OrganizationType,
      time_zone: z.string(),
      /** The language its people work in until each chooses one; null: none set. */
      language: z.enum(LANGUAGES).nullable(),
    })
    .nullable(),
  school_id: z.number().int().nullable(),
  modules: z.array(Module),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdateBody = z.object({
  name: requiredText(255),
  image_id: bodyId().nullish(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

export const PasswordChangeBody = z
  .object({
    password_current: z.string({ error: msg.required }).min(1, { error: msg.required }).max(128),
    password: newPassword(),
    password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: msg.passwordsDiffer,
  });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

export const RoleItem = z.object({ id: z.number().int(), name: z.string(), code: Role });
export const Region = z.object({ id: z.number().int(), name: z.string() });
export type Region = z.infer<typeof Region>;
export type RoleItem = z.infer<typeof RoleItem>;

export const PROFILE_MESSAGES = withKazakh(
  {
    passwordCurrentWrong: 'Неверный текущий пароль',
    imageNotFound: 'Изображение не найдено',
    accountNotFound: 'Аккаунт не найден',
    /** The name an account keeps after its owner deleted it (past visits still point to it). */
    removedUserName: 'Удалённый пользователь',
    language: 'Выберите язык: ru (русский) или kk (қазақша)',
  } as const,
  {
    passwordCurrentWrong: 'Ағымдағы құпиясөз қате',
    imageNotFound: 'Сурет табылмады',
    accountNotFound: 'Аккаунт табылмады',
    removedUserName: 'Жойылған пайдаланушы',
    language: 'Тілді таңдаңыз: ru (русский) немесе kk (қазақша)',
  },
);

/** The language the signed-in person chose: kept in their profile, so it follows them. */
export const ProfileLanguageBody = z.object({
  language: z.enum(LANGUAGES, { error: PROFILE_MESSAGES.language }),
});
export type ProfileLanguageBody = z.infer<typeof ProfileLanguageBody>;

const referenceEndpoint = endpointsOf('reference');

/** The reference lists seeded at start: any signed-in user reads them. */
export const REFERENCE_ENDPOINTS = {
  roles: referenceEndpoint('roles', {
    answer: z.array(RoleItem),
    access: 'authenticated',
    summary: 'Роли пользователей',
  }),
  regions: referenceEndpoint('regions', {
    answer: z.array(Region),
    access: 'authenticated',
    summary: 'Регионы Казахстана',
  }),
};

const profileEndpoint = endpointsOf('profile');

export const PROFILE_ENDPOINTS = {
  get: profileEndpoint('get', {
    answer: Profile,
    access: rolesFor('/profile'),
    summary: 'Текущий пользователь',
  }),
  update: profileEndpoint('update', {
    body: ProfileUpdateBody,
    answer: AccessToken,
    access: rolesFor('/profile'),
    summary: 'Имя и фото текущего пользователя; ответ — новый токен',
  }),
  language: profileEndpoint('language', {
    body: ProfileLanguageBody,
    answer: Ok,
    access: rolesFor('/profile'),
    summary: 'Язык, в котором работает текущий пользователь (ru, kk)',
  }),
  changePassword: profileEndpoint('changePassword', {
    body: PasswordChangeBody,
    answer: AccessToken,
    access: rolesFor('/password'),
    summary: 'Смена своего пароля: другие сеансы завершаются, ответ — новый токен',
  }),
  requestRemoval: profileEndpoint('requestRemoval', {
    body: EmailBody,
    answer: CodeSent,
    refusals: [404],
    access: 'public',
    summary: 'Удаление аккаунта, шаг 1: письмо с кодом',
  }),
  confirmRemoval: profileEndpoint('confirmRemoval', {
    body: EmailCodeBody,
    answer: Ok,
    refusals: [404],
    access: 'public',
    summary: 'Удаление аккаунта, шаг 2: код → личные данные удалены',
  }),
};
