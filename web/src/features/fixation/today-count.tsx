import { Tooltip, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { useTodayCount } from './api/today-count.ts';

const t = i18n.fixation.today;

/** «Сегодня: N из M» of the station's school or canteen; nothing until it is known. */
export function TodayCount({ kind, id }: { kind: 'school' | 'canteen'; id: number | undefined }) {
  const today = useTodayCount(kind, id);
  if (!today.data) return null;
  return (
    <Tooltip title={t.hint}>
      <Typography.Text data-testid="today-count" style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
        {t.label} <Typography.Text strong>{today.data.fed}</Typography.Text> {t.of} {today.data.total}
      </Typography.Text>
    </Tooltip>
  );
}
