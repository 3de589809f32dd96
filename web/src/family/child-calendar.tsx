import type { ChildDay, ChildDays, ChildDayStatus, ParentChild } from '@tamaq/contract/family';
import dayjs from 'dayjs';
import { LoadFailed } from './load-failed.tsx';
import { useState, type ReactNode } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { formatDate } from '../lib/dates.ts';
import { formatVisitTime } from '../lib/visit-time.ts';
import { nameText } from '../lib/names.ts';
import { Button, Icon, Loading, Segmented, Text, Title } from '../ui/plain/plain.tsx';
import { useChildDays } from './api/get-child-days.ts';

const t = i18n.landing.children.calendar;
const k = i18n.calendar;

type View = 'week' | 'month';

const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
/** Monday of the date's week. */
const mondayOf = (date: string) => {
  const d = dayjs(date);
  return d.subtract((d.day() + 6) % 7, 'day');
};
const periodOf = (view: View, anchor: string) => {
  if (view === 'week') {
    const monday = mondayOf(anchor);
    return { from: iso(monday), to: iso(monday.add(6, 'day')) };
  }
  const first = dayjs(anchor).startOf('month');
  return { from: iso(first), to: iso(first.endOf('month')) };
};

const ICONS: Record<ChildDayStatus, ReactNode> = {
  served: <Icon name="check" />,
  missed: <Icon name="close" />,
  absent: <Icon name="minus" />,
  expected: <Icon name="clock" />,
  off: null,
  not_entitled: null,
};

/**
 * The colours of a status: a light ground under the text's own colour, and the icon in the status's
 * colour. A day's mark is its icon and words too, never the colour alone.
 */
const TEXT = 'rgba(0, 0, 0, 0.88)';
const SECONDARY = 'rgba(0, 0, 0, 0.65)';
const COLORS: Record<ChildDayStatus, { background: string; color: string; icon: string }> = {
  served: { background: '#e8f5e0', color: TEXT, icon: '#237804' },
  missed: { background: '#fdeaea', color: TEXT, icon: '#cf1322' },
  absent: { background: '#fff3df', color: TEXT, icon: '#ad6800' },
  expected: { background: '#e8f0fc', color: TEXT, icon: '#0958d9' },
  off: { background: 'rgba(0, 0, 0, 0.02)', color: SECONDARY, icon: SECONDARY },
  not_entitled: { background: 'transparent', color: TEXT, icon: TEXT },
};
const useStatusColors = () => COLORS;

/** The week's days as a list (a phone reads it best): the date, what the day was, the meals' times. */
function WeekList({ data, selected, onSelect }: { data: ChildDays; selected: string; onSelect: (d: string) => void }) {
  const colors = useStatusColors();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="child-week">
      {data.days.map((d) => {
        const weekday = k.weekdaysShort[(dayjs(d.date).day() + 6) % 7]!;
        const times = d.meals.map((m) => formatVisitTime(m.at, data.time_zone).slice(11)).join(', ');
        return (
          <li key={d.date}>
            <button
              type="button"
              onClick={() => onSelect(d.date)}
              aria-pressed={d.date === selected}
              data-testid="child-day"
              data-status={d.status}
              style={{
                display: 'flex',
                width: '100%',
                gap: 12,
                alignItems: 'center',
                padding: '8px 10px',
                marginBottom: 4,
                border: d.date === selected ? '2px solid currentColor' : '2px solid transparent',
                borderRadius: 8,
                font: 'inherit',
                fontSize: 16,
                textAlign: 'left',
                cursor: 'pointer',
                background: colors[d.status].background,
                color: colors[d.status].color,
              }}
            >
              <span style={{ width: 92, flex: 'none', fontWeight: d.date === data.today ? 700 : 400 }}>
                {weekday}, {formatDate(d.date).slice(0, 5)}
              </span>
              <span aria-hidden style={{ width: 18, flex: 'none', color: colors[d.status].icon }}>
                {ICONS[d.status]}
              </span>
              <span style={{ minWidth: 0 }}>
                {t.statuses[d.status]}
                {times && ` · ${times}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The month as a grid of weeks from Monday: each day a button with its mark. */
function MonthGrid({ data, selected, onSelect }: { data: ChildDays; selected: string; onSelect: (d: string) => void }) {
  const colors = useStatusColors();
  const first = data.days[0]?.date;
  const blanks = first ? (dayjs(first).day() + 6) % 7 : 0;
  return (
    <div
      role="group"
      aria-label={t.month}
      data-testid="child-month"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}
    >
      {k.weekdaysShort.map((w) => (
        <div key={w} aria-hidden style={{ textAlign: 'center', fontSize: 13 }}>
          {w}
        </div>
      ))}
      {Array.from({ length: blanks }, (_, i) => (
        <div key={`blank-${i}`} />
      ))}
      {data.days.map((d) => (
        <button
          key={d.date}
          type="button"
          onClick={() => onSelect(d.date)}
          aria-pressed={d.date === selected}
          aria-label={t.dayLabel(formatDate(d.date), t.statuses[d.status])}
          data-testid="child-day"
          data-status={d.status}
          style={{
            minHeight: 44,
            padding: 2,
            border: d.date === selected ? '2px solid currentColor' : '2px solid transparent',
            borderRadius: 8,
            font: 'inherit',
            fontWeight: d.date === data.today ? 700 : 400,
            cursor: 'pointer',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            background: colors[d.status].background,
            color: colors[d.status].color,
          }}
        >
          <span>{Number(d.date.slice(8))}</span>
          <span aria-hidden style={{ fontSize: 12, minHeight: 12, color: colors[d.status].icon }}>
            {ICONS[d.status]}
          </span>
        </button>
      ))}
    </div>
  );
}

/** One day told in words: what it was, why, the meals with their times. */
function DayDetail({ day, data }: { day: ChildDay; data: ChildDays }) {
  const weekday = k.weekdaysShort[(dayjs(day.date).day() + 6) % 7]!;
  const served = day.meals.reduce((n, m) => n + m.count, 0);
  const kind = day.status === 'off' ? k.kinds[day.kind] : null;
  return (
    <div data-testid="child-day-detail" aria-live="polite" style={{ fontSize: 16 }}>
      <Text strong>
        {weekday}, {formatDate(day.date)}
      </Text>
      <div>
        {t.statuses[day.status]}
        {day.status === 'served' && day.due > 1 && ` (${t.ofDue(served, day.due)})`}
        {kind && ` — ${kind}`}
        {day.reason && `: ${nameText(day.reason)}`}
      </div>
      {day.status === 'served' && day.absent && <Text tone="secondary">{t.absentButAte}</Text>}
      {day.meals.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {day.meals.map((m) => (
            <li key={m.id}>
              <Text strong>{formatVisitTime(m.at, data.time_zone).slice(11)}</Text>
              {m.category ? ` — ${nameText(m.category)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the child's food category gives: the social wallet's dates, or the category, and its meals. */
function Entitlement({ data }: { data: ChildDays }) {
  const e = data.entitlement;
  // The wallet's end is the first day without it: its last day is the one before.
  const last = e.until ? formatDate(iso(dayjs(e.until).subtract(1, 'day'))) : null;
  const what = !e.food_category
    ? t.noCategory
    : e.type === 'sw'
      ? `${t.socialWallet(e.from ? formatDate(e.from) : null, last)} · ${nameText(e.food_category)}`
      : t.category(nameText(e.food_category));
  const meals = e.meals.map((m) => `${m.name} ${m.time_start}`).join(', ');
  return (
    <p className="tq-secondary" style={{ margin: 0 }} data-testid="child-entitlement">
      {what}
      {meals && (
        <>
          <br />
          {t.meals(meals)}
        </>
      )}
    </p>
  );
}

/**
 * A child's week or month (docs/rules.md "A parent's children"): each day eaten, missed, away, off or
 * ahead, the chosen day in words, and what the child is entitled to.
 */
export function ChildCalendar({ child }: { child: ParentChild }) {
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(child.today);
  const [selected, setSelected] = useState(child.today);
  const { from, to } = periodOf(view, anchor);
  const days = useChildDays(child.id, from, to, child.today);
  const data = days.data;
  const move = (n: number) => {
    const next = iso(dayjs(anchor).add(n, view));
    setAnchor(next);
    setSelected(periodOf(view, next).from);
  };
  const title =
    view === 'month'
      ? `${k.months[dayjs(from).month()]} ${dayjs(from).year()}`
      : `${formatDate(from).slice(0, 5)} – ${formatDate(to)}`;
  const day = data?.days.find((d) => d.date === selected) ?? data?.days[0];
  const count = (s: ChildDayStatus) => data?.days.filter((d) => d.status === s).length ?? 0;
  return (
    <section aria-label={t.title} data-testid="child-calendar" style={{ marginTop: 16 }}>
      <div className="tq-row" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
        <Title level={4}>{t.title}</Title>
        <Segmented<View>
          label={t.title}
          value={view}
          onChange={(v) => {
            setView(v);
            setSelected(anchor);
          }}
          options={[
            { value: 'week', label: t.week },
            { value: 'month', label: t.month },
          ]}
        />
      </div>
      <div className="tq-row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap', marginBottom: 8 }}>
        <Button
          icon={<Icon name="left" />}
          aria-label={view === 'week' ? t.previousWeek : t.previousMonth}
          onClick={() => move(-1)}
        />
        <Text strong data-testid="child-period">
          {title}
        </Text>
        <div className="tq-row" style={{ flexWrap: 'nowrap' }}>
          {(child.today < from || child.today > to) && (
            <Button
              onClick={() => {
                setAnchor(child.today);
                setSelected(child.today);
              }}
            >
              {t.today}
            </Button>
          )}
          <Button
            icon={<Icon name="right" />}
            aria-label={view === 'week' ? t.nextWeek : t.nextMonth}
            onClick={() => move(1)}
          />
        </div>
      </div>
      {days.isError && !data ? (
        <LoadFailed message={t.loadFailed} retry={days.refetch} />
      ) : !data ? (
        <Loading rows={3} label={i18n.ui.loading} />
      ) : (
        <div className="tq-stack" style={{ opacity: days.isPlaceholderData ? 0.6 : 1 }}>
          {view === 'week' ? (
            <WeekList data={data} selected={selected} onSelect={setSelected} />
          ) : (
            <MonthGrid data={data} selected={selected} onSelect={setSelected} />
          )}
          {day && !days.isPlaceholderData && <DayDetail day={day} data={data} />}
          <Text data-testid="child-summary">{t.summary(count('served'), count('missed'), count('absent'))}</Text>
          <Entitlement data={data} />
        </div>
      )}
    </section>
  );
}
