import { CODE_TTL_MINUTES } from '@tamaq/contract/constants';
import { translate, withKazakh, type Language } from '@tamaq/contract/languages';
import type { Mail } from '../../platform/mail.ts';
import type { CodePurpose } from './codes.repository.ts';

const WHAT = withKazakh(
  {
    signup: {
      subject: 'Код подтверждения регистрации в Tamaq',
      lead: 'Код подтверждения регистрации в Tamaq',
      tail: 'Если вы не регистрировались в Tamaq, просто не отвечайте на это письмо.',
    },
    recovery: {
      subject: 'Восстановление пароля в Tamaq',
      lead: 'Код для восстановления пароля в Tamaq',
      tail: 'Если вы не просили сменить пароль, не сообщайте код никому: ваш пароль остаётся прежним.',
    },
    remove: {
      subject: 'Удаление аккаунта в Tamaq',
      lead: 'Код для удаления аккаунта в Tamaq',
      tail: 'Если вы не просили удалить аккаунт, не сообщайте код никому: аккаунт останется на месте.',
    },
    validity: (minutes: number) => `Код действует ${minutes} минут.`,
  } as const,
  {
    signup: {
      subject: 'Tamaq жүйесіне тіркелуді растау коды',
      lead: 'Tamaq жүйесіне тіркелуді растау коды',
      tail: 'Егер сіз Tamaq жүйесіне тіркелмеген болсаңыз, бұл хатқа жауап бермеңіз.',
    },
    recovery: {
      subject: 'Tamaq жүйесінде құпиясөзді қалпына келтіру',
      lead: 'Tamaq жүйесінде құпиясөзді қалпына келтіру коды',
      tail: 'Егер құпиясөзді өзгертуді сұрамаған болсаңыз, кодты ешкімге айтпаңыз: құпиясөзіңіз бұрынғыдай қалады.',
    },
    remove: {
      subject: 'Tamaq жүйесіндегі аккаунтты жою',
      lead: 'Tamaq жүйесіндегі аккаунтты жою коды',
      tail: 'Егер аккаунтты жоюды сұрамаған болсаңыз, кодты ешкімге айтпаңыз: аккаунт орнында қалады.',
    },
    validity: (minutes: number) => `Код ${minutes} минут бойы жарамды.`,
  },
);

/**
 * The mail that carries a confirmation code, in the language of the request that asked for it (the
 * person reading it is the one at the browser); `secret` keeps the code out of the sent-mail log.
 */
export function codeMail(
  purpose: Exclude<CodePurpose, 'setup'>,
  to: string,
  code: string,
  language: Language = 'ru',
): Mail {
  const say = (text: string) => translate(text, language);
  const w = WHAT[purpose];
  const [subject, lead, tail] = [say(w.subject), say(w.lead), say(w.tail)];
  const validity = say(WHAT.validity(CODE_TTL_MINUTES));
  return {
    to,
    subject,
    text: `${lead}: ${code}. ${validity}\n\n${tail}`,
    html:
      `<p>${lead}:</p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
      `<p>${validity}</p><p style="color:#888">${tail}</p>`,
    secret: true,
  };
}

const SETUP = withKazakh(
  {
    subject: (organization: string) => `Приглашение в Tamaq: администратор «${organization}»`,
    lead: (name: string, organization: string) =>
      `${name}, вы назначены администратором организации «${organization}» в Tamaq.`,
    action: 'Задайте свой пароль по ссылке',
    button: 'Задать пароль',
    validity: (days: number) => `Ссылка действует ${days} дней и один раз.`,
    tail: 'Если ссылка устарела, задайте пароль через «Забыли пароль?» на странице входа.',
  } as const,
  {
    subject: (organization: string) => `Tamaq жүйесіне шақыру: «${organization}» әкімшісі`,
    lead: (name: string, organization: string) =>
      `${name}, сіз Tamaq жүйесінде «${organization}» ұйымының әкімшісі болып тағайындалдыңыз.`,
    action: 'Құпиясөзіңізді сілтеме арқылы орнатыңыз',
    button: 'Құпиясөз орнату',
    validity: (days: number) => `Сілтеме ${days} күн және бір рет жарамды.`,
    tail: 'Сілтеме ескірсе, кіру бетіндегі «Құпиясөзді ұмыттыңыз ба?» арқылы құпиясөз орнатыңыз.',
  },
);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A new admin's invitation: the link to set their own password, in the language of the organization
 * (else of the super admin who made it). `secret`: once really sent, the outbox keeps no copy; with
 * no mail server it waits there, link and all, for the super admin to pass on.
 */
export function setupMail(
  opts: { to: string; name: string; organization: string; link: string; days: number },
  language: Language = 'ru',
): Mail {
  const say = (text: string) => translate(text, language);
  const lead = say(SETUP.lead(opts.name, opts.organization));
  const validity = say(SETUP.validity(opts.days));
  return {
    to: opts.to,
    subject: say(SETUP.subject(opts.organization)),
    text: `${lead}\n\n${say(SETUP.action)}: ${opts.link}\n${validity}\n\n${say(SETUP.tail)}`,
    html:
      `<p>${escapeHtml(lead)}</p>` +
      `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(say(SETUP.button))}</a></p>` +
      `<p>${escapeHtml(validity)}</p><p style="color:#888">${escapeHtml(say(SETUP.tail))}</p>`,
    secret: true,
  };
}
