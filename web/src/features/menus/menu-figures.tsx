import type { MenuFigures } from '@tamaq/contract/tech-cards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Table, Tooltip, Typography } from 'antd';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';
import { MEAL_MODES } from '@tamaq/contract/menus';

const t = bilingual({
  ru: {
    title: 'Пищевая ценность дня',
    hint: 'По технологическим картам на сегодня: порция каждой возрастной группы',
    meal: 'Приём пищи',
    day: 'Итого за день',
    average: 'Средний день цикла',
    energy: 'ккал',
    protein: 'Б, г',
    fat: 'Ж, г',
    carbohydrate: 'У, г',
    incomplete: (what: string) => `Неполный расчёт: ${what}`,
    withoutCard: (names: string) => `Без технологической карты: ${names}`,
    loadFailed: 'Не удалось рассчитать пищевую ценность',
    noAgeGroups: 'Добавьте возрастные группы и порции в картах блюд, чтобы увидеть расчёт',
  },
  kk: {
    title: 'Күннің тағамдық құндылығы',
    hint: 'Бүгінгі технологиялық карталар бойынша: әр жас тобының порциясы',
    meal: 'Тамақтану',
    day: 'Күн бойынша барлығы',
    average: 'Циклдің орташа күні',
    energy: 'ккал',
    protein: 'А, г',
    fat: 'М, г',
    carbohydrate: 'К, г',
    incomplete: (what: string) => `Есеп толық емес: ${what}`,
    withoutCard: (names: string) => `Технологиялық картасы жоқ: ${names}`,
    loadFailed: 'Тағамдық құндылығын есептеу мүмкін болмады',
    noAgeGroups: 'Есепті көру үшін жас топтарын және тағам карталарындағы порцияларды қосыңыз',
  },
});

const SHOWN = [
  ['energyKcal', 'energy'],
  ['proteinG', 'protein'],
  ['fatG', 'fat'],
  ['carbohydrateG', 'carbohydrate'],
] as const;

export const menuFiguresKey = (menuId: number) => ['menu-figures', menuId] as const;

const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);
const number = (value: number) => value.toFixed(value >= 100 ? 0 : 1).replace('.', ',');

type GroupFigures = MenuFigures['average'][number];

/** A figure with «≥» and a note when something it rests on has no value. */
function Value({ f }: { f: { value: number; missing: string[] } }) {
  if (!f.missing.length) return <>{number(f.value)}</>;
  const why = t.incomplete(f.missing.join('; '));
  return (
    <Tooltip title={why}>
      <span aria-label={`${number(f.value)}, ${why}`}>≥ {number(f.value)} ⚠</span>
    </Tooltip>
  );
}

/**
 * The shown day's figures by meal and in total, and the cycle's average day, for each age group
 * (docs/rules.md "The menu's figures"): energy, protein, fat and carbohydrate of the portions.
 */
export function MenuDayFigures({ menuId, day }: { menuId: number; day: number }) {
  const figures = useQuery({
    queryKey: menuFiguresKey(menuId),
    queryFn: ({ signal }) => callEndpoint('tech-cards', 'menu', { params: { id: menuId }, query: {} }, { signal }),
    placeholderData: keepPreviousData,
  });
  if (figures.isError)
    return <Alert type="error" showIcon title={t.loadFailed} description={errorText(figures.error)} />;
  if (!figures.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const data = figures.data;
  if (!data.age_groups.length) return <Typography.Paragraph type="secondary">{t.noAgeGroups}</Typography.Paragraph>;
  const ofDay = data.days.find((d) => d.day === day);
  const row = (key: string, label: string, groups: GroupFigures[]) => ({
    key,
    label,
    ...Object.fromEntries(
      groups.flatMap((g) => SHOWN.map(([n]) => [`${g.age_group_id}-${n}`, <Value key={n} f={g.figures[n]} />])),
    ),
  });
  const rows = [
    ...(ofDay?.meals.map((m) => row(`m${m.group}`, modeName(m.group), m.figures)) ?? []),
    ...(ofDay ? [row('day', t.day, ofDay.figures)] : []),
    row('average', t.average, data.average),
  ];
  const columns = [
    { key: 'label', title: t.meal, dataIndex: 'label', fixed: 'left' as const },
    ...data.age_groups.map((g) => ({
      key: `g${g.id}`,
      title: nameText(g),
      children: SHOWN.map(([n, label]) => ({
        key: `${g.id}-${n}`,
        title: t[label],
        dataIndex: `${g.id}-${n}`,
        align: 'right' as const,
      })),
    })),
  ];
  const without = data.without_card.map((d) => d.name);
  return (
    <section data-testid="menu-figures" style={{ marginTop: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Table size="small" bordered pagination={false} columns={columns} dataSource={rows} scroll={{ x: true }} />
      {without.length > 0 && (
        <Alert type="warning" showIcon title={t.withoutCard(without.join(', '))} style={{ marginTop: 12 }} />
      )}
    </section>
  );
}
