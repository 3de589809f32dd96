import { PrinterOutlined } from '@ant-design/icons';
import { MEAL_MODES } from '@tamaq/contract/menus';
import type { MenuLayout } from '@tamaq/contract/tech-cards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, DatePicker, Flex, Select, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Fragment } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { bilingual } from '../../i18n/bilingual.ts';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate, fromApiDate, toApiDate } from '../../lib/dates.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { nameText } from '../../ui/content-name.tsx';
import { IntegerInput } from '../../ui/integer-input.tsx';
import { PrintOnly } from '../../ui/print-only.tsx';
import { menusResource } from './menus-resource.ts';

const t = bilingual({
  ru: {
    title: 'Меню-раскладка',
    hint: 'Продукты каждого блюда дня на одну порцию каждой возрастной группы и на все порции, брутто: сколько выдать со склада. Введите число порций; лист выйдет на A4 (альбомная ориентация).',
    print: 'Печать',
    day: 'День меню',
    dayOf: (n: number) => `День ${n}`,
    date: 'Дата',
    portions: (group: string) => `Порций: ${group}`,
    heading: (date: string) => `Меню-раскладка на ${date}`,
    sub: (menu: string, day: number) => `Меню «${menu}», день ${day}`,
    food: 'Продукт',
    perPortion: 'На 1 порцию, г',
    total: 'Всего, кг',
    grand: 'Итого, кг',
    count: (n: number) => `порций: ${n}`,
    noCard: 'нет технологической карты',
    noDishes: 'В этом дне меню нет блюд',
    gross: 'Масса брутто по технологическим картам, действующим на дату.',
    columnsSay: 'Под каждым блюдом: граммы на 1 порцию каждой возрастной группы и килограммы на все порции.',
    signatures: ['Составил(а)', 'Заведующий производством', 'Кладовщик', 'Директор'],
    loadFailed: 'Не удалось составить раскладку',
    badCount: 'Число порций — целое от 0 до 100 000',
  },
  kk: {
    title: 'Мәзір-жайма',
    hint: 'Күннің әр тағамының өнімдері әр жас тобының бір порциясына және барлық порцияға, брутто: қоймадан қанша беру керек. Порция санын енгізіңіз; парақ A4 (альбомдық бағдар) шығады.',
    print: 'Басып шығару',
    day: 'Мәзір күні',
    dayOf: (n: number) => `${n}-күн`,
    date: 'Күні',
    portions: (group: string) => `Порция: ${group}`,
    heading: (date: string) => `${date} күнгі мәзір-жайма`,
    sub: (menu: string, day: number) => `«${menu}» мәзірі, ${day}-күн`,
    food: 'Өнім',
    perPortion: '1 порцияға, г',
    total: 'Барлығы, кг',
    grand: 'Жиыны, кг',
    count: (n: number) => `порция: ${n}`,
    noCard: 'технологиялық карта жоқ',
    noDishes: 'Мәзірдің бұл күнінде тағамдар жоқ',
    gross: 'Күнге қолданыстағы технологиялық карталар бойынша брутто салмағы.',
    columnsSay: 'Әр тағамның астында: әр жас тобының 1 порциясына грамм және барлық порцияға килограмм.',
    signatures: ['Құрастырған', 'Өндіріс меңгерушісі', 'Қоймашы', 'Директор'],
    loadFailed: 'Жайманы құру мүмкін болмады',
    badCount: 'Порция саны — 0-ден 100 000-ға дейінгі бүтін сан',
  },
});

const PORTIONS_MAX = 100_000;
const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);
/** Grams to a tenth; under a gram to a hundredth, so that a pinch of salt is not printed as 0. */
const grams = (n: number) => (Math.round(n * (n < 1 ? 100 : 10)) / (n < 1 ? 100 : 10)).toString().replace('.', ',');
const kilos = (g: number) => (g / 1000).toFixed(3).replace('.', ',');

type Dish = MenuLayout['meals'][number]['dishes'][number];

/** Each food's gross grams in one portion of the dish for the group, or null: no card or no portion. */
function perPortion(dish: Dish, groupId: number): Map<number, number> | null {
  const portion = dish.portions.find((p) => p.age_group_id === groupId);
  if (!dish.yield_g || !portion) return null;
  const out = new Map<number, number>();
  for (const line of dish.lines)
    out.set(line.food_id, (out.get(line.food_id) ?? 0) + (line.gross_g * portion.portion_g) / dish.yield_g);
  return out;
}

/**
 * The day's foods × dishes: each cell the food's gross grams in one portion of each age group and in
 * all the portions counted, and each food's total over the day (docs/rules.md "The kitchen's layout").
 */
export function layoutTable(layout: MenuLayout, counts: Map<number, number>) {
  const dishes = layout.meals.flatMap((m) => m.dishes.map((d) => ({ meal: m.group, dish: d })));
  const foods = new Map<number, string>();
  for (const { dish } of dishes) for (const l of dish.lines) if (!foods.has(l.food_id)) foods.set(l.food_id, l.food);
  const cells = dishes.map(({ dish }) => {
    const byGroup = layout.age_groups.map((g) => ({ group: g.id, grams: perPortion(dish, g.id) }));
    const total = new Map<number, number>();
    for (const { group, grams: of } of byGroup)
      for (const [food, g] of of ?? []) total.set(food, (total.get(food) ?? 0) + g * (counts.get(group) ?? 0));
    return { byGroup, total };
  });
  const rows = [...foods].map(([id, name]) => ({
    id,
    name,
    cells: cells.map((c) => ({
      perPortion: c.byGroup.map((b) => (b.grams?.has(id) ? b.grams.get(id)! : null)),
      total: c.total.get(id) ?? null,
    })),
    grand: cells.reduce((sum, c) => sum + (c.total.get(id) ?? 0), 0),
  }));
  return { dishes, rows };
}

// A4 landscape, small type: a day of eight dishes and thirty foods fits a page.
const LAYOUT_CSS = `
  .tamaq-layout { font: 7.5pt/1.2 Arial, sans-serif; }
  .tamaq-layout h1 { font-size: 13pt; margin: 0 0 1mm; text-align: center; }
  .tamaq-layout p { margin: 0 0 1.5mm; text-align: center; }
  .tamaq-layout table { border-collapse: collapse; width: 100%; }
  .tamaq-layout th, .tamaq-layout td { border: 1px solid #000; padding: 0.5mm 1mm; vertical-align: top; }
  .tamaq-layout th { font-weight: bold; text-align: center; }
  .tamaq-layout td.n { text-align: right; white-space: nowrap; }
  .tamaq-layout td.grand { font-weight: bold; }
  .tamaq-layout .note { font-weight: normal; font-style: italic; }
  .tamaq-layout .left { text-align: left; }
  .tamaq-layout .signs { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm 15mm; margin-top: 6mm; }
  .tamaq-layout .sign { display: flex; gap: 3mm; }
  .tamaq-layout .sign span:last-child { flex: 1; border-bottom: 1px solid #000; }`;

function Sheet({ layout, menu, counts }: { layout: MenuLayout; menu: string; counts: Map<number, number> }) {
  const { dishes, rows } = layoutTable(layout, counts);
  const groups = layout.age_groups;
  const countText = groups.map((g) => `${nameText(g)}: ${counts.get(g.id) ?? 0}`).join(', ');
  return (
    <div className="tamaq-layout">
      <h1>{t.heading(formatDate(layout.date))}</h1>
      <p>
        {t.sub(menu, layout.day)}; {t.count(groups.reduce((n, g) => n + (counts.get(g.id) ?? 0), 0))} ({countText})
      </p>
      <table data-testid="layout-table">
        <thead>
          <tr>
            <th rowSpan={3}>{t.food}</th>
            {layout.meals
              .filter((m) => m.dishes.length)
              .map((m) => (
                <th key={m.group} colSpan={m.dishes.length * (groups.length + 1)}>
                  {modeName(m.group)}
                </th>
              ))}
            <th rowSpan={3}>{t.grand}</th>
          </tr>
          <tr>
            {dishes.map(({ dish }) => (
              <th key={dish.id} colSpan={groups.length + 1}>
                {dish.name}
                {!dish.card && <div className="note">{t.noCard}</div>}
              </th>
            ))}
          </tr>
          <tr>
            {dishes.map(({ dish }) => (
              <Fragment key={dish.id}>
                {groups.map((g) => (
                  <th key={g.id} title={t.perPortion}>
                    {nameText(g)}
                  </th>
                ))}
                <th>{t.total}</th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="layout-food">
              <td className="left">{r.name}</td>
              {r.cells.map((c, i) => (
                <Fragment key={dishes[i]!.dish.id}>
                  {c.perPortion.map((g, j) => (
                    <td key={groups[j]!.id} className="n">
                      {g === null ? '' : grams(g)}
                    </td>
                  ))}
                  <td className="n">{c.total === null ? '' : kilos(c.total)}</td>
                </Fragment>
              ))}
              <td className="n grand">{kilos(r.grand)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="left" style={{ marginTop: '2mm' }}>
        {t.columnsSay} {t.gross}
      </p>
      <div className="signs">
        {t.signatures.map((who) => (
          <div key={who} className="sign">
            <span>{who}</span>
            <span />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * '/menu/:id/layout' (ours): the меню-раскладка of a day of the menu for the kitchen and the
 * storeroom: the portions to cook of each age group typed in, each food of each dish per portion and
 * in all, each food's total for the day, on A4 landscape with lines to sign. The day, date and
 * portions stay in the address.
 */
export function MenuLayoutPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const menu = menusResource.useOne(Number.isInteger(id) && id > 0 ? id : null);
  const day = Math.max(1, Number(params.get('day')) || 1);
  const date = params.get('date') ?? undefined;
  const layout = useQuery({
    queryKey: ['menu-layout', id, day, date ?? null],
    queryFn: ({ signal }) =>
      callEndpoint('tech-cards', 'layout', { params: { id }, query: { day, ...(date ? { date } : {}) } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
  // From the address as it is now, not as last rendered: two fields changed in one breath both stay.
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(window.location.search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  // The portions as typed: a count that is not a whole number of 0–100 000 is refused, never changed.
  const typed = new Map((layout.data?.age_groups ?? []).map((g) => [g.id, params.get(`n${g.id}`) ?? '']));
  const bad = [...typed].filter(([, v]) => v !== '' && !(/^\d{1,6}$/.test(v) && Number(v) <= PORTIONS_MAX));
  const counts = new Map([...typed].map(([id, v]) => [id, Number(v) || 0]));
  const data = layout.data;
  const empty = data ? !data.meals.some((m) => m.dishes.length) : false;
  const sheet =
    data && menu.data && !empty && bad.length === 0 ? (
      <Sheet layout={data} menu={nameText(menu.data)} counts={counts} />
    ) : null;
  const error = menu.error ?? layout.error;
  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to="/menus">{i18n.food.menus.title}</Link> },
          { title: menu.data ? <Link to={`/menu/${menu.data.id}`}>{nameText(menu.data)}</Link> : '…' },
          { title: t.title },
        ]}
      />
      <Card
        title={t.title}
        data-testid="menu-layout-page"
        extra={
          <Button type="primary" icon={<PrinterOutlined />} disabled={!sheet} onClick={() => window.print()}>
            {t.print}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            aria-label={t.day}
            style={{ width: 140 }}
            value={day}
            onChange={(v: number) => set('day', String(v))}
            options={Array.from({ length: menu.data?.days ?? day }, (_, i) => ({
              value: i + 1,
              label: t.dayOf(i + 1),
            }))}
          />
          <DatePicker
            aria-label={t.date}
            format="DD.MM.YYYY"
            allowClear={false}
            value={fromApiDate(data?.date ?? date ?? null)}
            onChange={(v: Dayjs | null) => v && set('date', toApiDate(v))}
          />
          {(data?.age_groups ?? []).map((g) => {
            const wrong = bad.some(([id]) => id === g.id);
            return (
              <Space key={g.id} size={4}>
                <label htmlFor={`layout-n${g.id}`}>{t.portions(nameText(g))}</label>
                <IntegerInput
                  id={`layout-n${g.id}`}
                  style={{ width: 110 }}
                  placeholder="0"
                  status={wrong ? 'error' : undefined}
                  aria-invalid={wrong}
                  aria-describedby={wrong ? 'layout-count-error' : undefined}
                  value={typed.get(g.id) ?? ''}
                  onChange={(v) => set(`n${g.id}`, String(v).trim() === '' ? null : String(v))}
                />
              </Space>
            );
          })}
        </Space>
        {bad.length > 0 && (
          <Typography.Paragraph type="danger" id="layout-count-error" role="alert">
            {t.badCount}
          </Typography.Paragraph>
        )}
        {error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(error)} />
        ) : !data || !menu.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : empty ? (
          <Alert type="info" showIcon title={t.noDishes} />
        ) : (
          // Wider than a narrow screen: it scrolls, and the keyboard reaches it.
          <div
            style={{ overflowX: 'auto' }}
            data-testid="layout-preview"
            tabIndex={0}
            role="region"
            aria-label={t.title}
          >
            <style>{`@media screen { ${LAYOUT_CSS.replaceAll('.tamaq-layout', '.tamaq-layout-preview')} }`}</style>
            <div className="tamaq-layout-preview" style={{ minWidth: 1000 }}>
              {sheet}
            </div>
          </div>
        )}
      </Card>
      {sheet && (
        <PrintOnly page="A4 landscape" margin="10mm" css={LAYOUT_CSS}>
          {sheet}
        </PrintOnly>
      )}
    </Flex>
  );
}
