import { UserOutlined } from '@ant-design/icons';
import type { ChildMeal, ParentChild } from '@tamaq/contract/family';
import { Alert, Avatar, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { registerServiceWorker, useKeptAnswers } from '../../lib/kept-answers.ts';
import { useSession } from '../../lib/use-session.ts';
import { nameText } from '../../ui/content-name.tsx';
import { useChildren } from './api/get-children.ts';
import { ChildBooks } from './child-books.tsx';
import { ChildCalendar } from './child-calendar.tsx';
import { ChildMenu } from './child-menu.tsx';
import { MealRating } from './meal-rating.tsx';
import { ChildRecord } from './child-record.tsx';
import { ChildRestrictions } from './child-restrictions.tsx';
import { ChildNotifications } from './child-notifications.tsx';
import { NotificationSettings } from './notification-settings.tsx';
import { PushDevicesCard } from './push-devices.tsx';
import { TelegramChatsCard } from './telegram-chats.tsx';

const t = i18n.landing.children;

/** «12:05» of a meal, on the clock of the child's organization. */
const timeOf = (meal: ChildMeal, timeZone: string) => formatVisitTime(meal.at, timeZone).slice(11);

function MealLine({ meal, timeZone, childId }: { meal: ChildMeal; timeZone: string; childId: number }) {
  const place = meal.school ? nameText(meal.school) : (meal.canteen?.name ?? '');
  const what = [place, meal.category ? nameText(meal.category) : null, meal.count > 1 ? t.portions(meal.count) : null];
  return (
    <li>
      <span data-testid="meal-line">
        <Typography.Text strong>{timeOf(meal, timeZone)}</Typography.Text> — {what.filter(Boolean).join(' · ')}
      </span>
      <MealRating childId={childId} meal={meal} />
    </li>
  );
}

function ChildCard({ child }: { child: ParentChild }) {
  const where = [child.school && nameText(child.school), child.classroom && nameText(child.classroom)];
  return (
    <Card data-testid="child-card">
      <Flex gap={16} align="center" wrap>
        <Avatar size={64} src={child.image?.url} icon={<UserOutlined />} alt="" />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {child.name}
          </Typography.Title>
          <Typography.Text type="secondary">{where.filter(Boolean).join(' · ')}</Typography.Text>
          {child.iin_masked && (
            <div>
              <Typography.Text type="secondary">{t.iin(child.iin_masked)}</Typography.Text>
            </div>
          )}
        </div>
      </Flex>
      <Typography.Title level={4} style={{ marginBottom: 8 }}>
        {t.today(formatDate(child.today))}
      </Typography.Title>
      {child.meals_today.length > 0 ? (
        <ul data-testid="child-meals" style={{ margin: 0, paddingLeft: 20, fontSize: 16 }}>
          {child.meals_today.map((m) => (
            <MealLine key={m.id} meal={m} timeZone={child.time_zone} childId={child.id} />
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary" data-testid="child-no-meals">
          {t.noMealsToday}
        </Typography.Text>
      )}
      <ChildRestrictions childId={child.id} timeZone={child.time_zone} />
      <ChildNotifications childId={child.id} />
      <ChildMenu
        childId={child.id}
        today={child.today}
        own={child.food_category?.type === 'sw' ? 'free_food' : 'paid_food'}
      />
      <ChildCalendar child={child} />
      <ChildBooks childId={child.id} timeZone={child.time_zone} />
      <ChildRecord childId={child.id} />
    </Card>
  );
}

/** The start page's lists kept for a page opened offline; not the settings, whose forms start from them. */
const KEPT = ['children', 'days', 'menu', 'books', 'record', 'restrictions'];

/**
 * The parent's children at the top of their start page: who, where, and each meal recorded today
 * with its time (docs/rules.md "A parent's children"), read again every 30 s while the page is open.
 */
export function ChildrenToday() {
  // Opened without a network, the page shows what it last loaded, and when (docs/rules.md "Offline").
  useKeptAnswers(useSession()?.sub ?? null, 'family', KEPT);
  useEffect(registerServiceWorker, []);
  const children = useChildren();
  if (children.isPending)
    return (
      <Card>
        <Skeleton active avatar aria-label={i18n.ui.loading} />
      </Card>
    );
  if (children.isError && !children.data)
    return (
      <Alert
        type="error"
        showIcon
        message={t.loadFailed}
        action={<Button onClick={() => void children.refetch()}>{t.retry}</Button>}
      />
    );
  const rows = children.data.rows;
  // On a bad network the page keeps what it last read, and says when that was.
  // On the children's clock, as their meals are (a parent abroad reads the school's time).
  const updated = formatVisitTime(new Date(children.dataUpdatedAt).toISOString(), rows[0]?.time_zone).slice(11);
  return (
    <Flex vertical gap={16} data-testid="children-today">
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t.title}
        </Typography.Title>
        <Typography.Text type={children.isError ? 'warning' : 'secondary'} data-testid="children-updated">
          {children.isError ? `${t.loadFailed}. ` : ''}
          {t.updated(updated)}
        </Typography.Text>
      </Flex>
      {rows.length === 0 ? (
        <Card>
          <Empty description={t.none} />
        </Card>
      ) : (
        rows.map((child) => <ChildCard key={child.id} child={child} />)
      )}
      {rows.length > 0 && <NotificationSettings />}
      {rows.length > 0 && <PushDevicesCard />}
      {rows.length > 0 && <TelegramChatsCard />}
    </Flex>
  );
}
