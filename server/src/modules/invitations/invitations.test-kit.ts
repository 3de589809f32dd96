import type { ReceivedMail } from '../../../../tools/test-smtp.ts';
import type { TestContext } from '../../../test/test-app.ts';

/** What the invitation tests share: the calls, each from an address of its own unless told. */
export function invitationCalls(t: TestContext) {
  let n = 0;
  const nextAddress = () => `10.9.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

  return {
    invite: (token: string, payload: object, headers: Record<string, string> = {}) =>
      t.call({ method: 'POST', url: '/api/users/parent/invitation', payload, token, headers }),

    lookup: (code: string) =>
      t.call({ method: 'GET', url: `/api/users/parent/invitation/${code}`, remoteAddress: nextAddress() }),

    confirm: (payload: object, remoteAddress = nextAddress()) =>
      t.call({ method: 'POST', url: '/api/users/parent/invitation/confirm', payload, remoteAddress }),

    /** Invites through the API and reads the code from the link in the mail, as a parent would. */
    async invited(token: string, email: string, pupilId: number): Promise<string> {
      const res = await t.call({
        method: 'POST',
        url: '/api/users/parent/invitation',
        payload: { email, user_id: pupilId },
        token,
      });
      if (res.statusCode !== 200) throw new Error(`invite: ${res.statusCode} ${res.body}`);
      return codeIn(await t.smtp.lastTo(email));
    },
  };
}

export const LINK = /(https?:\/\/[^\s/]+)\/parent\/invitation\/([A-Za-z0-9_-]{43})(?=\s|$)/;

export function codeIn(mail: ReceivedMail): string {
  const match = LINK.exec(mail.text);
  if (!match) throw new Error(`no invitation link in «${mail.subject}»: ${mail.text}`);
  return match[2]!;
}

export const NOT_FOUND = {
  error: 'Invitation not found',
  errorMessage:
    'Приглашение не найдено! Возможно, срок его действия истёк или оно уже использовано. Попросите отправить его повторно',
};
