/** A refusal of the Bot API: its code, its words, and how long to wait when it says too many. */
export class TelegramError extends Error {
  constructor(
    readonly code: number,
    description: string,
    /** Seconds to wait (429 Too Many Requests). */
    readonly retryAfter: number | null,
  ) {
    super(`Telegram answered ${code}: ${description}`);
  }

  /** The person blocked the bot, deleted their account, or the chat is no more: nothing will go there. */
  get gone(): boolean {
    return this.code === 403 || (this.code === 400 && /chat not found|user is deactivated/i.test(this.message));
  }
}

/** A message a person wrote to the bot. */
export interface TelegramMessage {
  updateId: number;
  chatId: number;
  text: string;
  /** The person's name as Telegram has it. */
  name: string;
  /** Their app's language (`kk`, `ru`, …). */
  language: string | null;
}

export interface Telegram {
  /** The bot's username (for its `t.me` link), asked of the Bot API once. */
  username(): Promise<string>;
  /** What people wrote to the bot since `offset` (an update id), at once (no long wait). */
  updates(offset: number): Promise<{ messages: TelegramMessage[]; next: number }>;
  send(chatId: number, text: string): Promise<void>;
}

/** How long the Bot API may take to answer. */
const TIMEOUT_MS = 10_000;

interface Update {
  update_id: number;
  message?: {
    chat: { id: number; type: string; title?: string; first_name?: string; last_name?: string };
    from?: { first_name?: string; last_name?: string; language_code?: string };
    text?: string;
  };
}

/**
 * The Telegram Bot API over HTTPS (`apiUrl`: Telegram's, a local Bot API server, or a test's
 * stand-in). Updates are fetched rather than received by a webhook: a school's server is seldom
 * reachable from the internet.
 */
export function createTelegram(opts: { token: string; apiUrl: string }): Telegram {
  const call = async <T>(method: string, body: object): Promise<T> => {
    const res = await fetch(`${opts.apiUrl}/bot${opts.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await res.json().catch(() => null)) as {
      ok?: boolean;
      result?: T;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    } | null;
    if (!answer?.ok) {
      throw new TelegramError(
        answer?.error_code ?? res.status,
        answer?.description ?? res.statusText,
        answer?.parameters?.retry_after ?? null,
      );
    }
    return answer.result as T;
  };
  let name: Promise<string> | null = null;
  return {
    username() {
      name ??= call<{ username: string }>('getMe', {}).then(
        (me) => me.username,
        (err: unknown) => {
          name = null;
          throw err;
        },
      );
      return name;
    },
    async updates(offset) {
      const updates = await call<Update[]>('getUpdates', { offset, timeout: 0, allowed_updates: ['message'] });
      const messages: TelegramMessage[] = [];
      for (const u of updates) {
        const m = u.message;
        if (!m?.text) continue;
        const who = m.chat.type === 'private' ? m.chat : (m.from ?? {});
        const person = [who.first_name, who.last_name].filter(Boolean).join(' ');
        messages.push({
          updateId: u.update_id,
          chatId: m.chat.id,
          text: m.text,
          name: m.chat.title ?? (person || String(m.chat.id)),
          language: m.from?.language_code ?? null,
        });
      }
      const last = updates.at(-1);
      return { messages, next: last ? last.update_id + 1 : offset };
    },
    async send(chatId, text) {
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
  };
}
