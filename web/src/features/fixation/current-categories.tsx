import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useFixationCategoryOptions } from '../../lib/options.ts';
import { useCurrentCategories } from './api/current-categories.ts';

const t = i18n.fixation;

/**
 * The meal times active now (refreshed every 60 s): the cashier sees which meal a scan records. At a
 * school (`school`) only where the organization has meal times: without them a day is one meal. With
 * `schoolId`, that school's own and the common ones, each shift's named.
 */
export function CurrentCategories({ school = false, schoolId }: { school?: boolean; schoolId?: number }) {
  const { data } = useCurrentCategories(schoolId);
  const shifts = i18n.catalogs.mealTimes;
  // Only a school asks whether the organization has meal times: a canteen's cashier may not read them.
  const all = useFixationCategoryOptions(school);
  if (!data || (school && (!all.data || all.data.total === 0))) return null;
  return (
    <Flex gap={8} wrap align="center" data-testid="current-categories" aria-label={t.currentLabel}>
      <ClockCircleOutlined />
      {data.length === 0 ? (
        <Typography.Text type="warning">{school ? t.currentNoMeal : t.currentNone}</Typography.Text>
      ) : (
        <>
          <Typography.Text>{t.current}:</Typography.Text>
          {data.map((c) => (
            <Tag key={c.id} color="green" style={{ fontSize: 16, padding: '2px 10px' }}>
              {c.name} {c.time_start}–{c.time_finish}
              {c.shift !== null && ` · ${c.shift === 1 ? shifts.shift1 : shifts.shift2}`}
            </Tag>
          ))}
        </>
      )}
    </Flex>
  );
}
