import { DeleteOutlined, PrinterOutlined } from '@ant-design/icons';
import { ALLERGEN_NAMES } from '@tamaq/contract/allergens';
import { COOKING_METHOD_NAMES, COOKING_METHODS, netFromGross, type CookingMethod } from '@tamaq/contract/dish-figures';
import { NUTRIENT_NAMES, type Nutrient } from '@tamaq/contract/nutrients';
import type { TechCard, TechCardBody } from '@tamaq/contract/tech-cards';
import {
  Alert,
  App,
  Breadcrumb,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate, fromApiDate, toApiDate } from '../../lib/dates.ts';
import { nameText } from '../../ui/content-name.tsx';
import { enterKeepsForm } from '../../ui/enter-keeps-form.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { useUnsavedGuard } from '../../ui/use-unsaved-guard.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { useAgeGroups, useDish, useFoodSearch, useSaveTechCard, useTechCard } from './tech-card-api.ts';

const t = bilingual({
  ru: {
    title: 'Технологическая карта',
    printCard: 'Печать карты',
    dishes: 'Блюда',
    dish: 'Блюдо',
    version: 'Версия',
    versionOf: (from: string, to: string | null) => (to ? `с ${from} по ${to}` : `с ${from}`),
    noCard: 'Карты на этот день нет. Заполните её: продукты, выход и порции.',
    validFrom: 'Действует с',
    validFromHint: 'Новая версия начинает действовать сегодня или позже; прошедшие дни сохраняют свою карту',
    recipeBook: 'Сборник рецептур',
    recipeNumber: '№ рецептуры',
    method: 'Способ приготовления',
    lineMethod: 'Способ',
    asCard: 'как в карте',
    yield: 'Выход готового блюда, г',
    yieldHint: 'Вес готового блюда из указанных продуктов — взвешенный, а не сумма',
    technology: 'Технология приготовления',
    foods: 'Продукты',
    food: 'Продукт',
    findFood: 'Начните вводить название продукта',
    gross: 'Брутто, г',
    net: 'Нетто, г',
    netHint: (n: number) => `По отходам продукта: ${n}`,
    addFood: 'Добавить продукт',
    removeFood: 'Убрать продукт',
    portions: 'Порции по возрастным группам, г',
    noAgeGroups: 'В организации нет возрастных групп:',
    addAgeGroups: 'добавьте их',
    save: 'Сохранить карту',
    saved: 'Карта сохранена',
    loadFailed: 'Не удалось загрузить карту',
    figures: 'Пищевая ценность',
    figure: 'Показатель',
    figuresOfSaved: 'Расчёт по сохранённой карте: сохраните изменения, чтобы пересчитать',
    per100: 'На 100 г',
    perPortion: (group: string, g: number) => `Порция ${group}, ${g} г`,
    salt: 'Соль, г',
    incomplete: (foods: string) => `Неполный расчёт: нет данных у продуктов ${foods}`,
    allergens: 'Аллергены',
    noAllergens: 'Нет',
    cost: 'Стоимость продуктов',
    costTotal: (v: string) => `весь выход — ${v} тг.`,
    costPortion: (group: string, v: string) => `порция ${group} — ${v} тг.`,
    noPrice: (foods: string) => `Нет цены: ${foods}`,
    own: 'свой',
  },
  kk: {
    title: 'Технологиялық карта',
    printCard: 'Картаны басып шығару',
    dishes: 'Тағамдар',
    dish: 'Тағам',
    version: 'Нұсқа',
    versionOf: (from: string, to: string | null) => (to ? `${from} — ${to}` : `${from} бастап`),
    noCard: 'Бұл күнге карта жоқ. Оны толтырыңыз: өнімдер, шығымы және порциялар.',
    validFrom: 'Күшіне енетін күні',
    validFromHint: 'Жаңа нұсқа бүгіннен немесе кейінірек күшіне енеді; өткен күндер өз картасын сақтайды',
    recipeBook: 'Рецептуралар жинағы',
    recipeNumber: 'Рецептура №',
    method: 'Әзірлеу тәсілі',
    lineMethod: 'Тәсілі',
    asCard: 'картадағыдай',
    yield: 'Дайын тағамның шығымы, г',
    yieldHint: 'Көрсетілген өнімдерден шыққан дайын тағамның салмағы — өлшенген, қосынды емес',
    technology: 'Әзірлеу технологиясы',
    foods: 'Өнімдер',
    food: 'Өнім',
    findFood: 'Өнімнің атауын енгізе бастаңыз',
    gross: 'Брутто, г',
    net: 'Нетто, г',
    netHint: (n: number) => `Өнімнің қалдығы бойынша: ${n}`,
    addFood: 'Өнім қосу',
    removeFood: 'Өнімді алып тастау',
    portions: 'Жас топтары бойынша порциялар, г',
    noAgeGroups: 'Ұйымда жас топтары жоқ:',
    addAgeGroups: 'оларды қосыңыз',
    save: 'Картаны сақтау',
    saved: 'Карта сақталды',
    loadFailed: 'Картаны жүктеу мүмкін болмады',
    figures: 'Тағамдық құндылығы',
    figure: 'Көрсеткіш',
    figuresOfSaved: 'Сақталған карта бойынша есеп: қайта есептеу үшін өзгерістерді сақтаңыз',
    per100: '100 г-да',
    perPortion: (group: string, g: number) => `Порция ${group}, ${g} г`,
    salt: 'Тұз, г',
    incomplete: (foods: string) => `Есеп толық емес: өнімдерде дерек жоқ ${foods}`,
    allergens: 'Аллергендер',
    noAllergens: 'Жоқ',
    cost: 'Өнімдердің құны',
    costTotal: (v: string) => `барлық шығым — ${v} тг.`,
    costPortion: (group: string, v: string) => `порция ${group} — ${v} тг.`,
    noPrice: (foods: string) => `Бағасы жоқ: ${foods}`,
    own: 'өз',
  },
});

/** The lines as a grid: food, gross, net, method, remove; on a narrow screen the grid scrolls sideways. */
const CSS = `
  .tq-card-lines { overflow-x: auto; margin-bottom: 8px; }
  .tq-card-line { display: grid; grid-template-columns: minmax(200px, 1fr) 80px 80px 160px 32px; gap: 8px;
    align-items: start; min-width: 600px; }
  .tq-card-line .ant-form-item { margin-bottom: 8px; }
  .tq-card-line-head { color: #595959; font-size: 13px; margin-bottom: 4px; }`;

/** The figures a card shows, in this order. */
const SHOWN: (Nutrient | 'saltG')[] = [
  'energyKcal',
  'proteinG',
  'fatG',
  'carbohydrateG',
  'fibreG',
  'sugarsG',
  'saltG',
  'vitaminCMg',
  'calciumMg',
  'ironMg',
];

interface LineValues {
  food_id: number | null;
  gross_g: string;
  net_g: string;
  method: CookingMethod | null;
}
interface Values {
  valid_from: Dayjs | null;
  recipe_book: string;
  recipe_number: string;
  method: CookingMethod | null;
  yield_g: string;
  technology: string;
  lines: LineValues[];
  portions: Record<string, string>;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));
const grams = (v: string) => v.trim().replace(',', '.');
/**
 * The form's values from the card shown: a card that started before today is edited as a new version from
 * today, the organization's (a browser elsewhere or with a wrong clock would propose another day).
 */
function valuesOf(card: TechCard | null, today: string): Values {
  const start = card && card.valid_from >= today ? card.valid_from : today;
  return {
    valid_from: fromApiDate(start),
    recipe_book: card?.recipe_book ?? '',
    recipe_number: card?.recipe_number ?? '',
    method: card?.method ?? null,
    yield_g: text(card?.yield_g),
    technology: card?.technology ?? '',
    lines: card?.lines.map((l) => ({
      food_id: l.food.id,
      gross_g: text(l.gross_g),
      net_g: text(l.net_g),
      method: l.method,
    })) ?? [{ food_id: null, gross_g: '', net_g: '', method: null }],
    portions: Object.fromEntries(card?.portions.map((p) => [String(p.age_group.id), text(p.portion_g)]) ?? []),
  };
}

/** '/product/:categoryId/:id/card': the dish's card of a day, its versions, and its figures. */
export function TechCardPage() {
  const params = useParams();
  const dishId = Number(params.id);
  const categoryId = Number(params.categoryId);
  const [date, setDate] = useState<string | null>(null);
  const dish = useDish(dishId);
  const card = useTechCard(dishId, date);
  const groups = useAgeGroups();
  const save = useSaveTechCard(dishId);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const shown = card.data?.card ?? null;
  // Food names the select shows before any search: the card's own foods.
  const known = useMemo(() => new Map(shown?.lines.map((l) => [l.food.id, l.food]) ?? []), [shown]);

  const { onFinish, submitting } = useFormSubmit<Values, unknown>(form, async (v) => {
    const body: TechCardBody = {
      valid_from: toApiDate(v.valid_from),
      recipe_book: v.recipe_book || null,
      recipe_number: v.recipe_number || null,
      method: v.method as CookingMethod,
      yield_g: grams(v.yield_g) as unknown as number,
      technology: v.technology || null,
      lines: v.lines.map((l) => ({
        food_id: l.food_id as number,
        gross_g: grams(l.gross_g) as unknown as number,
        net_g: l.net_g.trim() ? (grams(l.net_g) as unknown as number) : null,
        method: l.method,
      })),
      portions: Object.entries(v.portions ?? {})
        .filter(([, g]) => g && g.trim())
        .map(([id, g]) => ({ age_group_id: Number(id), portion_g: grams(g) as unknown as number })),
    };
    const saved = await save.mutateAsync(body);
    guard.release();
    setDirty(false);
    setDate(saved.card?.valid_from ?? null);
    void message.success(t.saved);
  });

  const dishName = dish.data ? nameText(dish.data) : '';
  return (
    <div data-testid="tech-card-page">
      <style>{CSS}</style>
      <Breadcrumb
        items={[
          { title: <Link to={`/products/${categoryId}`}>{t.dishes}</Link> },
          { title: <Link to={`/product/${categoryId}/${dishId}`}>{dishName || t.dish}</Link> },
          { title: t.title },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Flex justify="space-between" align="start" gap={12} wrap>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t.title}
          {dishName ? `: ${dishName}` : ''}
        </Typography.Title>
        {shown && (
          <LinkButton
            icon={<PrinterOutlined />}
            to={`/product/${categoryId}/${dishId}/card/print${date ? `?date=${date}` : ''}`}
          >
            {t.printCard}
          </LinkButton>
        )}
      </Flex>
      {card.isError ? (
        <Alert type="error" showIcon title={t.loadFailed} description={errorText(card.error)} />
      ) : !card.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex gap={16} wrap align="start">
          <Card style={{ flex: '2 1 620px', minWidth: 0 }}>
            {card.data.versions.length > 0 && (
              <Form.Item label={t.version} style={{ marginBottom: 16 }}>
                <Select
                  aria-label={t.version}
                  style={{ maxWidth: 320 }}
                  value={shown?.id ?? null}
                  onChange={(id) => {
                    setDirty(false);
                    setDate(card.data.versions.find((v) => v.id === id)?.valid_from ?? null);
                  }}
                  options={card.data.versions.map((v, i, all) => ({
                    value: v.id,
                    label: t.versionOf(
                      formatDate(v.valid_from),
                      i > 0 ? formatDate(dayjs(all[i - 1]!.valid_from).subtract(1, 'day')) : null,
                    ),
                  }))}
                />
              </Form.Item>
            )}
            {!shown && <Alert type="info" showIcon title={t.noCard} style={{ marginBottom: 16 }} />}
            <Form<Values>
              // A new card shown (another version, a save) starts the form anew from it.
              key={`${shown?.id ?? 'none'}-${card.dataUpdatedAt}`}
              initialValues={valuesOf(shown, card.data.today)}
              form={form}
              layout="vertical"
              onFinish={onFinish}
              onValuesChange={() => setDirty(true)}
              data-testid="tech-card-form"
            >
              <Flex gap={16} wrap>
                <Form.Item name="valid_from" label={t.validFrom} extra={t.validFromHint} rules={[{ required: true }]}>
                  <DatePicker format="DD.MM.YYYY" aria-label={t.validFrom} onKeyDown={enterKeepsForm} />
                </Form.Item>
                <Form.Item name="recipe_book" label={t.recipeBook} style={{ flex: '1 1 240px' }}>
                  <Input maxLength={255} />
                </Form.Item>
                <Form.Item name="recipe_number" label={t.recipeNumber} style={{ width: 140 }}>
                  <Input maxLength={50} />
                </Form.Item>
              </Flex>
              <Flex gap={16} wrap>
                <Form.Item name="method" label={t.method} rules={[{ required: true }]} style={{ width: 260 }}>
                  <Select
                    aria-label={t.method}
                    options={COOKING_METHODS.map((m) => ({ value: m, label: COOKING_METHOD_NAMES[m] }))}
                  />
                </Form.Item>
                <Form.Item name="yield_g" label={t.yield} extra={t.yieldHint} rules={[{ required: true }]}>
                  <Input inputMode="decimal" style={{ width: 160 }} />
                </Form.Item>
              </Flex>
              <Typography.Title level={3} style={{ fontSize: 16 }}>
                {t.foods}
              </Typography.Title>
              <Form.List name="lines">
                {(fields, { add, remove }) => (
                  <div className="tq-card-lines">
                    <div className="tq-card-line tq-card-line-head" aria-hidden="true">
                      <span>{t.food}</span>
                      <span>{t.gross}</span>
                      <span>{t.net}</span>
                      <span>{t.lineMethod}</span>
                      <span />
                    </div>
                    {fields.map((field, i) => (
                      <LineRow key={field.key} index={i} known={known} onRemove={() => remove(field.name)} />
                    ))}
                    <Button onClick={() => add({ food_id: null, gross_g: '', net_g: '', method: null })}>
                      {t.addFood}
                    </Button>
                  </div>
                )}
              </Form.List>
              <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
                {t.portions}
              </Typography.Title>
              {groups.data && groups.data.rows.length === 0 ? (
                <Typography.Paragraph>
                  {t.noAgeGroups} <Link to="/age/groups">{t.addAgeGroups}</Link>
                </Typography.Paragraph>
              ) : (
                <Flex gap={16} wrap>
                  {groups.data?.rows.map((g) => (
                    <Form.Item key={g.id} name={['portions', String(g.id)]} label={nameText(g)}>
                      <Input inputMode="decimal" style={{ width: 120 }} />
                    </Form.Item>
                  ))}
                </Flex>
              )}
              <Form.Item name="technology" label={t.technology}>
                <Input.TextArea maxLength={4000} rows={3} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t.save}
              </Button>
            </Form>
          </Card>
          {shown && <FiguresCard card={shown} stale={dirty} />}
        </Flex>
      )}
    </div>
  );
}

/** A line of the card: its food (found by name), gross and net grams, and its own method. */
function LineRow({
  index,
  known,
  onRemove,
}: {
  index: number;
  known: Map<number, { id: number; name: string; refuse_pct: string | null }>;
  onRemove: () => void;
}) {
  const form = Form.useFormInstance<Values>();
  const [query, setQuery] = useState('');
  const found = useFoodSearch(query);
  const [picked, setPicked] = useState<{ id: number; name: string; refuse_pct: string | null } | null>(null);
  const foodId = Form.useWatch(['lines', index, 'food_id'], form);
  const gross = Form.useWatch(['lines', index, 'gross_g'], form);
  const food = picked?.id === foodId ? picked : foodId ? (known.get(foodId) ?? null) : null;
  const options = [
    ...(food && !found.data?.rows.some((r) => r.id === food.id) ? [{ value: food.id, label: food.name }] : []),
    ...(found.data?.rows.map((r) => ({
      value: r.id,
      label: r.own ? `${r.name} (${t.own})` : r.name,
      food: r,
    })) ?? []),
  ];
  const grossG = Number(String(gross ?? '').replace(',', '.'));
  const proposed = food && grossG > 0 ? netFromGross(grossG, food.refuse_pct) : null;
  return (
    <div className="tq-card-line" data-testid="tech-card-line">
      <Form.Item name={[index, 'food_id']} rules={[{ required: true, message: t.findFood }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setQuery }}
          aria-label={`${t.food} ${index + 1}`}
          placeholder={t.findFood}
          loading={found.isFetching}
          options={options}
          onSelect={(_, option) => {
            const row = (option as { food?: { id: number; name: string; refuse_pct: string | null } }).food;
            if (row) setPicked(row);
          }}
          notFoundContent={null}
        />
      </Form.Item>
      <Form.Item name={[index, 'gross_g']} rules={[{ required: true, message: t.gross }]}>
        <Input inputMode="decimal" aria-label={`${t.gross} ${index + 1}`} />
      </Form.Item>
      <Form.Item name={[index, 'net_g']}>
        <Input
          inputMode="decimal"
          aria-label={`${t.net} ${index + 1}`}
          placeholder={proposed !== null ? text(proposed) : undefined}
          title={proposed !== null ? t.netHint(proposed) : undefined}
        />
      </Form.Item>
      <Form.Item name={[index, 'method']}>
        <Select
          allowClear
          aria-label={`${t.lineMethod} ${index + 1}`}
          placeholder={t.asCard}
          options={COOKING_METHODS.map((m) => ({ value: m, label: COOKING_METHOD_NAMES[m] }))}
        />
      </Form.Item>
      <Button
        icon={<DeleteOutlined />}
        aria-label={`${t.removeFood} ${index + 1}`}
        title={t.removeFood}
        onClick={onRemove}
      />
    </div>
  );
}

const figureText = (value: number) => value.toFixed(value >= 100 ? 0 : 1).replace('.', ',');

/** The saved card's figures per 100 g and per portion of each age group, its allergens. */
function FiguresCard({ card, stale }: { card: TechCard; stale: boolean }) {
  const names = { ...NUTRIENT_NAMES, saltG: t.salt };
  const columns = [
    { key: 'name', title: t.figure, dataIndex: 'name' as const },
    { key: 'per100', title: t.per100, dataIndex: 'per100' as const, align: 'right' as const },
    ...card.figures.portions.map((p, i) => ({
      key: `p${i}`,
      title: t.perPortion(
        nameText(card.portions.find((g) => g.age_group.id === p.age_group_id)!.age_group),
        p.portion_g,
      ),
      dataIndex: `p${i}` as const,
      align: 'right' as const,
    })),
  ];
  const cell = (f: { value: number; missing: string[] }) =>
    f.missing.length ? (
      <Tooltip title={t.incomplete(f.missing.join(', '))}>
        <span aria-label={t.incomplete(f.missing.join(', '))}>≥ {figureText(f.value)} ⚠</span>
      </Tooltip>
    ) : (
      figureText(f.value)
    );
  const rows = SHOWN.map((n) => ({
    key: n,
    name: names[n],
    per100: cell(card.figures.per_100g[n]),
    ...Object.fromEntries(card.figures.portions.map((p, i) => [`p${i}`, cell(p.figures[n])])),
  }));
  return (
    <Card title={t.figures} style={{ flex: '1 1 360px', minWidth: 0 }} data-testid="tech-card-figures">
      {stale && <Alert type="warning" showIcon title={t.figuresOfSaved} style={{ marginBottom: 12 }} />}
      <Table size="small" pagination={false} columns={columns} dataSource={rows} scroll={{ x: true }} />
      <Typography.Paragraph style={{ marginTop: 12 }} data-testid="tech-card-cost">
        <Typography.Text strong>{t.cost}: </Typography.Text>
        {[
          t.costTotal(card.cost.total.replace('.', ',')),
          ...card.cost.portions.map((p) =>
            t.costPortion(
              nameText(card.portions.find((g) => g.age_group.id === p.age_group_id)!.age_group),
              p.cost.replace('.', ','),
            ),
          ),
        ].join('; ')}
        {card.cost.missing.length > 0 && (
          <>
            <br />
            <Typography.Text>⚠ {t.noPrice(card.cost.missing.join(', '))}</Typography.Text>
          </>
        )}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginTop: 12 }}>
        <Typography.Text strong>{t.allergens}: </Typography.Text>
        {card.allergens.length ? (
          <Space size={[4, 4]} wrap>
            {card.allergens.map((a) => (
              <Tag key={a}>{ALLERGEN_NAMES[a]}</Tag>
            ))}
          </Space>
        ) : (
          t.noAllergens
        )}
      </Typography.Paragraph>
    </Card>
  );
}
