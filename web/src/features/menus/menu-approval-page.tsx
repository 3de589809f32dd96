import { PrinterOutlined } from '@ant-design/icons';
import { ALLERGEN_NAMES } from '@tamaq/contract/allergens';
import { MEAL_MODES, MENU_SEASONS } from '@tamaq/contract/menus';
import type { MenuFigures } from '@tamaq/contract/tech-cards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Flex, Select, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { bilingual } from '../../i18n/bilingual.ts';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useSession } from '../../lib/use-session.ts';
import { nameText } from '../../ui/content-name.tsx';
import { PeriodPicker } from '../../ui/period-picker.tsx';
import { PrintOnly } from '../../ui/print-only.tsx';
import { SchoolSelect, schoolOptionsQuery } from '../../ui/school-select.tsx';
import { deviationText, menuFiguresKey, normSetsKey, number, SHOWN } from './menu-figures.tsx';
import { approvalPeriod } from './menu-print.ts';
import { menusResource } from './menus-resource.ts';

const t = bilingual({
  ru: {
    title: 'Меню на согласование',
    hint: 'Так меню выйдет на листах A4 (альбомная ориентация): с нормами, отклонениями и блоком согласования, для территориального департамента санитарно-эпидемиологического контроля. Язык печати — язык приложения.',
    print: 'Печать',
    agreed: 'СОГЛАСОВАНО',
    agreedBy: 'Руководитель территориального департамента санитарно-эпидемиологического контроля',
    approved: 'УТВЕРЖДАЮ',
    approvedBy: (school: string) => `Директор ${school}`,
    signLine: '«___» ____________ 20__ г.',
    stamp: 'М.П.',
    heading: (days: number) => `Цикличное меню на ${days} учебных дней`,
    school: 'Организация образования',
    season: 'Сезон',
    allYear: 'круглый год',
    period: (from: string, to: string) => `Период действия: с ${from} по ${to}`,
    norms: (name: string, version: number, date: string, tolerance: string) =>
      `Нормы: ${name}, версия ${version} от ${date}; допуск ±${tolerance} %`,
    notKazakh: 'не утверждённая таблица Казахстана 2025 года',
    noNorms: 'Нормы: набора норм нет, сравнение с нормой не проводилось',
    day: (n: number) => `День ${n}`,
    dish: 'Приём пищи, блюдо',
    output: 'Выход, г',
    allergens: 'Аллергены',
    mealTotal: (meal: string) => `Итого: ${meal}`,
    dayTotal: 'Итого за день',
    norm: 'Норма',
    deviation: 'Отклонение от нормы, г / %',
    average: 'Среднее за цикл',
    empty: 'Блюд нет',
    columns: {
      energy: 'ккал',
      protein: 'Б, г',
      fat: 'Ж, г',
      carbohydrate: 'У, г',
      salt: 'Соль, г',
      sugars: 'Сахара, г',
    },
    legend:
      '✓ — в пределах нормы, ✗ — вне нормы, ? — не сверить: у блюда нет технологической карты или у продукта нет значения; «≥» — расчёт неполный.',
    rules: 'Нарушения правил меню',
    withoutCard: (names: string) => `Без технологической карты (не учтены в расчёте): ${names}`,
    composed: 'Составил(а): диетическая сестра (технолог)',
    chooseSet: 'Нормы',
    noSchool: 'Выберите школу: её название и директор — в блоке утверждения',
    loadFailed: 'Не удалось рассчитать меню',
  },
  kk: {
    title: 'Келісуге арналған мәзір',
    hint: 'Мәзір A4 парақтарына (альбомдық бағдар) осылай шығады: нормалармен, ауытқулармен және келісу блогымен, санитариялық-эпидемиологиялық бақылау аумақтық департаменті үшін. Басып шығару тілі — қосымшаның тілі.',
    print: 'Басып шығару',
    agreed: 'КЕЛІСІЛДІ',
    agreedBy: 'Санитариялық-эпидемиологиялық бақылау аумақтық департаментінің басшысы',
    approved: 'БЕКІТЕМІН',
    approvedBy: (school: string) => `${school} директоры`,
    signLine: '20__ ж. «___» ____________',
    stamp: 'М.О.',
    heading: (days: number) => `${days} оқу күніне арналған циклдік мәзір`,
    school: 'Білім беру ұйымы',
    season: 'Маусым',
    allYear: 'жыл бойы',
    period: (from: string, to: string) => `Қолданылу кезеңі: ${from} – ${to}`,
    norms: (name: string, version: number, date: string, tolerance: string) =>
      `Нормалар: ${name}, ${date} күнгі ${version}-нұсқа; рұқсат етілген ауытқу ±${tolerance} %`,
    notKazakh: 'Қазақстанның 2025 жылғы бекітілген кестесі емес',
    noNorms: 'Нормалар: нормалар жинағы жоқ, нормамен салыстыру жүргізілмеді',
    day: (n: number) => `${n}-күн`,
    dish: 'Тамақтану, тағам',
    output: 'Шығымы, г',
    allergens: 'Аллергендер',
    mealTotal: (meal: string) => `Барлығы: ${meal}`,
    dayTotal: 'Күн бойынша барлығы',
    norm: 'Норма',
    deviation: 'Нормадан ауытқу, г / %',
    average: 'Цикл бойынша орташа',
    empty: 'Тағамдар жоқ',
    columns: { energy: 'ккал', protein: 'А, г', fat: 'М, г', carbohydrate: 'К, г', salt: 'Тұз, г', sugars: 'Қант, г' },
    legend:
      '✓ — норма шегінде, ✗ — нормадан тыс, ? — салыстыру мүмкін емес: тағамның технологиялық картасы немесе өнімнің мәні жоқ; «≥» — есеп толық емес.',
    rules: 'Мәзір ережелерінің бұзылуы',
    withoutCard: (names: string) => `Технологиялық картасы жоқ (есепке алынбаған): ${names}`,
    composed: 'Құрастырған: диеталық мейірбике (технолог)',
    chooseSet: 'Нормалар',
    noSchool: 'Мектепті таңдаңыз: оның атауы мен директоры бекіту блогында',
    loadFailed: 'Мәзірді есептеу мүмкін болмады',
  },
});

type Group = MenuFigures['average'][number];
type Check = Group['checks'][number];
const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);
const grams = (n: number) => (Math.round(n * 10) / 10).toString().replace('.', ',');
const mark = (c: Check | undefined) => (!c ? '' : c.within === null ? ' ?' : c.within ? ' ✓' : ' ✗');

// A4 landscape: each day a table that is not split across pages where it fits on one.
const APPROVAL_CSS = `
  .tamaq-approval { font: 8.5pt/1.3 Arial, sans-serif; }
  .tamaq-approval .blocks { display: flex; justify-content: space-between; gap: 20mm; margin-bottom: 5mm; }
  .tamaq-approval .block { width: 45%; }
  .tamaq-approval .block b { display: block; margin-bottom: 1mm; }
  .tamaq-approval .line { border-bottom: 1px solid #000; height: 6mm; margin: 1mm 0; }
  .tamaq-approval h1 { font-size: 13pt; margin: 0 0 1.5mm; text-align: center; }
  .tamaq-approval p { margin: 0 0 1mm; text-align: center; }
  .tamaq-approval h2 { font-size: 10pt; margin: 4mm 0 1mm; }
  .tamaq-approval .day { break-inside: avoid; }
  .tamaq-approval table { border-collapse: collapse; width: 100%; }
  .tamaq-approval th, .tamaq-approval td { border: 1px solid #000; padding: 0.6mm 1mm; vertical-align: top; }
  .tamaq-approval th { font-weight: bold; text-align: center; }
  .tamaq-approval td.n { text-align: right; white-space: nowrap; }
  .tamaq-approval tr.meal td { font-weight: bold; background: #f0f0f0; }
  .tamaq-approval tr.sum td { font-weight: bold; }
  .tamaq-approval td.off { background: #ffd8d8; }
  .tamaq-approval ul { margin: 1mm 0; padding-left: 5mm; }
  .tamaq-approval .left { text-align: left; }
  .tamaq-approval .sign { display: flex; gap: 3mm; margin-top: 6mm; }
  .tamaq-approval .sign span:last-child { flex: 0 0 70mm; border-bottom: 1px solid #000; }`;

interface SheetProps {
  menu: { name: string; days: number; season: keyof typeof MENU_SEASONS | null };
  school: string;
  from: string;
  to: string;
  figures: MenuFigures;
}

/** Figures of the age groups on one row: each nutrient's value with its mark, or its norm, or the deviation. */
function FigureCells({ groups, kind }: { groups: Group[]; kind: 'value' | 'norm' | 'deviation' }) {
  return (
    <>
      {groups.flatMap((g) =>
        SHOWN.map(([n]) => {
          const c = g.checks.find((x) => x.nutrient === n);
          const f = g.figures[n];
          const text =
            kind === 'value'
              ? `${f.missing.length ? '≥ ' : ''}${number(f.value)}${mark(c)}`
              : !c
                ? ''
                : kind === 'norm'
                  ? number(c.norm)
                  : deviationText(c);
          return (
            <td key={`${g.age_group_id}-${n}`} className={c?.within === false && kind !== 'norm' ? 'n off' : 'n'}>
              {text}
            </td>
          );
        }),
      )}
    </>
  );
}

function Sheet({ menu, school, from, to, figures }: SheetProps) {
  const groups = figures.age_groups;
  const set = figures.norm_set;
  const width = 3 + groups.length * (1 + SHOWN.length);
  const normRows = (key: string, of: Group[]) =>
    of.some((g) => g.checks.length) ? (
      <>
        <tr key={`${key}-norm`}>
          <td colSpan={2 + groups.length}>{t.norm}</td>
          <FigureCells groups={of} kind="norm" />
        </tr>
        <tr key={`${key}-deviation`}>
          <td colSpan={2 + groups.length}>{t.deviation}</td>
          <FigureCells groups={of} kind="deviation" />
        </tr>
      </>
    ) : null;
  const head = (
    <thead>
      <tr>
        <th rowSpan={2}>{t.dish}</th>
        <th colSpan={groups.length}>{t.output}</th>
        <th rowSpan={2}>{t.allergens}</th>
        {groups.map((g) => (
          <th key={g.id} colSpan={SHOWN.length}>
            {nameText(g)}
          </th>
        ))}
      </tr>
      <tr>
        {groups.map((g) => (
          <th key={g.id}>{nameText(g)}</th>
        ))}
        {groups.flatMap((g) => SHOWN.map(([n, label]) => <th key={`${g.id}-${n}`}>{t.columns[label]}</th>))}
      </tr>
    </thead>
  );
  const without = figures.without_card.map((d) => d.name);
  return (
    <div className="tamaq-approval">
      <div className="blocks">
        <div className="block">
          <b>{t.agreed}</b>
          <div>{t.agreedBy}</div>
          <div className="line" />
          <div>{t.signLine}</div>
          <div>{t.stamp}</div>
        </div>
        <div className="block">
          <b>{t.approved}</b>
          <div>{t.approvedBy(school)}</div>
          <div className="line" />
          <div>{t.signLine}</div>
          <div>{t.stamp}</div>
        </div>
      </div>
      <h1>{t.heading(menu.days)}</h1>
      <p>«{menu.name}»</p>
      <p>
        {t.school}: {school}
      </p>
      <p>
        {t.season}: {menu.season ? MENU_SEASONS[menu.season] : t.allYear}. {t.period(formatDate(from), formatDate(to))}
      </p>
      <p>
        {set
          ? `${t.norms(nameText(set), set.version, formatDate(set.updated_at), set.tolerance_pct.replace(/\.?0+$/, '').replace('.', ','))}${set.kazakh_2025 ? '' : ` (${t.notKazakh})`}`
          : t.noNorms}
      </p>
      {figures.days.map((d) => (
        <section key={d.day} className="day" data-testid="approval-day">
          <h2>{t.day(d.day)}</h2>
          <table>
            {head}
            <tbody>
              {d.meals.map((m) => (
                <Fragment key={m.group}>
                  <tr className="meal">
                    <td colSpan={width}>{modeName(m.group)}</td>
                  </tr>
                  {m.dishes.length === 0 ? (
                    <tr>
                      <td colSpan={width}>{t.empty}</td>
                    </tr>
                  ) : (
                    m.dishes.map((dish) => (
                      <tr key={dish.id}>
                        <td className="left">{dish.name}</td>
                        {groups.map((g) => {
                          const p = dish.portions.find((x) => x.age_group_id === g.id);
                          return (
                            <td key={g.id} className="n">
                              {p ? grams(p.portion_g) : '—'}
                            </td>
                          );
                        })}
                        <td>{dish.allergens.map((a) => ALLERGEN_NAMES[a]).join(', ')}</td>
                        <td colSpan={groups.length * SHOWN.length} />
                      </tr>
                    ))
                  )}
                  {m.dishes.length > 0 && (
                    <>
                      <tr className="sum">
                        <td colSpan={2 + groups.length}>{t.mealTotal(modeName(m.group))}</td>
                        <FigureCells groups={m.figures} kind="value" />
                      </tr>
                      {normRows(`m${m.group}`, m.figures)}
                    </>
                  )}
                </Fragment>
              ))}
              <tr className="sum">
                <td colSpan={2 + groups.length}>{t.dayTotal}</td>
                <FigureCells groups={d.figures} kind="value" />
              </tr>
              {normRows('day', d.figures)}
            </tbody>
          </table>
        </section>
      ))}
      <section className="day" data-testid="approval-average">
        <h2>{t.average}</h2>
        <table>
          {head}
          <tbody>
            <tr className="sum">
              <td colSpan={2 + groups.length}>{t.average}</td>
              <FigureCells groups={figures.average} kind="value" />
            </tr>
            {normRows('average', figures.average)}
          </tbody>
        </table>
      </section>
      <p className="left" style={{ marginTop: '2mm' }}>
        {t.legend}
      </p>
      {figures.violations.length > 0 && (
        <div className="left" data-testid="approval-violations">
          <b>{t.rules}:</b>
          <ul>
            {figures.violations.map((v) => (
              <li key={`${v.rule}-${v.day ?? 'w' + String(v.week)}-${v.text}`}>{v.text}</li>
            ))}
          </ul>
        </div>
      )}
      {without.length > 0 && <p className="left">{t.withoutCard(without.join(', '))}</p>}
      <div className="sign">
        <span>{t.composed}</span>
        <span />
      </div>
    </div>
  );
}

/**
 * '/menu/:id/approval' (ours): the menu against the norm on A4 landscape for the health authority's
 * approval (docs/rules.md "The menu on approval"): the agreement and approval blocks, the school, the
 * season, the period, the set of norms and its version; each day's meals with their dishes, each age
 * group's output and the allergens, the meal's and the day's figures against the norm with the
 * deviation; the cycle's average; the broken rules; a line to sign. The school, the period and the set
 * stay in the address, so a print is made again the same.
 */
export function MenuApprovalPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const locked = useSession()?.school ?? null;
  const menu = menusResource.useOne(Number.isInteger(id) && id > 0 ? id : null);
  const normSetId = Number(params.get('norm_set_id')) || undefined;
  const schoolId = locked ?? (Number(params.get('school')) || null);
  const schools = useQuery(schoolOptionsQuery());
  const figures = useQuery({
    queryKey: [...menuFiguresKey(id), normSetId ?? null],
    queryFn: ({ signal }) =>
      callEndpoint(
        'tech-cards',
        'menu',
        { params: { id }, query: normSetId === undefined ? {} : { norm_set_id: normSetId } },
        { signal },
      ),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
  const sets = useQuery({
    queryKey: normSetsKey,
    queryFn: ({ signal }) => callEndpoint('norms', 'list', {}, { signal }),
  });
  const proposed = approvalPeriod(menu.data?.season ?? null, toApiDate(dayjs()));
  const from = params.get('from') ?? proposed.from;
  const to = params.get('to') ?? proposed.to;
  // From the address as it is now: the school chosen by default and a period typed both stay.
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const schoolRow = schools.data?.rows.find((s) => s.id === schoolId);
  const school = schoolRow ? nameText(schoolRow) : '';
  const error = menu.error ?? figures.error;
  const sheet =
    menu.data && figures.data && school ? (
      <Sheet
        menu={{ name: nameText(menu.data), days: menu.data.days, season: menu.data.season }}
        school={school}
        from={from}
        to={to}
        figures={figures.data}
      />
    ) : null;
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
        data-testid="menu-approval-page"
        extra={
          <Button type="primary" icon={<PrinterOutlined />} disabled={!sheet} onClick={() => window.print()}>
            {t.print}
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          {locked === null && <SchoolSelect value={schoolId} onChange={(v) => set({ school: v ? String(v) : null })} />}
          <PeriodPicker from={from} to={to} onChange={(p) => set({ from: p.from, to: p.to })} />
          {(sets.data?.rows.length ?? 0) > 1 && (
            <Select
              aria-label={t.chooseSet}
              style={{ minWidth: 280 }}
              value={figures.data?.norm_set?.id}
              onChange={(v: number) => set({ norm_set_id: String(v) })}
              options={sets.data!.rows.map((r) => ({ value: r.id, label: nameText(r) }))}
            />
          )}
        </Space>
        {error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(error)} />
        ) : !menu.data || !figures.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : !sheet ? (
          <Alert type="info" showIcon title={t.noSchool} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
            {/* Wider than a narrow screen: it scrolls, and the keyboard reaches it. */}
            <div
              style={{ overflowX: 'auto' }}
              data-testid="approval-preview"
              tabIndex={0}
              role="region"
              aria-label={t.title}
            >
              <style>{`@media screen { ${APPROVAL_CSS.replaceAll('.tamaq-approval', '.tamaq-approval-preview')} }`}</style>
              <div className="tamaq-approval-preview" style={{ minWidth: 1000 }}>
                {sheet}
              </div>
            </div>
          </>
        )}
      </Card>
      {sheet && (
        <PrintOnly page="A4 landscape" margin="10mm" css={APPROVAL_CSS}>
          {sheet}
        </PrintOnly>
      )}
    </Flex>
  );
}
