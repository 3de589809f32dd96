import { AGE_GROUP_MESSAGES, AgeGroup, AgeGroupCreate, AgeGroupUpdate, MAX_AGE } from '@tamaq/contract/age-groups';
import { Form, Space } from 'antd';
import { bilingual } from '../../i18n/bilingual.ts';
import { defineResource } from '../../lib/resource.ts';
import { IntegerInput } from '../../ui/integer-input.tsx';
import { NameFields } from '../../ui/name-fields.tsx';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';

/**
 * Age groups (docs/rules.md "Age groups and norms"): a dish's portion and a norm are given for each.
 * A catalogue of `catalogues.ts`: its list is '/age/groups', its form '/age/group/create' and '/age/group/:id'.
 */
const resource = defineResource({
  key: 'age-groups',
  group: 'age-groups',
  row: AgeGroup,
  create: AgeGroupCreate,
  update: AgeGroupUpdate,
});

const t = bilingual({
  ru: {
    title: 'Возрастные группы',
    newTitle: 'Новая возрастная группа',
    editTitle: 'Возрастная группа',
    search: 'Поиск по названию',
    add: 'Добавить группу',
    name: 'Название',
    namePlaceholder: 'Например, 6–10 лет',
    ages: 'Возраст, полных лет',
    from: 'от',
    to: 'до',
    years: (from: number, to: number) => `${from}–${to} лет`,
    agesHint: 'Оба края включительно: группа «6–10 лет» — дети от 6 до 10 лет',
    confirmDelete: 'Вы действительно желаете удалить возрастную группу?',
    deleted: 'Группа удалена',
    created: 'Группа добавлена',
    saved: 'Группа сохранена',
    loadFailed: 'Не удалось загрузить возрастную группу',
    empty: 'Возрастных групп пока нет: добавьте группы, для которых даются порции и нормы',
  },
  kk: {
    title: 'Жас топтары',
    newTitle: 'Жаңа жас тобы',
    editTitle: 'Жас тобы',
    search: 'Атауы бойынша іздеу',
    add: 'Топ қосу',
    name: 'Атауы',
    namePlaceholder: 'Мысалы, 6–10 жас',
    ages: 'Жасы, толық жыл',
    from: 'бастап',
    to: 'дейін',
    years: (from: number, to: number) => `${from}–${to} жас`,
    agesHint: 'Екі шегі де қосылады: «6–10 жас» тобы — 6-дан 10 жасқа дейінгі балалар',
    confirmDelete: 'Жас тобын шынымен жойғыңыз келе ме?',
    deleted: 'Топ жойылды',
    created: 'Топ қосылды',
    saved: 'Топ сақталды',
    loadFailed: 'Жас тобын жүктеу мүмкін болмады',
    empty: 'Әзірге жас топтары жоқ: порциялар мен нормалар берілетін топтарды қосыңыз',
  },
});

type Values = { name: string; name_kk: string; age_from: number | null; age_to: number | null };

/** The groups youngest first, with their ages. */
export function ListScreen() {
  return (
    <ResourceList<AgeGroup>
      resource={resource}
      texts={t}
      formPath="/age/group"
      testId="age-groups-page"
      columns={[
        {
          key: 'ages',
          title: t.ages,
          width: 200,
          render: (_, row) => <span data-testid="age-group-ages">{t.years(row.age_from, row.age_to)}</span>,
        },
      ]}
    />
  );
}

/** A group's names and its ages, from and to, whole years. */
export function FormScreen() {
  const age = { type: 'integer' as const, min: 0, max: MAX_AGE, message: AGE_GROUP_MESSAGES.age };
  return (
    <ResourceForm
      resource={resource}
      texts={t}
      backPath="/age/groups"
      testId="age-group-form-page"
      skeletonRows={3}
      values={(g): Values => ({
        name: g ? (g.name_ru ?? '') : '',
        name_kk: g?.name_kk ?? '',
        age_from: g?.age_from ?? null,
        age_to: g?.age_to ?? null,
      })}
      body={(v: Values) => ({ name: v.name, name_kk: v.name_kk, age_from: v.age_from, age_to: v.age_to })}
    >
      <NameFields max={100} placeholder={t.namePlaceholder} />
      <Form.Item label={t.ages} extra={t.agesHint} required>
        <Space wrap>
          <Form.Item name="age_from" noStyle rules={[{ required: true, ...age }]}>
            <IntegerInput aria-label={`${t.ages}, ${t.from}`} prefix={t.from} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item
            name="age_to"
            noStyle
            dependencies={['age_from']}
            rules={[
              { required: true, ...age },
              ({ getFieldValue }) => ({
                validator: async (_, value: unknown) => {
                  const from: unknown = getFieldValue('age_from');
                  if (typeof value === 'number' && typeof from === 'number' && value < from)
                    throw new Error(AGE_GROUP_MESSAGES.ageOrder);
                },
              }),
            ]}
          >
            <IntegerInput aria-label={`${t.ages}, ${t.to}`} prefix={t.to} style={{ width: 150 }} />
          </Form.Item>
        </Space>
      </Form.Item>
    </ResourceForm>
  );
}
