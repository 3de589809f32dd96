import { PrinterOutlined } from '@ant-design/icons';
import { ALLERGEN_NAMES } from '@tamaq/contract/allergens';
import type { KitchenCount, RestrictedMealRule } from '@tamaq/contract/kitchen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useId } from 'react';
import { appLanguage, i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { formatDate, fromApiDate, toApiDate } from '../../lib/dates.ts';
import { useSession } from '../../lib/use-session.ts';
import { PrintOnly } from '../../ui/print-only.tsx';
import { nameText } from '../../ui/content-name.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';

const t = i18n.calendar.kitchen;
const kinds = i18n.calendar.kinds;
type Row = KitchenCount['classes'][number];

const PRINT_CSS = `
  .tamaq-kitchen { font: 11pt/1.35 Arial, sans-serif; }
  .tamaq-kitchen h1 { font-size: 15pt; margin: 0 0 4mm; }
  .tamaq-kitchen table { border-collapse: collapse; width: 100%; }
  .tamaq-kitchen th, .tamaq-kitchen td { border: 1px solid #000; padding: 1.5mm 2mm; text-align: right; }
  .tamaq-kitchen th:first-child, .tamaq-kitchen td:first-child { text-align: left; }
  .tamaq-kitchen tfoot td { font-weight: bold; }
  .tamaq-kitchen h2 { font-size: 12pt; margin: 6mm 0 2mm; }
  .tamaq-kitchen .tamaq-kitchen-restricted td { text-align: left; }
  .tamaq-kitchen p { margin: 8mm 0 0; }`;

/** The count as one A4 page for the kitchen: a row per class, the categories, the meals, the totals, two signatures. */
/** A meal of one shift says so: its portions are that shift's classes'. */
function mealTitle(m: KitchenCount['meals'][number]) {
  const words = i18n.catalogs.mealTimes;
  return m.shift === null ? m.name : `${m.name} (${m.shift === 1 ? words.shift1 : words.shift2})`;
}

type Restricted = KitchenCount['restricted'][number];
const allergensOf = (r: Restricted) => r.allergens.map((a) => ALLERGEN_NAMES[a]).join(', ');
const dishesOf = (r: Restricted) => r.dishes.map((d) => nameText(d)).join(', ');
const menuOf = (data: KitchenCount) => (data.menu ? `«${nameText(data.menu)}», ${data.menu.day}` : '');

/**
 * The school's rule at the queue for a pupil whose restrictions meet a dish of the day: record the
 * meal and warn, or refuse it. Saved at once; every kitchen day of the school shows the new rule.
 */
function RestrictedRuleSelect({ data }: { data: KitchenCount }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labelId = useId();
  const schoolId = data.school.id;
  const save = useMutation({
    mutationFn: (rule: RestrictedMealRule) => callEndpoint('kitchen', 'restrictedRule', { body: { schoolId, rule } }),
    onSuccess: (saved) => {
      queryClient.setQueriesData<KitchenCount>({ queryKey: ['kitchen', schoolId] }, (old) =>
        old ? { ...old, restricted_rule: saved.rule } : old,
      );
      void message.success(t.ruleSaved);
    },
    onError: (err) => void message.error(errorText(err)),
  });
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text id={labelId}>{t.rule}:</Typography.Text>
      <Select<RestrictedMealRule>
        aria-labelledby={labelId}
        data-testid="kitchen-rule"
        loading={save.isPending}
        disabled={save.isPending}
        value={save.isPending ? save.variables : data.restricted_rule}
        onChange={(rule) => save.mutate(rule)}
        options={[
          { value: 'warn', label: t.ruleWarn },
          { value: 'refuse', label: t.ruleRefuse },
        ]}
        style={{ minWidth: 260 }}
      />
    </Flex>
  );
}

/** The pupils whose restrictions the day's dishes meet, as the kitchen reads them (screen and print). */
function RestrictedList({ data }: { data: KitchenCount }) {
  if (!data.menu)
    return (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t.noMenu}</Typography.Text>
        <RestrictedRuleSelect data={data} />
      </Flex>
    );
  return (
    <Flex vertical gap={8} data-testid="kitchen-restricted">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t.restricted(menuOf(data))}
      </Typography.Title>
      <RestrictedRuleSelect data={data} />
      {data.restricted.length === 0 ? (
        <Typography.Text type="secondary">{t.restrictedNone}</Typography.Text>
      ) : (
        <Table<Restricted>
          rowKey={(r) => r.pupil.id}
          size="small"
          pagination={false}
          dataSource={data.restricted}
          columns={[
            { key: 'class', title: t.classroom, render: (_, r) => nameText(r.classroom) },
            { key: 'pupil', title: t.pupil, render: (_, r) => r.pupil.name },
            { key: 'allergens', title: t.allergens, render: (_, r) => <strong>{allergensOf(r)}</strong> },
            { key: 'dishes', title: t.dishes, render: (_, r) => dishesOf(r) },
            { key: 'note', title: t.note, render: (_, r) => r.note ?? '' },
            { key: 'certificate', title: t.certificate, render: (_, r) => (r.confirmed ? t.certificateYes : '—') },
          ]}
        />
      )}
    </Flex>
  );
}

function Sheet({ data }: { data: KitchenCount }) {
  const line = (name: string, r: Row | KitchenCount['totals']) => (
    <>
      <td>{name}</td>
      {data.categories.map((c) => (
        <td key={c.id}>{r.by_category[String(c.id)] ?? 0}</td>
      ))}
      <td>{r.absent}</td>
      {data.meals.map((m) => (
        <td key={m.id}>{r.by_meal[String(m.id)] ?? 0}</td>
      ))}
      <td>{r.due}</td>
    </>
  );
  return (
    <div className="tamaq-kitchen">
      <h1>{t.heading(nameText(data.school), formatDate(data.date))}</h1>
      <table>
        <thead>
          <tr>
            <th>{t.classroom}</th>
            {data.categories.map((c) => (
              <th key={c.id}>{nameText(c)}</th>
            ))}
            <th>{t.absent}</th>
            {data.meals.map((m) => (
              <th key={m.id}>{mealTitle(m)}</th>
            ))}
            <th>{t.due}</th>
          </tr>
        </thead>
        <tbody>
          {data.classes.map((c) => (
            <tr key={c.id}>{line(nameText(c), c)}</tr>
          ))}
        </tbody>
        <tfoot>
          <tr>{line(t.total, data.totals)}</tr>
        </tfoot>
      </table>
      {data.restricted.length > 0 && (
        <>
          <h2>{t.restricted(menuOf(data))}</h2>
          <table className="tamaq-kitchen-restricted">
            <thead>
              <tr>
                <th>{t.classroom}</th>
                <th>{t.pupil}</th>
                <th>{t.allergens}</th>
                <th>{t.dishes}</th>
                <th>{t.certificate}</th>
              </tr>
            </thead>
            <tbody>
              {data.restricted.map((r) => (
                <tr key={r.pupil.id}>
                  <td>{nameText(r.classroom)}</td>
                  <td>{r.pupil.name}</td>
                  <td>{allergensOf(r)}</td>
                  <td>{dishesOf(r)}</td>
                  <td>{r.confirmed ? t.certificateYes : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p>{t.signature}</p>
    </div>
  );
}

/**
 * '/kitchen' (ours, docs/rules.md "The kitchen's count"): how many portions a school's day is due,
 * per class and food category, without the pupils marked away; the next working day a click away;
 * printed on one A4 page for the kitchen.
 */
export function KitchenPage() {
  const locked = useSession()?.school ?? null;
  const list = useListParams();
  const { setParam } = list;
  const schoolId = locked ?? (Number(list.params.schoolId) || null);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(String(list.params.date ?? ''))
    ? String(list.params.date)
    : toApiDate(dayjs());
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const count = useQuery({
    queryKey: ['kitchen', schoolId, date],
    queryFn: ({ signal }) => callEndpoint('kitchen', 'count', { query: { schoolId: schoolId!, date } }, { signal }),
    enabled: schoolId !== null,
  });
  const data = count.data;
  const working = data && (data.day.kind === 'working' || data.day.kind === 'shortened');
  const dayName = data && (appLanguage() === 'kk' ? (data.day.name_kk ?? data.day.name) : data.day.name);

  const columns: TableColumnsType<Row> = [
    { key: 'name', title: t.classroom, render: (_, r) => nameText(r) },
    ...(data?.categories ?? []).map((c) => ({
      key: `c${c.id}`,
      title: nameText(c),
      align: 'right' as const,
      render: (_: unknown, r: Row) => r.by_category[String(c.id)] ?? 0,
    })),
    { key: 'pupils', title: t.pupils, align: 'right', render: (_, r) => r.pupils },
    { key: 'absent', title: t.absent, align: 'right', render: (_, r) => r.absent },
    // Where the organization has meal times: the portions of each, the pupils whose category pays it.
    ...(data?.meals ?? []).map((m) => ({
      key: `m${m.id}`,
      title: `${mealTitle(m)} ${m.time_start}`,
      align: 'right' as const,
      render: (_: unknown, r: Row) => r.by_meal[String(m.id)] ?? 0,
    })),
    { key: 'due', title: t.due, align: 'right', render: (_, r) => <strong>{r.due}</strong> },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        title={t.title}
        data-testid="kitchen-page"
        extra={
          <Space wrap>
            {locked === null && <SchoolSelect value={schoolId} onChange={chooseSchool} />}
            <DatePicker
              format="DD.MM.YYYY"
              aria-label={t.date}
              allowClear={false}
              value={fromApiDate(date)}
              onChange={(d: Dayjs | null) => d && setParam('date', toApiDate(d))}
            />
            <Button onClick={() => setParam('date', toApiDate(dayjs()))}>{t.today}</Button>
            {data?.next_working_day && (
              <Button onClick={() => setParam('date', data.next_working_day)} data-testid="kitchen-next">
                {t.next(formatDate(data.next_working_day))}
              </Button>
            )}
            <Button type="primary" icon={<PrinterOutlined />} disabled={!working} onClick={() => window.print()}>
              {t.print}
            </Button>
          </Space>
        }
      >
        {schoolId === null || count.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : count.error ? (
          <Alert type="error" showIcon title={errorText(count.error)} />
        ) : !working ? (
          <Alert
            type="info"
            showIcon
            data-testid="kitchen-day-off"
            title={t.notWorking(
              `${formatDate(data!.date)} — ${kinds[data!.day.kind]}${dayName ? ` «${dayName}»` : ''}`,
            )}
          />
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t.hint}</Typography.Text>
            <Table<Row>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data!.classes}
              pagination={false}
              data-testid="kitchen-table"
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <strong>{t.total}</strong>
                  </Table.Summary.Cell>
                  {data!.categories.map((c, i) => (
                    <Table.Summary.Cell key={c.id} index={i + 1} align="right">
                      {data!.totals.by_category[String(c.id)] ?? 0}
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={data!.categories.length + 1} align="right">
                    {data!.totals.pupils}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={data!.categories.length + 2} align="right">
                    {data!.totals.absent}
                  </Table.Summary.Cell>
                  {data!.meals.map((m, i) => (
                    <Table.Summary.Cell key={m.id} index={data!.categories.length + 3 + i} align="right">
                      {data!.totals.by_meal[String(m.id)] ?? 0}
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={data!.categories.length + data!.meals.length + 3} align="right">
                    <strong data-testid="kitchen-total">{data!.totals.due}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <RestrictedList data={data!} />
          </Flex>
        )}
      </Card>
      {data && working && (
        <PrintOnly page="A4" css={PRINT_CSS}>
          <Sheet data={data} />
        </PrintOnly>
      )}
    </Flex>
  );
}
