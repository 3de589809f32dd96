import type { ReactNode } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { errorText } from '../lib/api-error.ts';
import { formatDate } from '../lib/dates.ts';
import { ConfirmButton, Icon, Text, toast } from '../ui/plain/plain.tsx';

/**
 * Where a parent's notices go by one channel (the devices with notices in the browser, the Telegram
 * chats): each with its name, a mark, since when, and a button that removes it after a question.
 */
export function ChannelTargets<T extends { id: number; created_at: string }>(props: {
  items: T[];
  testId: string;
  label: string;
  name: (item: T) => string;
  mark?: (item: T) => ReactNode;
  since: (date: string) => string;
  removeTitle: (name: string) => string;
  removeLabel: (name: string) => string;
  onRemove: (item: T) => Promise<unknown>;
}) {
  if (props.items.length === 0) return null;
  return (
    <ul className="tq-targets" aria-label={props.label}>
      {props.items.map((item) => (
        <li key={item.id} data-testid={props.testId}>
          <div className="tq-row" style={{ flex: 1, minWidth: 0 }}>
            <Text strong>{props.name(item)}</Text>
            {props.mark?.(item)}
            <Text tone="secondary">{props.since(formatDate(item.created_at))}</Text>
          </div>
          <ConfirmButton
            question={props.removeTitle(props.name(item))}
            label={props.removeLabel(props.name(item))}
            yes={i18n.ui.yes}
            no={i18n.ui.cancel}
            onConfirm={() => props.onRemove(item).catch((err: unknown) => toast('error', errorText(err)))}
          >
            <Icon name="close" />
          </ConfirmButton>
        </li>
      ))}
    </ul>
  );
}
