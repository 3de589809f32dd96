import { inject } from 'vitest';
import type { ReceivedMail } from '../../tools/test-smtp.ts';

/** The mail the test run's SMTP server has received (it runs in the run's main process). */
export interface Mailbox {
  received(): Promise<ReceivedMail[]>;
}

export interface MailedServer {
  url: string;
  mailbox: Mailbox;
}

/**
 * The run's server that sends its mail to a real SMTP server (global-setup.ts), so the tests read
 * confirmation codes the way a person does. Other files use it too: a test makes its own accounts,
 * or uses a demo account no other file signs in with there.
 */
export function mailedServer(): MailedServer {
  const mailboxUrl = inject('mailboxUrl');
  return {
    url: inject('mailedUrl'),
    mailbox: {
      async received() {
        const res = await fetch(mailboxUrl);
        if (!res.ok) throw new Error(`the test mailbox answered ${res.status}`);
        return (await res.json()) as ReceivedMail[];
      },
    },
  };
}

/**
 * Call before the action that sends a mail: the returned function waits for the first mail to `to`
 * that arrives after this call (an earlier one, say the sign-up code, never answers for it).
 */
export function nextMailTo(mailbox: Mailbox, to: string, timeoutMs = 10_000): () => Promise<ReceivedMail> {
  const since = Date.now();
  return async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = (await mailbox.received()).find((m) => m.at >= since && m.to.includes(to));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no new mail to ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** The 6-digit confirmation code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no code in the mail «${mail.subject}»: ${mail.text}`);
  return code;
}

/** Any 6 digits except `code`: a code that is surely wrong. */
export const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

let accounts = 0;
/** An address no other test of this run uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++accounts}@example.kz`;

export interface Account {
  name: string;
  email: string;
  password: string;
}

async function call(url: string, method: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A new company Admin made through the public sign-up API (code read from the mail): the starting
 * point of tests about an account's own pages, which change it in ways no other test should see.
 */
export async function createAccount(server: MailedServer, prefix = 'user'): Promise<Account> {
  const account = { name: `Тестовый Пользователь ${++accounts}`, email: uniqueEmail(prefix), password: 'start-pass-1' };
  const mail = nextMailTo(server.mailbox, account.email);
  await call(`${server.url}/api/auth/register`, 'POST', {
    ...account,
    organization: 'ТОО «Проверка»',
    password_confirmation: account.password,
  });
  await call(`${server.url}/api/auth/register`, 'PUT', { email: account.email, code: codeIn(await mail()) });
  return account;
}
