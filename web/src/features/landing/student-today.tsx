import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { nameText } from '../../lib/names.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { useStudentToday } from './student-api.ts';
import { StudentMealRating } from './student-meal-rating.tsx';

const t = i18n.landing.children;

/**
 * A pupil's own today on their start page (docs/rules.md "Ratings"): each meal recorded with its time
 * and place, and the pupil's stars for it.
 */
export function StudentToday() {
  const today = useStudentToday();
  if (today.isError && !today.data)
    return (
      <Alert
        type="error"
        showIcon
        message={t.loadFailed}
        action={<Button onClick={() => void today.refetch()}>{t.retry}</Button>}
      />
    );
  if (!today.data)
    return (
      <Card>
        <Skeleton active aria-label={i18n.ui.loading} />
      </Card>
    );
  const me = today.data;
  return (
    <Card data-testid="student-today">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t.today(formatDate(me.today))}
      </Typography.Title>
      {me.meals_today.length === 0 ? (
        <Typography.Text type="secondary">{t.noMealsToday}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 20, fontSize: 16 }}>
          {me.meals_today.map((m) => (
            <li key={m.id} data-testid="student-meal">
              <Typography.Text strong>{formatVisitTime(m.at, me.time_zone).slice(11)}</Typography.Text> —{' '}
              {m.school ? nameText(m.school) : (m.canteen?.name ?? '')}
              <StudentMealRating meal={m} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
