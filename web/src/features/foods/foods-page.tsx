import { CopyOutlined, DollarOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ALLERGEN_NAMES, ALLERGEN_SHORT, ALLERGENS, type Allergen } from '@tamaq/contract/allergens';
import { FOOD_MESSAGES, type Food, type FoodCreate } from '@tamaq/contract/foods';
import { NUTRIENT_CODES, NUTRIENT_NAMES, type Nutrient } from '@tamaq/contract/nutrients';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import { formatCost } from '../../lib/money.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { useListParams } from '../../ui/use-list-params.ts';
import { CookingLossesCard } from './cooking-losses-card.tsx';
import { useFoodPrices, useFoods, useRemoveFood, useSaveFood, useSetPrice } from './foods-api.ts';

const t = bilingual({
  ru: {
    title: 'Продукты и цены',
    intro:
      'Таблица химического состава (USDA SR28, значения на 100 г съедобной части) и собственные продукты организации — таблица диетолога, каждое значение с источником. Цена за килограмм с даты считает стоимость блюд и дней меню.',
    search: 'Поиск: название на русском, казахском или английском',
    add: 'Свой продукт',
    name: 'Продукт',
    own: 'своя таблица',
    table: (ndb: string) => `таблица, № ${ndb}`,
    per100: 'На 100 г',
    kcal: 'ккал',
    protein: 'Б, г',
    fat: 'Ж, г',
    carbohydrate: 'У, г',
    refuse: 'Отходы, %',
    allergens: 'Аллергены',
    actions: 'Действия',
    price: 'Цены',
    edit: 'Изменить',
    copy: 'Свои значения',
    copyHint: 'Новый свой продукт со значениями этого: измените их по своему источнику',
    copyName: (name: string) => `${name} (своя таблица)`,
    remove: 'Удалить',
    removeQuestion: 'Удалить свой продукт? Карты, в которых он есть, сохранятся.',
    removed: 'Продукт удалён',
    empty: 'Ничего не найдено',
    createTitle: 'Свой продукт',
    editTitle: (name: string) => `Продукт «${name}»`,
    nameRu: 'Название на русском',
    nameKk: 'Название на казахском',
    source: 'Источник значений',
    sourceHint: 'Книга и страница, откуда значения: без источника значение не сохраняется',
    refuseHint: 'Доля несъедобной части при покупке: брутто → нетто',
    values: 'Пищевая ценность на 100 г съедобной части; пусто — не измерено (не ноль)',
    save: 'Сохранить',
    cancel: 'Отмена',
    made: 'Продукт добавлен',
    saved: 'Продукт сохранён',
    pricesTitle: (name: string) => `Цены: ${name}`,
    pricePerKg: 'Цена за 1 кг, тг.',
    priceFrom: 'С даты',
    priceSave: 'Сохранить цену',
    priceSaved: 'Цена сохранена',
    priceHint: 'Цена того же дня заменяется; день считает последнюю цену с этого дня или раньше.',
    noPrices: 'Цен пока нет: стоимость блюд с этим продуктом неполная',
    loadFailed: 'Не удалось загрузить продукты',
    close: 'Закрыть',
    currency: 'тг.',
  },
  kk: {
    title: 'Өнімдер және бағалар',
    intro:
      'Химиялық құрам кестесі (USDA SR28, жеуге жарамды бөліктің 100 г-ына мәндер) және ұйымның өз өнімдері — диетологтың кестесі, әр мәні дереккөзімен. Күннен бастап килограмм бағасы тағамдар мен мәзір күндерінің құнын есептейді.',
    search: 'Іздеу: орысша, қазақша немесе ағылшынша атауы',
    add: 'Өз өнімі',
    name: 'Өнім',
    own: 'өз кестесі',
    table: (ndb: string) => `кесте, № ${ndb}`,
    per100: '100 г-ға',
    kcal: 'ккал',
    protein: 'А, г',
    fat: 'М, г',
    carbohydrate: 'К, г',
    refuse: 'Қалдық, %',
    allergens: 'Аллергендер',
    actions: 'Әрекеттер',
    price: 'Бағалар',
    edit: 'Өзгерту',
    copy: 'Өз мәндері',
    copyHint: 'Осының мәндерімен жаңа өз өнімі: оларды өз дереккөзіңіз бойынша өзгертіңіз',
    copyName: (name: string) => `${name} (өз кестесі)`,
    remove: 'Жою',
    removeQuestion: 'Өз өнімін жоясыз ба? Ол бар карталар сақталады.',
    removed: 'Өнім жойылды',
    empty: 'Ештеңе табылмады',
    createTitle: 'Өз өнімі',
    editTitle: (name: string) => `«${name}» өнімі`,
    nameRu: 'Орысша атауы',
    nameKk: 'Қазақша атауы',
    source: 'Мәндердің дереккөзі',
    sourceHint: 'Мәндер алынған кітап пен бет: дереккөзсіз мән сақталмайды',
    refuseHint: 'Сатып алғандағы жеуге жарамсыз бөлігі: брутто → нетто',
    values: 'Жеуге жарамды бөліктің 100 г-ына тағамдық құндылығы; бос — өлшенбеген (нөл емес)',
    save: 'Сақтау',
    cancel: 'Болдырмау',
    made: 'Өнім қосылды',
    saved: 'Өнім сақталды',
    pricesTitle: (name: string) => `Бағалар: ${name}`,
    pricePerKg: '1 кг бағасы, тг.',
    priceFrom: 'Күннен бастап',
    priceSave: 'Бағаны сақтау',
    priceSaved: 'Баға сақталды',
    priceHint: 'Сол күннің бағасы ауыстырылады; күн осы күннен немесе ертерек соңғы бағаны алады.',
    noPrices: 'Әзірге баға жоқ: осы өнімі бар тағамдардың құны толық емес',
    loadFailed: 'Өнімдерді жүктеу мүмкін болмады',
    close: 'Жабу',
    currency: 'тг.',
  },
});

const figure = (v: string | null) => (v === null ? '—' : v.replace('.', ','));

type FoodValues = {
  name_ru: string;
  name_kk: string;
  source: string;
  refuse_pct: string;
  allergens: Allergen[];
  values: Record<Nutrient, string>;
};

const formOf = (food: Food | null, copy: boolean): FoodValues => ({
  name_ru: food ? (copy ? t.copyName(food.name_ru ?? food.name) : (food.name_ru ?? '')) : '',
  name_kk: food && !copy ? (food.name_kk ?? '') : '',
  source: food && !copy ? food.source : '',
  refuse_pct: figure(food?.refuse_pct ?? null).replace('—', ''),
  allergens: food?.allergens ?? [],
  values: Object.fromEntries(
    NUTRIENT_CODES.map((n) => [n, food ? figure(food.values[n]).replace('—', '') : '']),
  ) as Record<Nutrient, string>,
});

/** An own food's form: names, source, refuse, allergens and the values per 100 g. */
function FoodEditor({ food, copy, onClose }: { food: Food | null; copy: boolean; onClose: () => void }) {
  const save = useSaveFood();
  const { message } = App.useApp();
  const [form] = Form.useForm<FoodValues>();
  const editing = food !== null && !copy;
  const { onFinish, submitting } = useFormSubmit<FoodValues, unknown>(form, async (v) => {
    const body: FoodCreate = {
      name_ru: v.name_ru,
      name_kk: v.name_kk,
      source: v.source,
      refuse_pct: v.refuse_pct as unknown as FoodCreate['refuse_pct'],
      allergens: v.allergens,
      values: Object.fromEntries(NUTRIENT_CODES.map((n) => [n, v.values?.[n] ?? ''])) as FoodCreate['values'],
    };
    await save.mutateAsync(editing ? { ...body, id: food.id } : body);
    void message.success(editing ? t.saved : t.made);
    onClose();
  });
  return (
    <Modal
      open
      width={900}
      title={editing ? t.editTitle(food.name) : t.createTitle}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t.cancel}
        </Button>,
        <Button key="save" type="primary" loading={submitting} onClick={() => form.submit()}>
          {t.save}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Form<FoodValues>
        form={form}
        layout="vertical"
        initialValues={formOf(food, copy)}
        onFinish={onFinish}
        data-testid="food-form"
      >
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 300px' } }}>
          <Form.Item name="name_ru" label={t.nameRu}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="name_kk" label={t.nameKk}>
            <Input maxLength={255} />
          </Form.Item>
        </Space>
        <Form.Item
          name="source"
          label={t.source}
          extra={t.sourceHint}
          rules={[{ required: true, message: t.sourceHint }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 300px' } }}>
          <Form.Item name="refuse_pct" label={t.refuse} extra={t.refuseHint}>
            <Input inputMode="decimal" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="allergens" label={t.allergens}>
            <Select
              mode="multiple"
              allowClear
              options={ALLERGENS.map((a) => ({ value: a, label: ALLERGEN_NAMES[a] }))}
            />
          </Form.Item>
        </Space>
        <Typography.Paragraph strong>{t.values}</Typography.Paragraph>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '0 16px' }}>
          {NUTRIENT_CODES.map((n) => (
            <Form.Item key={n} name={['values', n]} label={NUTRIENT_NAMES[n]}>
              <Input inputMode="decimal" />
            </Form.Item>
          ))}
        </div>
      </Form>
    </Modal>
  );
}

/** A food's prices by date, newest first, and a price set from a day. */
function PricesDialog({ food, onClose }: { food: Food; onClose: () => void }) {
  const prices = useFoodPrices(food.id);
  const setPrice = useSetPrice();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ price_per_kg: string; valid_from: Dayjs | null }>();
  const { onFinish, submitting } = useFormSubmit(
    form,
    async (v: { price_per_kg: string; valid_from: Dayjs | null }) => {
      await setPrice.mutateAsync({
        id: food.id,
        body: { price_per_kg: v.price_per_kg, valid_from: v.valid_from ? toApiDate(v.valid_from) : '' },
      });
      void message.success(t.priceSaved);
      form.resetFields(['price_per_kg']);
    },
  );
  return (
    <Modal
      open
      title={t.pricesTitle(food.name)}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t.close}</Button>}
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{ price_per_kg: '', valid_from: dayjs() }}
        onFinish={onFinish}
        data-testid="price-form"
        style={{ rowGap: 8 }}
      >
        <Form.Item name="price_per_kg" label={t.pricePerKg} rules={[{ required: true, message: FOOD_MESSAGES.price }]}>
          <Input inputMode="decimal" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="valid_from" label={t.priceFrom} rules={[{ required: true, message: FOOD_MESSAGES.priceDate }]}>
          <DatePicker format="DD.MM.YYYY" allowClear={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t.priceSave}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t.priceHint}
      </Typography.Paragraph>
      {prices.isError ? (
        <Alert type="error" showIcon title={errorText(prices.error)} />
      ) : !prices.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : prices.data.rows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.noPrices}</Typography.Paragraph>
      ) : (
        <Table
          size="small"
          rowKey="valid_from"
          pagination={false}
          data-testid="food-prices"
          dataSource={prices.data.rows}
          columns={[
            { key: 'from', title: t.priceFrom, render: (_, r) => formatDate(r.valid_from) },
            {
              key: 'price',
              title: t.pricePerKg,
              align: 'right',
              render: (_, r) => formatCost(r.price_per_kg, t.currency),
            },
          ]}
        />
      )}
    </Modal>
  );
}

/**
 * '/foods' (ours): the foods a card is built from, searched in three languages with typos forgiven;
 * the organization's own foods added, changed and removed (a shipped food's values taken as the start
 * of an own one); each food's prices per kilogram from a day (docs/rules.md "Foods and nutrients",
 * "Food prices and a dish's cost").
 */
export function FoodsPage() {
  const list = useListParams();
  const foods = useFoods({ query: list.debouncedQuery, limit: list.limit, offset: list.offset });
  const remove = useRemoveFood();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ food: Food | null; copy: boolean } | null>(null);
  const [pricing, setPricing] = useState<Food | null>(null);
  const columns: TableColumnsType<Food> = [
    {
      key: 'name',
      title: t.name,
      render: (_, f) => (
        <>
          <div>{f.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {f.own ? <Tag color="green">{t.own}</Tag> : f.ndb_no ? t.table(f.ndb_no) : null}
            {f.own ? f.source : ''}
          </Typography.Text>
        </>
      ),
    },
    { key: 'kcal', title: t.kcal, align: 'right', width: 80, render: (_, f) => figure(f.values.energyKcal) },
    { key: 'protein', title: t.protein, align: 'right', width: 80, render: (_, f) => figure(f.values.proteinG) },
    { key: 'fat', title: t.fat, align: 'right', width: 80, render: (_, f) => figure(f.values.fatG) },
    { key: 'carb', title: t.carbohydrate, align: 'right', width: 80, render: (_, f) => figure(f.values.carbohydrateG) },
    { key: 'refuse', title: t.refuse, align: 'right', width: 90, render: (_, f) => figure(f.refuse_pct) },
    {
      key: 'allergens',
      title: t.allergens,
      width: 160,
      render: (_, f) => f.allergens.map((a) => ALLERGEN_SHORT[a]).join(', '),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 150,
      render: (_, f) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<DollarOutlined />}
            aria-label={`${t.price}: ${f.name}`}
            title={t.price}
            onClick={() => setPricing(f)}
          />
          {f.own ? (
            <>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t.edit}: ${f.name}`}
                title={t.edit}
                onClick={() => setEditing({ food: f, copy: false })}
              />
              <ConfirmDelete
                title={t.removeQuestion}
                label={`${t.remove}: ${f.name}`}
                onConfirm={async () => {
                  await remove.mutateAsync(f.id);
                  void message.success(t.removed);
                }}
              />
            </>
          ) : (
            <Button
              type="text"
              icon={<CopyOutlined />}
              aria-label={`${t.copy}: ${f.name}`}
              title={t.copyHint}
              onClick={() => setEditing({ food: f, copy: true })}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Card
        title={t.title}
        data-testid="foods-page"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ food: null, copy: false })}>
            {t.add}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
        <Input.Search
          allowClear
          aria-label={t.search}
          placeholder={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 480, marginBottom: 16 }}
        />
        {foods.isError ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(foods.error)} />
        ) : (
          <Table<Food>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={foods.data?.rows}
            loading={foods.isFetching}
            locale={{ emptyText: t.empty }}
            scroll={{ x: 900 }}
            pagination={{
              current: list.page,
              pageSize: list.limit,
              total: foods.data?.total ?? 0,
              showSizeChanger: false,
              onChange: (page) => list.setPage(page),
            }}
          />
        )}
        {editing && <FoodEditor food={editing.food} copy={editing.copy} onClose={() => setEditing(null)} />}
        {pricing && <PricesDialog food={pricing} onClose={() => setPricing(null)} />}
      </Card>
      <CookingLossesCard />
    </>
  );
}
