import nodemailer, { type Transporter } from 'nodemailer';
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
  /**
   * False: once really sent, the outbox keeps no copy at all (a notice to a parent, whose delivery row
   * is its record). Without a mail server it is kept all the same: that is the only place it exists.
   */
  record?: boolean;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Many letters at once (the notices to parents): sent over a few kept-open connections to the mail
   * server instead of one connection each — twenty times the letters a second. Close it when done.
   */
  batch(): { send(mail: Mail): Promise<void>; close(): void };
  /** False without `SMTP_URL`: mail is kept in the outbox, nobody receives it. */
  readonly delivers: boolean;
}

/**
 * With `SMTP_URL` mail goes to that server. Without it (a school's first run, offline) it lands in
 * the `mail_outbox` table, which the super admin reads at /admin/outbox; the log says only that a
 * mail waits, to whom and about what (a log is copied and kept far more widely than the database).
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const smtpUrl = opts.smtpUrl;
  if (smtpUrl) {
    const sender =
      (transport: Transporter) =>
      async ({ secret, record = true, ...mail }: Mail) => {
        try {
          await transport.sendMail({ from: opts.from, ...mail });
        } catch (err) {
          // The mail server is down or refuses: the person can do nothing but try later, so say so.
          opts.log.error({ to: mail.to, subject: mail.subject, error: (err as Error).message }, 'mail not sent');
          throw serviceUnavailable('Не удалось отправить письмо. Попробуйте ещё раз через несколько минут.');
        }
        if (!record) return;
        const kept = secret ? { text: '[скрыто: письмо содержит код]', html: null } : { html: mail.html ?? null };
        await opts.db.insert(mailOutbox).values({ ...mail, ...kept, sent: true });
      };
    return {
      delivers: true,
      send: sender(nodemailer.createTransport(smtpUrl)),
      batch() {
        const pooled = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 });
        return { send: sender(pooled), close: () => pooled.close() };
      },
    };
  }
  const keep = async ({ secret: _secret, record: _record, ...mail }: Mail) => {
    await opts.db.insert(mailOutbox).values({ ...mail, html: mail.html ?? null, sent: false });
    // Who and what about, never the text: it may hold a code or an invitation link. The super
    // admin reads it at /admin/outbox.
    opts.log.info({ to: mail.to, subject: mail.subject }, 'mail waits in the outbox (SMTP_URL is not set)');
  };
  return { delivers: false, send: keep, batch: () => ({ send: keep, close: () => {} }) };
}
