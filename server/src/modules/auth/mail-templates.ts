import { CODE_TTL_MINUTES } from '@tamaq/contract/constants';
import type { Mail } from '../../platform/mail.ts';
import type { CodePurpose } from './codes.repository.ts';

const WHAT: Record<CodePurpose, { subject: string; lead: string; tail: string }> = {
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
};

/** The mail that carries a confirmation code; `secret` keeps the code out of the sent-mail log. */
export function codeMail(purpose: CodePurpose, to: string, code: string): Mail {
  const w = WHAT[purpose];
  const validity = `Код действует ${CODE_TTL_MINUTES} минут.`;
  return {
    to,
    subject: w.subject,
    text: `${w.lead}: ${code}. ${validity}\n\n${w.tail}`,
    html:
      `<p>${w.lead}:</p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
      `<p>${validity}</p><p style="color:#888">${w.tail}</p>`,
    secret: true,
  };
}
