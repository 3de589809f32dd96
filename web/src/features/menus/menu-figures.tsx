import type { MenuFigures } from '@tamaq/contract/tech-cards';
import { NUTRIENT_NAMES } from '@tamaq/contract/nutrients';
import type { NormNutrient } from '@tamaq/contract/norms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Select, Skeleton, Space, Table, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate } from '../../lib/dates.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';
import { useTableAccess } from '../../ui/table-access.ts';
import { MEAL_MODES } from '@tamaq/contract/menus';
import { formatCost } from '../../lib/money.ts';
import { foodCategoryOptionsQuery } from '../../lib/options.ts';

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
    salt: 'Соль, г',
    sugars: 'Сахара, г',
    norm: 'Норма',
    deviation: 'Отклонение от нормы, г / %',
    normSet: (name: string, version: number, date: string, tolerance: string) =>
      `Нормы: ${name}, версия ${version} от ${date}; допуск ±${tolerance} %`,
    notKazakh: 'Это не утверждённая таблица Казахстана 2025 года',
    noSet: 'Нет набора норм: сравнение с нормой появится, когда у организации будет набор норм',
    chooseSet: 'Сравнить с нормами',
    within: 'в норме',
    off: 'вне нормы',
    unsure: 'не сверить: расчёт неполный',
    unsureDay:
      'Часть значений не сверить с нормой: у блюд нет технологических карт или у продуктов нет значений (отмечены «?»)',
    offTitle: 'Вне нормы',
    rulesTitle: 'Нарушены правила меню',
    allWithin: 'Все приёмы пищи дня в пределах нормы',
    reason: (where: string, group: string, items: string[]) => `${where}, ${group}: ${items.join('; ')}`,
    reasonItem: (what: string, value: string, norm: string, unit: string, deviation: string) =>
      `${what} ${value} ${unit} при норме ${norm} (${deviation})`,
    currency: 'тг.',
    cost: (parts: string) => `Стоимость дня по ценам продуктов: ${parts}`,
    tariff: (name: string, cost: string) => `Тариф «${name}»: ${cost} в день`,
    tariffMeals: (meals: string) => ` — оплачивает: ${meals}`,
    paid: (meals: string, parts: string) => `Из них ${meals}: ${parts}`,
    chooseTariff: 'Сравнить с тарифом',
    noTariff: 'Нет категории питания «Социальный кошелёк»: стоимость дня не с чем сравнить',
    overTariff: (name: string, groups: string) => `Дороже тарифа «${name}»: ${groups}`,
    costIncomplete: (what: string) => `Стоимость неполная: ${what}`,
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
    salt: 'Тұз, г',
    sugars: 'Қант, г',
    norm: 'Норма',
    deviation: 'Нормадан ауытқу, г / %',
    normSet: (name: string, version: number, date: string, tolerance: string) =>
      `Нормалар: ${name}, ${date} күнгі ${version}-нұсқа; рұқсат етілген ауытқу ±${tolerance} %`,
    notKazakh: 'Бұл Қазақстанның 2025 жылғы бекітілген кестесі емес',
    noSet: 'Нормалар жинағы жоқ: ұйымда нормалар жинағы болғанда нормамен салыстыру көрінеді',
    chooseSet: 'Нормалармен салыстыру',
    within: 'нормада',
    off: 'нормадан тыс',
    unsure: 'салыстыру мүмкін емес: есеп толық емес',
    unsureDay:
      'Кейбір мәндерді нормамен салыстыру мүмкін емес: тағамдардың технологиялық картасы немесе өнімдердің мәні жоқ («?» белгісімен)',
    offTitle: 'Нормадан тыс',
    rulesTitle: 'Мәзір ережелері бұзылған',
    allWithin: 'Күннің барлық тамақтануы норма шегінде',
    reason: (where: string, group: string, items: string[]) => `${where}, ${group}: ${items.join('; ')}`,
    reasonItem: (what: string, value: string, norm: string, unit: string, deviation: string) =>
      `${what} ${value} ${unit}, норма ${norm} (${deviation})`,
    currency: 'тг.',
    cost: (parts: string) => `Өнім бағасы бойынша күннің құны: ${parts}`,
    tariff: (name: string, cost: string) => `«${name}» тарифі: күніне ${cost}`,
    tariffMeals: (meals: string) => ` — төлейді: ${meals}`,
    paid: (meals: string, parts: string) => `Оның ішінде ${meals}: ${parts}`,
    chooseTariff: 'Тарифпен салыстыру',
    noTariff: '«Әлеуметтік әмиян» тамақтану санаты жоқ: күннің құнын салыстыратын ештеңе жоқ',
    overTariff: (name: string, groups: string) => `«${name}» тарифінен қымбат: ${groups}`,
    costIncomplete: (what: string) => `Құны толық емес: ${what}`,
  },
});

/** The figures shown against the norm, with their column's text key. */
export const SHOWN = [
  ['energyKcal', 'energy'],
  ['proteinG', 'protein'],
  ['fatG', 'fat'],
  ['carbohydrateG', 'carbohydrate'],
  ['saltG', 'salt'],
  ['sugarsG', 'sugars'],
] as const;

export const menuFiguresKey = (menuId: number) => ['menu-figures', menuId] as const;
export const normSetsKey = ['norm-sets'] as const;

const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);
export const number = (value: number) => value.toFixed(Math.abs(value) >= 100 ? 0 : 1).replace('.', ',');
const signed = (value: number) => (value > 0 ? `+${number(value)}` : value < 0 ? `−${number(-value)}` : '0');
export const deviationText = (c: Check) =>
  c.deviation_pct === null ? signed(c.deviation) : `${signed(c.deviation)} / ${signed(c.deviation_pct)} %`;
/** A nutrient's name and unit apart («белки», «г»): a reason says the unit after the figure. */
const nutrientWords = (n: NormNutrient) => {
  const [name = '', unit = ''] = (n === 'saltG' ? t.salt : NUTRIENT_NAMES[n]).split(', ');
  return { name: name.replace('Энергетическая ценность', 'Энергия').toLowerCase(), unit };
};

type GroupFigures = MenuFigures['average'][number];
type Check = GroupFigures['checks'][number];

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
  const [asked, setAsked] = useState<number | undefined>(undefined);
  const [tariffAsked, setTariffAsked] = useState<number | undefined>(undefined);
  // The table scrolls sideways on a narrow screen: the keyboard reaches it.
  const tableRef = useTableAccess<HTMLElement>(t.title);
  const figures = useQuery({
    queryKey: [...menuFiguresKey(menuId), asked ?? null, tariffAsked ?? null],
    queryFn: ({ signal }) =>
      callEndpoint(
        'tech-cards',
        'menu',
        {
          params: { id: menuId },
          query: {
            ...(asked === undefined ? {} : { norm_set_id: asked }),
            ...(tariffAsked === undefined ? {} : { food_category_id: tariffAsked }),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(foodCategoryOptionsQuery());
  const sets = useQuery({
    queryKey: normSetsKey,
    queryFn: ({ signal }) => callEndpoint('norms', 'list', {}, { signal }),
  });
  if (figures.isError)
    return <Alert type="error" showIcon title={t.loadFailed} description={errorText(figures.error)} />;
  if (!figures.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const data = figures.data;
  if (!data.age_groups.length) return <Typography.Paragraph type="secondary">{t.noAgeGroups}</Typography.Paragraph>;
  const ofDay = data.days.find((d) => d.day === day);
  const groupName = new Map(data.age_groups.map((g) => [g.id, nameText(g)]));
  const checkOf = (g: GroupFigures, n: string) => g.checks.find((c) => c.nutrient === n);
  type Cell = { node: ReactNode; within?: boolean | null };
  const row = (key: string, label: string, groups: GroupFigures[], cell: (g: GroupFigures, n: string) => Cell) => ({
    key,
    label,
    ...Object.fromEntries(groups.flatMap((g) => SHOWN.map(([n]) => [`${g.age_group_id}-${n}`, cell(g, n)]))),
  });
  const figureCell = (g: GroupFigures, n: (typeof SHOWN)[number][0]): Cell => {
    const check = checkOf(g, n);
    const value = <Value f={g.figures[n]} />;
    if (!check) return { node: value };
    return {
      node: (
        <span
          aria-label={`${number(g.figures[n].value)}, ${check.within === null ? t.unsure : check.within ? t.within : t.off}`}
        >
          {value} {check.within === null ? '?' : check.within ? '✓' : '✗'}
        </span>
      ),
      within: check.within,
    };
  };
  const normRows = (key: string, groups: GroupFigures[]) =>
    groups.some((g) => g.checks.length)
      ? [
          row(`${key}-norm`, t.norm, groups, (g, n) => {
            const c = checkOf(g, n);
            return { node: c ? number(c.norm) : '' };
          }),
          row(`${key}-deviation`, t.deviation, groups, (g, n) => {
            const c = checkOf(g, n);
            return { node: c ? deviationText(c) : '', ...(c ? { within: c.within } : {}) };
          }),
        ]
      : [];
  const block = (key: string, label: string, groups: GroupFigures[]) => [
    row(key, label, groups, (g, n) => figureCell(g, n as (typeof SHOWN)[number][0])),
    ...normRows(key, groups),
  ];
  const rows = [
    ...(ofDay?.meals.flatMap((m) => block(`m${m.group}`, modeName(m.group), m.figures)) ?? []),
    ...(ofDay ? block('day', t.day, ofDay.figures) : []),
    ...block('average', t.average, data.average),
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
        render: (c: Cell | undefined) => c?.node,
        onCell: (r: Record<string, unknown>) => {
          const within = (r[`${g.id}-${n}`] as Cell | undefined)?.within;
          return within === undefined || within === null ? {} : { className: within ? 'norm-within' : 'norm-off' };
        },
      })),
    })),
  ];
  // The day's meals and total outside the norm, in words: what the red cells mean.
  const reasons = ofDay
    ? [...ofDay.meals.map((m) => [modeName(m.group), m.figures] as const), [t.day, ofDay.figures] as const].flatMap(
        ([where, groups]) =>
          groups.flatMap((g) => {
            const off = g.checks.filter((c) => c.within === false);
            if (!off.length) return [];
            const items = off.map((c) => {
              const { name, unit } = nutrientWords(c.nutrient);
              return t.reasonItem(name, number(c.value), number(c.norm), unit, deviationText(c));
            });
            return [t.reason(where, groupName.get(g.age_group_id) ?? '', items)];
          }),
      )
    : [];
  // The day's broken rules, and those of the week (five school days) that holds it.
  const broken = data.violations
    .filter((v) => v.day === day || (v.day === null && v.week === Math.ceil(day / 5)))
    .map((v) => v.text);
  // Whether the set holds anything of the day (the 2019 lunch energies hold the lunch alone, not the day).
  const dayChecks = ofDay ? [...ofDay.meals.flatMap((m) => m.figures), ...ofDay.figures].flatMap((g) => g.checks) : [];
  const checked = dayChecks.length > 0;
  const unsure = dayChecks.some((c) => c.within === null);
  const without = data.without_card.map((d) => d.name);
  const set = data.norm_set;
  return (
    <section data-testid="menu-figures" style={{ marginTop: 16 }} ref={tableRef}>
      <style>{CSS}</style>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Space wrap align="center" style={{ marginBottom: 12 }} data-testid="menu-norm-set">
        {set ? (
          <Typography.Text>
            {t.normSet(
              nameText(set),
              set.version,
              formatDate(set.updated_at),
              set.tolerance_pct.replace(/\.?0+$/, '').replace('.', ','),
            )}
            {!set.kazakh_2025 && <Typography.Text type="secondary">{` — ${t.notKazakh}`}</Typography.Text>}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t.noSet}</Typography.Text>
        )}
        {(sets.data?.rows.length ?? 0) > 1 && (
          <Select
            aria-label={t.chooseSet}
            placeholder={t.chooseSet}
            style={{ minWidth: 280 }}
            value={set?.id}
            onChange={(id: number) => setAsked(id)}
            options={sets.data!.rows.map((r) => ({ value: r.id, label: nameText(r) }))}
          />
        )}
      </Space>
      <Table
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: true }}
        loading={figures.isFetching && figures.isPlaceholderData}
      />
      {ofDay && (
        <DayCost
          day={ofDay}
          tariff={data.tariff}
          groupName={groupName}
          categories={categories.data?.rows ?? []}
          onTariff={setTariffAsked}
        />
      )}
      {broken.length > 0 && <Faults title={t.rulesTitle} items={broken} testId="menu-rule-violations" />}
      {checked && reasons.length > 0 && <Faults title={t.offTitle} items={reasons} testId="norm-reasons" />}
      {checked && unsure && <Alert type="info" showIcon title={t.unsureDay} style={{ marginTop: 12 }} />}
      {checked && !reasons.length && !unsure && (
        <Alert type="success" showIcon title={t.allWithin} style={{ marginTop: 12 }} />
      )}
      {without.length > 0 && (
        <Alert type="warning" showIcon title={t.withoutCard(without.join(', '))} style={{ marginTop: 12 }} />
      )}
    </section>
  );
}

/**
 * The day's cost for each age group by the foods' prices, against a food category's daily cost
 * (docs/rules.md "A day's cost"): said in a line, in red when a group's is over; another category chosen.
 */
function DayCost({
  day,
  tariff,
  groupName,
  categories,
  onTariff,
}: {
  day: MenuFigures['days'][number];
  tariff: MenuFigures['tariff'];
  groupName: Map<number, string>;
  categories: { id: number; name: string; name_ru: string | null; name_kk: string | null; cost: string }[];
  onTariff: (id: number) => void;
}) {
  if (!day.meals.some((m) => m.dishes.length)) return null;
  const money = (v: string) => formatCost(v, t.currency);
  const parts = day.cost.map(
    (c) => `${groupName.get(c.age_group_id) ?? ''} — ${c.missing.length ? '≥ ' : ''}${money(c.cost)}`,
  );
  // The meals the tariff pays for (null: the whole day), lower case inside a sentence.
  const paidMeals = tariff?.meals ? tariff.meals.map((m) => modeName(m).toLowerCase()).join(', ') : null;
  const paidParts = day.cost.map((c) => `${groupName.get(c.age_group_id) ?? ''} — ${money(c.paid)}`);
  const over = day.cost.filter((c) => c.over === true);
  const lacking = [...new Set(day.cost.flatMap((c) => c.missing))];
  return (
    <div data-testid="menu-day-cost" style={{ marginTop: 12 }}>
      <Space wrap align="center">
        <Typography.Text>{t.cost(parts.join('; '))}</Typography.Text>
        {tariff && (
          <Typography.Text type="secondary">
            {t.tariff(nameText(tariff), money(tariff.cost))}
            {paidMeals && t.tariffMeals(paidMeals)}
          </Typography.Text>
        )}
        {categories.length > 1 && (
          <Select
            aria-label={t.chooseTariff}
            style={{ minWidth: 240 }}
            value={tariff?.id}
            onChange={onTariff}
            options={categories.map((c) => ({ value: c.id, label: `${nameText(c)} — ${money(c.cost)}` }))}
          />
        )}
      </Space>
      {paidMeals && (
        <Typography.Paragraph data-testid="menu-day-paid" style={{ margin: '4px 0 0' }}>
          {t.paid(paidMeals, paidParts.join('; '))}
        </Typography.Paragraph>
      )}
      {!tariff && <Typography.Paragraph type="secondary">{t.noTariff}</Typography.Paragraph>}
      {tariff && over.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="menu-day-over"
          title={t.overTariff(
            nameText(tariff),
            over
              .map((c) => {
                const by = (Number(c.paid) - Number(tariff.cost)).toFixed(2);
                return `${groupName.get(c.age_group_id) ?? ''}: ${money(c.paid)} (+${money(by)})`;
              })
              .join('; '),
          )}
        />
      )}
      {lacking.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t.costIncomplete(lacking.join('; '))}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** What is wrong with the day, a line each, in red. */
function Faults({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid={testId}>
          {items.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      }
      style={{ marginTop: 12 }}
    />
  );
}

/** Within the norm green, outside red: the ✓ and ✗ say the same to a reader who does not see colours. */
const CSS = `
.norm-within { background: #f6ffed !important; }
.norm-off { background: #fff1f0 !important; color: #a8071a; }
[data-testid='menu-figures'] td { white-space: nowrap; }
`;
