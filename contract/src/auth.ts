import { withKazakh } from './languages.ts';
import { endpointsOf } from './endpoint-kit.ts';
import { Ok } from './common.ts';
import { type ORGANIZATION_TYPES, Role } from './roles.ts';
import { email, msg, newPassword, requiredText, z } from './zod.ts';

export const AccessToken = z.object({ access_token: z.string() });
export type AccessToken = z.infer<typeof AccessToken>;

/** A token for download links alone (`?token=`), short-lived: it never opens a call with the header. */
export const DownloadToken = z.object({ token: z.string(), expires_in: z.number().int() });
export type DownloadToken = z.infer<typeof DownloadToken>;

/** What a signed access token carries. */
export const TokenPayload = z.object({
  sub: z.string(),
  role: Role,
  org: z.number().int().nullable(),
  school: z.number().int().nullable(),
  tv: z.number().int(),
  /** The session (server's `sessions`) and its generation: a renewal, a sign-out end older tokens. */
  sid: z.string(),
  sg: z.number().int(),
});
export type TokenPayload = z.infer<typeof TokenPayload>;

export const LoginBody = z.object({
  email: requiredText(254),
  password: z.string({ error: msg.required }).min(1, { error: msg.required }).max(128),
});
export type LoginBody = z.infer<typeof LoginBody>;

const sixDigits = () =>
  z
    .string({ error: msg.required })
    .trim()
    .regex(/^\d{6}$/, { error: msg.code });

const withConfirmation = <T extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>>(s: T) =>
  s.refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: msg.passwordsDiffer,
  });

export const RegisterBody = withConfirmation(
  z.object({
    name: requiredText(255),
    organization: requiredText(255),
    email: email(),
    password: newPassword(),
    password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
  }),
);
export type RegisterBody = z.infer<typeof RegisterBody>;

export const EmailCodeBody = z.object({ email: email(), code: sixDigits() });
export type EmailCodeBody = z.infer<typeof EmailCodeBody>;

export const EmailBody = z.object({ email: email() });
export type EmailBody = z.infer<typeof EmailBody>;

export const RecoveryConfirmBody = withConfirmation(
  z.object({
    email: email(),
    code: sixDigits(),
    password: newPassword(),
    password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
  }),
);
export type RecoveryConfirmBody = z.infer<typeof RecoveryConfirmBody>;

/** How long the link that lets a new admin set their own password stays good. */
export const SETUP_LINK_DAYS = 7;

/** The page a new admin's invitation opens: the e-mail and the link's code in its query. */
export const SETUP_PATH = '/password/setup';

/**
 * A new admin sets their own password from the invitation's link (`email` and `code` from it):
 * the code is 32 random bytes (base64url), kept only as an HMAC, good SETUP_LINK_DAYS, once.
 */
export const SetupConfirmBody = withConfirmation(
  z.object({
    email: email(),
    code: z.string({ error: msg.required }).regex(/^[A-Za-z0-9_-]{43}$/, { error: msg.required }),
    password: newPassword(),
    password_confirmation: z.string({ error: msg.required }).min(1, { error: msg.required }),
  }),
);
export type SetupConfirmBody = z.infer<typeof SetupConfirmBody>;

/** Answer to a step that sends a code: when the next code may be asked for. */
export const CodeSent = z.object({ success: z.literal(true), resendAfterSeconds: z.number().int() });
export type CodeSent = z.infer<typeof CodeSent>;

export const SIGNUP_ORGANIZATION_TYPE = 'company' satisfies (typeof ORGANIZATION_TYPES)[number];

/** The Russian texts of sign-in and e-mailed codes, shared by the server's answers and the web. */
export const AUTH_MESSAGES = withKazakh(
  {
    organizationDisabled: 'Организация отключена. Обратитесь к администратору.',
    emailTaken: 'Этот e-mail уже зарегистрирован',
    codeWrong: 'Неверный код подтверждения',
    codeExpired: 'Код истёк, запросите новый',
    codeDead: 'Код больше не действует, запросите новый',
    codeResend: (seconds: number) => `Новый код можно запросить через ${seconds} с`,
    setupLinkDead:
      'Ссылка недействительна или устарела. Задайте пароль через «Забыли пароль?» на странице входа или попросите отправить приглашение снова',
  } as const,
  {
    organizationDisabled: 'Ұйым өшірілген. Әкімшіге хабарласыңыз.',
    emailTaken: 'Бұл e-mail бұрын тіркелген',
    codeWrong: 'Растау коды қате',
    codeExpired: 'Кодтың мерзімі өтті, жаңасын сұраңыз',
    codeDead: 'Код енді жарамсыз, жаңасын сұраңыз',
    codeResend: (seconds: number) => `Жаңа кодты ${seconds} с өткен соң сұрауға болады`,
    setupLinkDead:
      'Сілтеме жарамсыз немесе ескірген. Кіру бетіндегі «Құпиясөзді ұмыттыңыз ба?» арқылы құпиясөз орнатыңыз немесе шақыруды қайта жіберуді сұраңыз',
  },
);

const authEndpoint = endpointsOf('auth');

export const AUTH_ENDPOINTS = {
  login: authEndpoint('login', {
    body: LoginBody,
    answer: AccessToken,
    access: 'public',
    summary: 'Вход по e-mail и паролю',
  }),
  refresh: authEndpoint('refresh', {
    answer: AccessToken,
    access: 'authenticated',
    summary: 'Новый токен текущего пользователя',
  }),
  logout: authEndpoint('logout', {
    answer: Ok,
    access: 'authenticated',
    summary: 'Выход: сеанс завершается на сервере, его токены больше не действуют',
  }),
  downloadToken: authEndpoint('downloadToken', {
    answer: DownloadToken,
    access: 'authenticated',
    summary: 'Короткий токен для ссылок на скачивание (только ?token=, не заголовок)',
  }),
  register: authEndpoint('register', {
    body: RegisterBody,
    answer: CodeSent,
    access: 'public',
    summary: 'Регистрация, шаг 1: письмо с кодом',
  }),
  confirmRegister: authEndpoint('confirmRegister', {
    body: EmailCodeBody,
    answer: AccessToken,
    access: 'public',
    summary: 'Регистрация, шаг 2: код → новая организация и её администратор',
  }),
  recover: authEndpoint('recover', {
    body: EmailBody,
    answer: CodeSent,
    access: 'public',
    summary: 'Восстановление пароля, шаг 1: письмо с кодом',
  }),
  confirmSetup: authEndpoint('confirmSetup', {
    body: SetupConfirmBody,
    answer: AccessToken,
    access: 'public',
    summary: 'Приглашение нового администратора: пароль по ссылке из письма, затем вход',
  }),
  confirmRecovery: authEndpoint('confirmRecovery', {
    body: RecoveryConfirmBody,
    answer: AccessToken,
    access: 'public',
    summary: 'Восстановление пароля, шаг 2: код и новый пароль',
  }),
};
