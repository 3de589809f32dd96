import type { TelegramLink } from '@tamaq/contract/notifications';
import { LoadFailed } from './load-failed.tsx';
import { useEffect, useRef, useState } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { errorText } from '../lib/api-error.ts';
import { formatDateTime } from '../lib/dates.ts';
import { Alert, Button, Card, Loading, Text, toast } from '../ui/plain/plain.tsx';
import {
  useAfterTelegramTied,
  useLinkTelegram,
  useRemoveTelegram,
  useTelegramChats,
} from './api/child-notifications.ts';
import { ChannelTargets } from './channel-targets.tsx';

const t = i18n.landing.children.telegram;

/**
 * Notices in Telegram (docs/rules.md "Notifications"), where the operator set a bot: «Подключить
 * Telegram» gives a link to the bot; once the person presses «Старт» there, the chat shows here
 * (looked for every few seconds while the link is valid) and «в Telegram» is a channel under each
 * child. Nothing shows on a server without a bot.
 */
export function TelegramChatsCard() {
  const [link, setLink] = useState<TelegramLink | null>(null);
  const waiting = !!link;
  const chats = useTelegramChats(waiting);
  const linkTelegram = useLinkTelegram();
  const remove = useRemoveTelegram();
  const tied = useAfterTelegramTied();
  const seen = useRef<number | null>(null);
  const list = chats.data?.chats ?? [];

  // The link expired: the button again.
  useEffect(() => {
    if (!link) return;
    const timer = setTimeout(() => setLink(null), new Date(link.expires_at).getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [link]);

  // A chat more than when the link was given: tied.
  useEffect(() => {
    if (!chats.data) return;
    const n = chats.data.chats.length;
    if (seen.current !== null && n > seen.current && link) {
      setLink(null);
      toast('success', t.tied);
      void tied();
    }
    seen.current = n;
  }, [chats.data, link, tied]);

  if (chats.data && !chats.data.available) return null;

  const start = async () => {
    try {
      const made = await linkTelegram.mutateAsync();
      seen.current = list.length;
      // A link to tap rather than a window opened: after the answer a browser counts it a pop-up.
      setLink(made);
    } catch (err) {
      toast('error', errorText(err));
    }
  };

  return (
    <Card title={t.title} data-testid="telegram-chats">
      {chats.isError && !chats.data ? (
        <LoadFailed message={t.loadFailed} retry={chats.refetch} />
      ) : !chats.data ? (
        <Loading rows={1} label={i18n.ui.loading} />
      ) : (
        <div className="tq-stack" style={{ alignItems: 'flex-start' }}>
          <Text>{t.about(chats.data.bot)}</Text>
          {link ? (
            <Alert
              type="info"
              data-testid="telegram-link"
              message={t.press}
              description={
                <div className="tq-stack" style={{ gap: 8, alignItems: 'flex-start' }}>
                  <Button kind="primary" href={link.url} target="_blank" rel="noopener">
                    {t.open}
                  </Button>
                  <Text tone="secondary">{t.until(formatDateTime(link.expires_at))}</Text>
                </div>
              }
            />
          ) : (
            <Button kind="primary" loading={linkTelegram.isPending} onClick={() => void start()}>
              {list.length > 0 ? t.another : t.link}
            </Button>
          )}
          <ChannelTargets
            items={list}
            testId="telegram-chat"
            label={t.listLabel}
            name={(c) => c.name}
            since={t.since}
            removeTitle={t.removeQuestion}
            removeLabel={t.remove}
            onRemove={async (c) => {
              await remove.mutateAsync(c.id);
              toast('success', t.removed);
            }}
          />
        </div>
      )}
    </Card>
  );
}
