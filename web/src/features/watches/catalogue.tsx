import { WATCH_MESSAGES, Watch, WatchCreate, WatchUpdate } from '@tamaq/contract/watches';
import { Form, Input, Typography } from 'antd';
import { bilingual } from '../../i18n/bilingual.ts';
import { defineResource } from '../../lib/resource.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ResourceForm } from '../../ui/resource-form.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';
import { DayGrid } from './day-grid.tsx';
import { compactDays, daysOf } from './days.ts';

/**
 * Duty schedules (docs/product.md "Watches"): the month days on which their holders may eat. A
 * catalogue of `catalogues.ts`: its list is '/watches', its form '/watch/create' and '/watch/:id'.
 */
const resource = defineResource({
  key: 'watches',
  group: 'watches',
  row: Watch,
  create: WatchCreate,
  update: WatchUpdate,
});

const t = bilingual({
  ru: {
    title: 'Графики дежурств',
    newTitle: 'Новый график',
    editTitle: 'Редактирование графика',
    search: 'Поиск по названию',
    add: 'Добавить график',
    name: 'Название',
    namePlaceholder: 'Например, Смена А',
    days: 'Дни месяца',
    daysHint: 'В отмеченные дни сотрудник с этим графиком может питаться',
    daysCount: (n: number) =>
      `${n} ${n % 10 === 1 && n % 100 !== 11 ? 'день' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'дня' : 'дней'}`,
    day: (d: number) => `${d} число`,
    selectAll: 'Отметить все',
    clear: 'Снять все',
    confirmDelete: 'Вы действительно желаете удалить график дежурств?',
    deleted: 'График удалён',
    created: 'График добавлен',
    saved: 'График сохранён',
    loadFailed: 'Не удалось загрузить график',
    empty: 'Графиков пока нет',
  },
  kk: {
    title: 'Кезекшілік кестелері',
    newTitle: 'Жаңа кесте',
    editTitle: 'Кестені өңдеу',
    search: 'Атауы бойынша іздеу',
    add: 'Кесте қосу',
    name: 'Атауы',
    namePlaceholder: 'Мысалы, А ауысымы',
    days: 'Айдың күндері',
    daysHint: 'Белгіленген күндері осы кестедегі қызметкер тамақтана алады',
    daysCount: (n: number) => `${n} күн`,
    day: (d: number) => `${d}-күні`,
    selectAll: 'Барлығын белгілеу',
    clear: 'Барлығын алып тастау',
    confirmDelete: 'Кезекшілік кестесін шынымен жойғыңыз келе ме?',
    deleted: 'Кесте жойылды',
    created: 'Кесте қосылды',
    saved: 'Кесте сақталды',
    loadFailed: 'Кестені жүктеу мүмкін болмады',
    empty: 'Әзірге кесте жоқ',
  },
});

/** The schedules with search and delete; days shown as ranges ("1–5, 10"). */
export function ListScreen() {
  return (
    <ResourceList<Watch>
      resource={resource}
      texts={t}
      formPath="/watch"
      testId="watches-page"
      columns={[
        {
          key: 'days',
          title: t.days,
          render: (_, row) => {
            const days = daysOf(row.days);
            return (
              <span data-testid="watch-days">
                {compactDays(days)} <Typography.Text type="secondary">({t.daysCount(days.length)})</Typography.Text>
              </span>
            );
          },
        },
      ]}
    />
  );
}

/** A schedule's name and the month days to check. */
export function FormScreen() {
  return (
    <ResourceForm
      resource={resource}
      texts={t}
      backPath="/watches"
      testId="watch-form-page"
      skeletonRows={5}
      values={(w) => ({ name: w?.name ?? '', days: daysOf(w?.days) })}
    >
      <Form.Item name="name" label={t.name} rules={[fromSchema(WatchCreate.shape.name)]} required>
        <Input maxLength={255} placeholder={t.namePlaceholder} autoFocus />
      </Form.Item>
      <Form.Item
        name="days"
        label={t.days}
        extra={t.daysHint}
        required
        rules={[{ type: 'array', min: 1, required: true, message: WATCH_MESSAGES.noDays }]}
      >
        <DayGrid texts={t} />
      </Form.Item>
    </ResourceForm>
  );
}
