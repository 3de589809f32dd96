import type { NotificationChannel, NotificationChoice, NotificationEvent } from '@tamaq/contract/notifications';
import { LoadFailed } from './load-failed.tsx';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { errorText } from '../lib/api-error.ts';
import { Alert, Checkbox, Loading, Text, Title, toast } from '../ui/plain/plain.tsx';
import { SrOnly } from '../ui/sr-only.tsx';
import { useChildNotifications, useChooseNotifications } from './api/child-notifications.ts';
import './child-notifications.css';

const t = i18n.landing.children.notifications;

/**
 * What the parent is told of the child and how (docs/rules.md "Notifications"): one checkbox per event
 * sent and channel that reaches the parent, saved at once.
 */
export function ChildNotifications({ childId }: { childId: number }) {
  const notifications = useChildNotifications(childId);
  const choose = useChooseNotifications(childId);
  const n = notifications.data;
  const has = (event: NotificationEvent, channel: NotificationChannel) =>
    !!n?.choices.some((c) => c.event === event && c.channel === channel);
  const toggle = async (event: NotificationEvent, channel: NotificationChannel, on: boolean) => {
    if (!n) return;
    // What is shown is what is saved: a choice by a channel that no longer reaches the parent (the
    // last device removed) would be refused, and is not on the screen to keep.
    const others = n.choices.filter(
      (c) => n.channels.includes(c.channel) && !(c.event === event && c.channel === channel),
    );
    const choices: NotificationChoice[] = on ? [...others, { event, channel }] : others;
    try {
      await choose.mutateAsync({ choices });
      toast('success', on ? t.on : t.off);
    } catch (err) {
      toast('error', errorText(err));
    }
  };
  return (
    <section aria-label={t.title} data-testid="child-notifications" style={{ marginTop: 16 }}>
      <Title level={4} style={{ marginBottom: 8 }}>
        {t.title}
      </Title>
      {notifications.isError && !n ? (
        <LoadFailed message={t.loadFailed} retry={notifications.refetch} />
      ) : !n ? (
        <Loading rows={1} label={i18n.ui.loading} />
      ) : n.channels.length === 0 ? (
        <Alert type="info" message={t.noEmail} action={<a href="/profile">{t.profile}</a>} />
      ) : (
        <div className="tq-stack" style={{ gap: 6 }}>
          {n.channels.length === 1 ? (
            n.events.map((event) => (
              <Checkbox
                key={event}
                checked={has(event, n.channels[0]!)}
                disabled={choose.isPending}
                onChange={(on) => void toggle(event, n.channels[0]!, on)}
              >
                {t.choice(t.events[event], t.channels[n.channels[0]!])}
              </Checkbox>
            ))
          ) : (
            // An event a row, a channel a column: ten lines of «— письмом», «— на устройстве» read badly.
            <table className="tq-notification-grid">
              <thead>
                <tr>
                  <th scope="col">
                    <SrOnly>{t.event}</SrOnly>
                  </th>
                  {n.channels.map((channel) => (
                    <th key={channel} scope="col">
                      {t.channelHeads[channel]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {n.events.map((event) => (
                  <tr key={event}>
                    <th scope="row">{t.events[event]}</th>
                    {n.channels.map((channel) => (
                      <td key={channel}>
                        <Checkbox
                          aria-label={t.choice(t.events[event], t.channels[channel])}
                          checked={has(event, channel)}
                          disabled={choose.isPending}
                          onChange={(on) => void toggle(event, channel, on)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {n.email && <Text tone="secondary">{t.lead(n.email)}</Text>}
        </div>
      )}
    </section>
  );
}
