import type { ChildMeal, ParentChild } from '@tamaq/contract/family';
import { useEffect } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { formatDate } from '../lib/dates.ts';
import { formatVisitTime } from '../lib/visit-time.ts';
import { registerServiceWorker, useKeptAnswers } from '../lib/kept-answers.ts';
import { useSession } from '../lib/use-session.ts';
import { nameText } from '../lib/names.ts';
import { Alert, Avatar, Button, Card, Icon, Loading, Text, Title } from '../ui/plain/plain.tsx';
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
        <Text strong>{timeOf(meal, timeZone)}</Text> — {what.filter(Boolean).join(' · ')}
      </span>
      <MealRating childId={childId} meal={meal} />
    </li>
  );
}

function ChildCard({ child }: { child: ParentChild }) {
  const where = [child.school && nameText(child.school), child.classroom && nameText(child.classroom)];
  return (
    <Card data-testid="child-card">
      <div className="tq-row" style={{ gap: 16, flexWrap: 'nowrap' }}>
        <Avatar size={64} src={child.image?.url} fallback={<Icon name="user" />} />
        <div style={{ minWidth: 0 }}>
          <Title level={3}>{child.name}</Title>
          <Text tone="secondary">{where.filter(Boolean).join(' · ')}</Text>
          {child.iin_masked && (
            <div>
              <Text tone="secondary">{t.iin(child.iin_masked)}</Text>
            </div>
          )}
        </div>
      </div>
      <Title level={4} style={{ margin: '16px 0 8px' }}>
        {t.today(formatDate(child.today))}
      </Title>
      {child.meals_today.length > 0 ? (
        <ul data-testid="child-meals" style={{ margin: 0, paddingLeft: 20, fontSize: 16 }}>
          {child.meals_today.map((m) => (
            <MealLine key={m.id} meal={m} timeZone={child.time_zone} childId={child.id} />
          ))}
        </ul>
      ) : (
        <Text tone="secondary" data-testid="child-no-meals">
          {t.noMealsToday}
        </Text>
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
        <Loading rows={3} label={i18n.ui.loading} />
      </Card>
    );
  if (children.isError && !children.data)
    return (
      <Alert
        type="error"
        message={t.loadFailed}
        action={<Button onClick={() => void children.refetch()}>{t.retry}</Button>}
      />
    );
  const rows = children.data.rows;
  // On a bad network the page keeps what it last read, and says when that was.
  // On the children's clock, as their meals are (a parent abroad reads the school's time).
  const updated = formatVisitTime(new Date(children.dataUpdatedAt).toISOString(), rows[0]?.time_zone).slice(11);
  return (
    <div className="tq-stack" style={{ gap: 16 }} data-testid="children-today">
      <div className="tq-row" style={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Title level={2}>{t.title}</Title>
        <Text tone={children.isError ? 'warning' : 'secondary'} data-testid="children-updated">
          {children.isError ? `${t.loadFailed}. ` : ''}
          {t.updated(updated)}
        </Text>
      </div>
      {rows.length === 0 ? (
        <Card>
          <p className="tq-secondary" style={{ textAlign: 'center', margin: '16px 0' }} data-testid="children-none">
            {t.none}
          </p>
        </Card>
      ) : (
        rows.map((child) => <ChildCard key={child.id} child={child} />)
      )}
      {rows.length > 0 && <NotificationSettings />}
      {rows.length > 0 && <PushDevicesCard />}
      {rows.length > 0 && <TelegramChatsCard />}
    </div>
  );
}
