import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useCurrentCategories } from './api/current-categories.ts';

const t = i18n.fixation;

/** The meal times active now (refreshed every 60 s): the cashier sees which meal a scan records. */
export function CurrentCategories() {
  const { data } = useCurrentCategories();
  if (!data) return null;
  return (
    <Flex gap={8} wrap align="center" data-testid="current-categories" aria-label={t.currentLabel}>
      <ClockCircleOutlined />
      {data.length === 0 ? (
        <Typography.Text type="warning">{t.currentNone}</Typography.Text>
      ) : (
        <>
          <Typography.Text>{t.current}:</Typography.Text>
          {data.map((c) => (
            <Tag key={c.id} color="green" style={{ fontSize: 16, padding: '2px 10px' }}>
              {c.name} {c.time_start}–{c.time_finish}
            </Tag>
          ))}
        </>
      )}
    </Flex>
  );
}
