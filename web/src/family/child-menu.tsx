import type { ChildMenuDay, ChildMenuDish } from '@tamaq/contract/family';
import { LoadFailed } from './load-failed.tsx';
import { ALLERGEN_NAMES } from '@tamaq/contract/allergens';
import type { ActivationType } from '@tamaq/contract/menu-activations';
import dayjs from 'dayjs';
import { useState } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { formatDate } from '../lib/dates.ts';
import { formatCost } from '../lib/money.ts';
import { nameText } from '../lib/names.ts';
import { Avatar, Button, Icon, Loading, Segmented, Tag, Text, Title } from '../ui/plain/plain.tsx';
import { useChildMenu } from './api/get-child-menu.ts';

const t = i18n.landing.children.menu;
const k = i18n.calendar;

const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const mondayOf = (date: string) => {
  const d = dayjs(date);
  return d.subtract((d.day() + 6) % 7, 'day');
};

function DishLine({ dish }: { dish: ChildMenuDish }) {
  const names = (codes: ChildMenuDish['allergens']) => codes.map((a) => ALLERGEN_NAMES[a]).join(', ');
  // Its allergens besides the ones the child must not have, which are said first and in red.
  const others = dish.allergens.filter((a) => !dish.restricted.includes(a));
  return (
    <li
      data-testid="child-dish"
      data-restricted={dish.restricted.length > 0 || undefined}
      style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }}
    >
      <Avatar square size={56} src={dish.image?.url} fallback={nameText(dish).slice(0, 1)} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ fontSize: 16 }}>{nameText(dish)}</div>
        <Text tone="secondary">{dish.output}</Text>
        {dish.restricted.length > 0 && (
          <div>
            <Tag color="red" icon={<Icon name="warning" />} style={{ whiteSpace: 'normal', marginTop: 2 }}>
              {t.restricted(names(dish.restricted))}
            </Tag>
          </div>
        )}
        {others.length > 0 && (
          <div>
            <Text tone="secondary" style={{ fontSize: 13 }}>
              {t.allergens(names(others))}
            </Text>
          </div>
        )}
      </div>
      {dish.cost !== null && (
        <Text strong style={{ whiteSpace: 'nowrap' }}>
          {formatCost(dish.cost)}
        </Text>
      )}
    </li>
  );
}

function MenuOfDay({ day, own }: { day: ChildMenuDay; own: ActivationType }) {
  const served = day.menus.filter((m) => m.modes.length > 0);
  const [chosen, setChosen] = useState<ActivationType | null>(null);
  if (day.kind !== 'working' && day.kind !== 'shortened') return <Text tone="secondary">{t.offDay}</Text>;
  if (served.length === 0) return <Text tone="secondary">{t.none}</Text>;
  // Both menus served: one at a time (a phone's screen), the child's own first.
  const shown = served.find((m) => m.type === (chosen ?? own)) ?? served[0]!;
  return (
    <div className="tq-stack" style={{ gap: 8 }}>
      {served.length > 1 && (
        <div>
          <Segmented<ActivationType>
            label={t.title}
            value={shown.type}
            onChange={setChosen}
            options={served.map((m) => ({ value: m.type, label: m.type === 'paid_food' ? t.paid : t.free }))}
          />
        </div>
      )}
      <div data-testid={`child-menu-${shown.type}`}>
        <Text strong>{shown.type === 'paid_food' ? t.paid : t.free}</Text>{' '}
        <Text tone="secondary">{t.dayOf(nameText(shown.menu), shown.day)}</Text>
        {shown.modes.map((mode) => (
          <div key={mode.mode} style={{ marginTop: 8 }}>
            <Text tone="secondary" style={{ textTransform: 'uppercase', fontSize: 12 }}>
              {nameText(mode)}
            </Text>
            <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
              {mode.dishes.map((d) => (
                <DishLine key={d.id} dish={d} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The child's school's menu (docs/rules.md "A parent's children"): a day at a time, today first, ‹ ›
 * to the days around it; the free or the paid menu (the child's own first: the free one for a social
 * wallet) by meal mode, each dish with its photo, portion and, on the paid menu, price.
 */
export function ChildMenu({ childId, today, own }: { childId: number; today: string; own: ActivationType }) {
  const [date, setDate] = useState(today);
  const monday = mondayOf(date);
  const menu = useChildMenu(childId, iso(monday), iso(monday.add(6, 'day')));
  const day = menu.data?.days.find((d) => d.date === date);
  const weekday = k.weekdaysShort[(dayjs(date).day() + 6) % 7]!;
  const move = (n: number) => setDate(iso(dayjs(date).add(n, 'day')));
  return (
    <section aria-label={t.title} data-testid="child-menu" style={{ marginTop: 16 }}>
      <div className="tq-row" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
        <Title level={4}>{t.title}</Title>
        <div className="tq-row">
          <Button size="small" icon={<Icon name="left" />} aria-label={t.previousDay} onClick={() => move(-1)} />
          <Text strong data-testid="child-menu-date">
            {weekday}, {formatDate(date)}
          </Text>
          <Button size="small" icon={<Icon name="right" />} aria-label={t.nextDay} onClick={() => move(1)} />
        </div>
      </div>
      {menu.isError && !menu.data ? (
        <LoadFailed message={t.loadFailed} retry={menu.refetch} />
      ) : !day ? (
        <Loading rows={3} label={i18n.ui.loading} />
      ) : (
        <MenuOfDay day={day} own={own} />
      )}
    </section>
  );
}
