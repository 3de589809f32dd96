import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startTestPush } from '../../tools/test-push.ts';
import { startTestSmtp } from '../../tools/test-smtp.ts';
import { startTestTelegram } from '../../tools/test-telegram.ts';
import { startServer } from './server.ts';
import { E2E_WORKERS } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    /** The server that sends its mail (to `mailboxUrl`) and brands `localhost` as the second brand. */
    mailedUrl: string;
    /** What the mail server in this process has received, as JSON, for the test files to read. */
    mailboxUrl: string;
    /** A push service in this process (tools/test-push.ts), which every server may send to. */
    pushUrl: string;
    /** A stand-in of the Telegram Bot API in this process (tools/test-telegram.ts): every server's bot. */
    telegramUrl: string;
  }
}

/**
 * One server per worker: the test files of a worker run one after another against its own server (its own
 * database and demo data), as they would on a single one, and two workers never share a pupil's lunch.
 * Beside them one server that sends mail to a real SMTP server here (its outbox is not the
 * shared servers', whose mail waits for the super admin), for the files about sign-up, recovery,
 * invitations and an account's own pages, which each make their own accounts; and the brand's file.
 * One server for them all instead of one per file: each start took about 4.5 s of the suite.
 */
export default async function setup(project: TestProject) {
  const mailbox = await startTestSmtp();
  const reader = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mailbox.received));
  });
  await new Promise<void>((resolve) => reader.listen(0, '127.0.0.1', resolve));
  // The browsers' push services are out of reach here: the servers send to a local one instead.
  const push = await startTestPush();
  // And Telegram's: every server has a bot there.
  const telegram = await startTestTelegram();
  // Each server its own bot, as each deployment has: two servers reading one bot's messages would
  // each answer them.
  const env = (n: number) => ({
    PUSH_SERVICES: push.origin,
    TELEGRAM_BOT_TOKEN: telegram.tokenOf(n),
    TELEGRAM_API_URL: telegram.url,
  });
  const [mailed, ...servers] = await Promise.all([
    startServer({ ...env(0), SMTP_URL: mailbox.url, BRANDS: 'localhost=asxana' }),
    ...Array.from({ length: E2E_WORKERS }, (_, i) => startServer(env(i + 1))),
  ]);
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  project.provide('mailedUrl', mailed!.url);
  project.provide('mailboxUrl', `http://127.0.0.1:${(reader.address() as AddressInfo).port}`);
  project.provide('pushUrl', push.origin);
  project.provide('telegramUrl', telegram.url);
  return async () => {
    // What a server logged as an error (an answer 500 among them) is printed for whoever reads the
    // run: a browser test sees only the words on the screen.
    for (const s of [mailed!, ...servers]) {
      const errors = s
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      if (errors.length) console.error(`The server at ${s.url} logged errors:\n${errors.join('\n')}`);
    }
    await Promise.all([mailed!, ...servers].map((s) => s.stop()));
    await new Promise((resolve) => reader.close(resolve));
    await mailbox.close();
    await push.close();
    await telegram.close();
  };
}
