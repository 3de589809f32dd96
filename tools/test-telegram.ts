import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message a bot sent, as the stand-in got it. */
export interface SentMessage {
  bot: string;
  chat_id: number;
  text: string;
  /** When it came (ms since the epoch). */
  at: number;
}

interface From {
  first_name: string;
  last_name?: string;
  language_code?: string;
}

const DEFAULT_TOKEN = '123456789:TEST-token-of-the-stand-in-bot-000';

/**
 * A stand-in of the Telegram Bot API on 127.0.0.1 (`TELEGRAM_API_URL`): `getMe`, `getUpdates` and
 * `sendMessage`, as Telegram answers them, for any number of bots (each server its own, as each
 * deployment has: two servers reading one bot's messages would each answer them). A bot is known by
 * its token (`tokenOf(n)`), its username `tamaq_test_bot` (the first) or `tamaq_test_<n>_bot`. A test
 * writes to a bot as a person would (`write`), reads what the bots sent (`sent`), and makes a chat
 * answer as Telegram does when the person blocked the bot (403) or when it sends too fast (429 with
 * `retry_after`).
 */
export async function startTestTelegram() {
  const bots = new Map<string, { updates: object[]; nextUpdate: number; offsets: number[] }>();
  const sent: SentMessage[] = [];
  const refusals = new Map<number, { code: number; description: string; retry_after?: number }>();
  const usernameOf = (token: string) => {
    const n = Number(token.split(':')[0]) - 123456789;
    return n === 0 ? 'tamaq_test_bot' : `tamaq_test_${n}_bot`;
  };
  const tokenOf = (n = 0) => (n === 0 ? DEFAULT_TOKEN : `${123456789 + n}:TEST-token-of-the-stand-in-bot-${n}`);
  const bot = (token: string) => {
    let b = bots.get(token);
    if (!b) bots.set(token, (b = { updates: [], nextUpdate: 1, offsets: [] }));
    return b;
  };
  /** A person writes `text` from their private chat to the bot with that username (the first by default). */
  function write(chatId: number, text: string, from: From, username = 'tamaq_test_bot') {
    const token = [...bots.keys(), DEFAULT_TOKEN].find((t) => usernameOf(t) === username) ?? DEFAULT_TOKEN;
    const b = bot(token);
    b.updates.push({
      update_id: b.nextUpdate++,
      message: {
        message_id: b.nextUpdate,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: from.first_name, last_name: from.last_name },
        from: { id: chatId, is_bot: false, ...from },
        text,
      },
    });
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      // For a test in another process (the browser tests): a person writes, and what the bots sent.
      if (req.url === '/control/write') {
        const w = JSON.parse(Buffer.concat(chunks).toString()) as {
          bot: string;
          chatId: number;
          text: string;
          from: From;
        };
        write(w.chatId, w.text, w.from, w.bot);
        return answer(200, { ok: true });
      }
      if (req.url === '/control/sent') return answer(200, sent);
      const match = /^\/bot(\d+:TEST-[\w-]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const [, token, method] = match as unknown as [string, string, string];
      const b = bot(token);
      const body = (chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {}) as Record<string, unknown>;
      switch (method) {
        case 'getMe':
          return answer(200, {
            ok: true,
            result: { id: Number(token.split(':')[0]), is_bot: true, username: usernameOf(token) },
          });
        case 'getUpdates': {
          const offset = Number(body.offset ?? 0);
          b.offsets.push(offset);
          return answer(200, {
            ok: true,
            result: b.updates.filter((u) => (u as { update_id: number }).update_id >= offset),
          });
        }
        case 'sendMessage': {
          const chat = Number(body.chat_id);
          const refusal = refusals.get(chat);
          if (refusal) {
            const { retry_after, ...rest } = refusal;
            return answer(refusal.code, {
              ok: false,
              error_code: rest.code,
              description: rest.description,
              ...(retry_after ? { parameters: { retry_after } } : {}),
            });
          }
          sent.push({ bot: usernameOf(token), chat_id: chat, text: String(body.text), at: Date.now() });
          return answer(200, { ok: true, result: { message_id: sent.length, chat: { id: chat } } });
        }
        default:
          return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** The first bot's token. */
    token: DEFAULT_TOKEN,
    tokenOf,
    sent,
    /** The offsets the first bot was asked updates from, in order. */
    get offsets() {
      return bot(DEFAULT_TOKEN).offsets;
    },
    write,
    /** The chat's next messages are refused so (null: taken again). */
    refuse(chatId: number, refusal: { code: number; description: string; retry_after?: number } | null) {
      if (refusal) refusals.set(chatId, refusal);
      else refusals.delete(chatId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
