import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { serviceUnavailable } from './http/errors.ts';
import type { Db } from './db/client.ts';
import { mailOutbox } from './db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Carries a secret (a confirmation code): once really sent, the outbox keeps no copy of the text. */
  secret?: boolean;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** False without `SMTP_URL`: mail is kept in the outbox, nobody receives it. */
  readonly delivers: boolean;
}

/**
 * With `SMTP_URL` mail goes to that server. Without it (a school's first run, offline) it lands in
 * the `mail_outbox` table, which the super admin reads at /admin/outbox; the log says only that a
 * mail waits, to whom and about what (a log is copied and kept far more widely than the database).
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      delivers: true,
      async send({ secret, ...mail }) {
        try {
          await transport.sendMail({ from: opts.from, ...mail });
        } catch (err) {
          // The mail server is down or refuses: the person can do nothing but try later, so say so.
          opts.log.error({ to: mail.to, subject: mail.subject, error: (err as Error).message }, 'mail not sent');
          throw serviceUnavailable('Не удалось отправить письмо. Попробуйте ещё раз через несколько минут.');
        }
        const kept = secret ? { text: '[скрыто: письмо содержит код]', html: null } : { html: mail.html ?? null };
        await opts.db.insert(mailOutbox).values({ ...mail, ...kept, sent: true });
      },
    };
  }
  return {
    delivers: false,
    async send({ secret: _secret, ...mail }) {
      await opts.db.insert(mailOutbox).values({ ...mail, html: mail.html ?? null, sent: false });
      // Who and what about, never the text: it may hold a code or an invitation link. The super
      // admin reads it at /admin/outbox.
      opts.log.info({ to: mail.to, subject: mail.subject }, 'mail waits in the outbox (SMTP_URL is not set)');
    },
  };
}
