import { Flex, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';

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
    <List
      style={{ width: '100%' }}
      aria-label={props.label}
      dataSource={props.items}
      renderItem={(item) => (
        <List.Item
          data-testid={props.testId}
          actions={[
            <ConfirmDelete
              key="remove"
              title={props.removeTitle(props.name(item))}
              label={props.removeLabel(props.name(item))}
              onConfirm={() => props.onRemove(item)}
            />,
          ]}
        >
          <Flex gap={8} wrap align="center">
            <Typography.Text strong>{props.name(item)}</Typography.Text>
            {props.mark?.(item)}
            <Typography.Text type="secondary">{props.since(formatDate(item.created_at))}</Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
