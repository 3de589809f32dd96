import {
  OWN_ENTRY_KINDS,
  ENTRY_KINDS,
  type CalendarDay,
  type CalendarEntry,
  type CalendarYear,
  type EntryKind,
} from '@tamaq/contract/calendar';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { appLanguage } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate, fromApiDate, toApiDate } from '../../lib/dates.ts';
import { useSession } from '../../lib/use-session.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { enterKeepsForm } from '../../ui/enter-keeps-form.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useCalendarYear, useRemoveEntry, useSaveEntry, useSaveWeek } from './calendar-api.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.calendar;
const WEEKDAYS = i18n.food.menuPrint.weekdays;

/** Colours of a day's kind: text on its background keeps a 4.5:1 contrast (WCAG AA). */
const KIND_STYLE: Record<CalendarDay['kind'], { background: string; color: string; border: string }> = {
  working: { background: '#ffffff', color: '#1f1f1f', border: '#d9d9d9' },
  shortened: { background: '#fffbe6', color: '#614700', border: '#ffe58f' },
  rest: { background: '#f0f0f0', color: '#595959', border: '#f0f0f0' },
  holiday: { background: '#fff1f0', color: '#a8071a', border: '#ffa39e' },
  day_off: { background: '#fff7e6', color: '#873800', border: '#ffd591' },
  vacation: { background: '#e6f4ff', color: '#003eb3', border: '#91caff' },
};

const CSS = `
  .tamaq-year { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 16px; }
  .tamaq-month h3 { font-size: 14px; margin: 0 0 4px; }
  .tamaq-month table { border-collapse: separate; border-spacing: 2px; width: 100%; }
  .tamaq-month th { font-weight: normal; font-size: 12px; color: #595959; }
  .tamaq-day { width: 100%; min-width: 28px; height: 28px; border-radius: 4px; border: 1px solid; cursor: pointer;
    font: inherit; font-size: 13px; padding: 0; }
  .tamaq-day[aria-disabled='true'] { cursor: default; }
  .tamaq-day.grades { border-style: dashed; border-color: #1677ff; }
  .tamaq-day.today { outline: 2px solid #1f1f1f; outline-offset: 1px; font-weight: bold; }
  .tamaq-day:focus-visible { outline: 3px solid #1677ff; outline-offset: 1px; }
  .tamaq-legend { display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 0 0 12px; padding: 0; list-style: none; }
  .tamaq-legend li { display: flex; align-items: center; gap: 6px; }
  .tamaq-legend span.box { width: 18px; height: 18px; border-radius: 4px; border: 1px solid; display: inline-block; }`;

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** The academic year holding today: from September on, this year's. */
const currentYear = () => (dayjs().month() >= 8 ? dayjs().year() : dayjs().year() - 1);
const kazakh = () => appLanguage() === 'kk';
const nameOf = (d: { name: string | null; name_kk: string | null }) => (kazakh() ? (d.name_kk ?? d.name) : d.name);

interface EntryValues {
  kind: EntryKind;
  name: string;
  name_kk: string;
  date_from: Dayjs | null;
  date_to: Dayjs | null;
  grade_from: number | null;
  grade_to: number | null;
  moves: boolean;
  source: string;
}

/** The form of one entry: a new one from a day clicked, or one of the scope's to change. */
function EntryModal({
  open,
  date,
  entry,
  year,
  superAdmin,
  onClose,
}: {
  open: boolean;
  date: string;
  entry: CalendarEntry | null;
  year: CalendarYear;
  superAdmin: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<EntryValues>();
  const { message } = App.useApp();
  const save = useSaveEntry();
  const remove = useRemoveEntry();
  const day = year.days.find((d) => d.date === date);
  const kinds = superAdmin ? ENTRY_KINDS : OWN_ENTRY_KINDS;
  const kind = Form.useWatch('kind', form);
  const ownOfDay = year.entries.filter(
    (e) => e.scope === year.scope && e.date_from <= date && e.date_to >= date && e.id !== entry?.id,
  );

  useEffect(() => {
    if (!open) return;
    const initialKind: EntryKind = entry?.kind ?? (day?.kind === 'working' ? 'day_off' : 'working');
    form.setFieldsValue({
      kind: initialKind,
      name: entry?.name ?? t.defaultNames[initialKind],
      name_kk: entry?.name_kk ?? '',
      date_from: fromApiDate(entry?.date_from ?? date),
      date_to: fromApiDate(entry?.date_to ?? date),
      grade_from: entry?.grade_from ?? null,
      grade_to: entry?.grade_to ?? null,
      moves: entry?.moves ?? false,
      source: entry?.source ?? '',
    });
  }, [open, entry, date, day?.kind, form]);

  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: EntryValues) => {
      const body = {
        kind: v.kind,
        name: v.name,
        name_kk: v.name_kk || null,
        date_from: toApiDate(v.date_from),
        date_to: toApiDate(v.date_to),
        grade_from: v.kind === 'vacation' ? v.grade_from : null,
        grade_to: v.kind === 'vacation' ? v.grade_to : null,
        moves: v.kind === 'holiday' && v.moves,
        source: v.source || null,
      };
      return save.mutateAsync(entry ? { ...body, id: entry.id } : { ...body, school_id: year.school?.id ?? null });
    },
    {
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(t.saved);
        onClose();
      },
    },
  );

  const title = t.dayTitle(WEEKDAYS[weekday(date)]!, formatDate(date));
  return (
    <Modal
      open={open}
      title={entry ? t.editEntry : title}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      data-testid="calendar-day-modal"
    >
      {day && !entry && (
        <Typography.Paragraph>
          {t.now}: <Tag style={{ ...KIND_STYLE[day.kind] }}>{t.kinds[day.kind]}</Tag>
          {nameOf(day) ?? ''}
        </Typography.Paragraph>
      )}
      {!entry && ownOfDay.length > 0 && (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text strong>{t.entriesOfDay}</Typography.Text>
          {ownOfDay.map((e) => (
            <Flex key={e.id} justify="space-between" align="center" gap={8} data-testid="day-entry">
              <span>
                {formatDate(e.date_from)}
                {e.date_to !== e.date_from ? `–${formatDate(e.date_to)}` : ''}: {t.kinds[e.kind]} — {nameOf(e)}
              </span>
              <ConfirmDelete
                title={t.removeQuestion}
                label={t.remove}
                onConfirm={async () => {
                  await remove.mutateAsync(e.id);
                  void message.success(t.removed);
                  onClose();
                }}
              />
            </Flex>
          ))}
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {entry ? null : t.makeDay}
      </Typography.Title>
      <Form<EntryValues> form={form} layout="vertical" onFinish={onFinish} data-testid="calendar-entry-form">
        <Form.Item name="kind" label={t.kind}>
          <Radio.Group
            optionType="button"
            options={kinds.map((k) => ({ value: k, label: t.kinds[k] }))}
            onChange={(e) => {
              const next = e.target.value as EntryKind;
              const name = form.getFieldValue('name') as string;
              if (!name || Object.values(t.defaultNames).includes(name as never))
                form.setFieldValue('name', t.defaultNames[next]);
            }}
          />
        </Form.Item>
        <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.name }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="name_kk" label={t.nameKk}>
          <Input maxLength={120} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="date_from" label={t.dateFrom} rules={[{ required: true, message: t.chooseDate }]}>
            <DatePicker format="DD.MM.YYYY" aria-label={t.dateFrom} onKeyDown={enterKeepsForm} />
          </Form.Item>
          <Form.Item name="date_to" label={t.dateTo} rules={[{ required: true, message: t.chooseDate }]}>
            <DatePicker format="DD.MM.YYYY" aria-label={t.dateTo} onKeyDown={enterKeepsForm} />
          </Form.Item>
        </Space>
        {kind === 'vacation' && (
          <Space wrap>
            <Form.Item name="grade_from" label={t.gradeFrom} extra={t.grades}>
              <InputNumber aria-label={t.gradeFrom} />
            </Form.Item>
            <Form.Item name="grade_to" label={t.gradeTo}>
              <InputNumber aria-label={t.gradeTo} />
            </Form.Item>
          </Space>
        )}
        {kind === 'holiday' && (
          <Form.Item name="moves" valuePropName="checked">
            <Checkbox>{t.moves}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="source" label={t.source}>
          <Input maxLength={500} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t.save}
          </Button>
          <Button onClick={onClose}>{t.cancel}</Button>
        </Space>
      </Form>
    </Modal>
  );
}

/** The twelve months of the academic year; one day takes the focus at a time, the arrows move it. */
function YearGrid({ year, onOpen }: { year: CalendarYear; onOpen: (date: string) => void }) {
  const today = toApiDate(dayjs());
  const byDate = useMemo(() => new Map(year.days.map((d) => [d.date, d])), [year.days]);
  const [chosen, setFocused] = useState(today);
  // The day that takes the focus: the one last focused, today, else the year's first (another year shown).
  const focused = chosen >= year.from && chosen <= year.to ? chosen : year.from;
  const grid = useRef<HTMLDivElement>(null);
  const move = useCallback(
    (to: string) => {
      if (to < year.from || to > year.to) return;
      setFocused(to);
      grid.current?.querySelector<HTMLButtonElement>(`[data-date="${to}"]`)?.focus();
    },
    [year.from, year.to],
  );
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    move(addDays(date, step));
  };

  const months: string[] = [];
  for (let m = 0; m < 12; m++) months.push(dayjs(year.from).add(m, 'month').format('YYYY-MM'));
  return (
    <div className="tamaq-year" ref={grid} data-testid="calendar-year">
      {months.map((month) => {
        const first = `${month}-01`;
        const count = dayjs(first).daysInMonth();
        const lead = (weekday(first) + 6) % 7;
        const cells: (string | null)[] = [
          ...Array<null>(lead).fill(null),
          ...Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
        ];
        const weeks: (string | null)[][] = [];
        for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
        const title = `${t.months[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
        return (
          <section key={month} className="tamaq-month" aria-label={title}>
            <h3>{title}</h3>
            <table role="presentation">
              <thead>
                <tr>
                  {t.weekdaysShort.map((w) => (
                    <th key={w} scope="col">
                      {w}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week, i) => (
                  <tr key={i}>
                    {week.map((date, j) => {
                      if (!date) return <td key={j} />;
                      const d = byDate.get(date);
                      const kind = d?.kind ?? 'working';
                      const grades = d?.grade_vacations ?? [];
                      const name = d ? nameOf(d) : null;
                      const extra = grades
                        .map(
                          (g) =>
                            `${g.kind === 'five_day' ? t.fiveDayRest : t.gradeVacation} (${t.gradesOf(g.from, g.to)})`,
                        )
                        .join('; ');
                      const label = t.dayLabel(
                        formatDate(date),
                        WEEKDAYS[weekday(date)]!,
                        t.kinds[kind],
                        [name, extra].filter(Boolean).join('; ') || null,
                      );
                      return (
                        <td key={j}>
                          <button
                            type="button"
                            className={`tamaq-day${grades.length ? ' grades' : ''}${date === today ? ' today' : ''}`}
                            style={KIND_STYLE[kind]}
                            data-date={date}
                            data-kind={kind}
                            aria-label={label}
                            title={label}
                            tabIndex={date === focused ? 0 : -1}
                            aria-disabled={!year.editable}
                            onFocus={() => setFocused(date)}
                            onKeyDown={(e) => onKey(e, date)}
                            onClick={() => year.editable && onOpen(date)}
                          >
                            {Number(date.slice(8))}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}

/**
 * '/calendar' (ours, docs/rules.md "The school's year"): the academic year at a glance, each day
 * coloured by its kind; a click on a day (Enter on the focused one) changes it for the scope shown:
 * the country for the super admin, the organization or one school for an admin. A school's week of
 * five or six days. The entries below, each with its dates and source.
 */
export function CalendarPage() {
  const { message } = App.useApp();
  const session = useSession();
  const superAdmin = session?.role === 'SuperAdmin';
  const locked = (session?.school ?? null) !== null;
  const list = useListParams();
  const schoolId = Number(list.params.schoolId) || null;
  const yearParam = Number(list.params.year);
  const academic = Number.isInteger(yearParam) && yearParam >= 2020 && yearParam <= 2099 ? yearParam : currentYear();
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const { data, isPending, error, refetch } = useCalendarYear(academic, schoolId);
  const saveWeek = useSaveWeek();
  const [opened, setOpened] = useState<{ date: string; entry: CalendarEntry | null } | null>(null);

  const years = [currentYear() - 1, currentYear(), currentYear() + 1];
  const scopeTitle =
    data?.scope === 'country'
      ? t.country
      : data?.scope === 'school'
        ? data.school && nameText(data.school)
        : t.organization;

  const columns: TableColumnsType<CalendarEntry> = [
    {
      key: 'dates',
      title: t.columns.dates,
      width: 200,
      render: (_, e) =>
        e.date_from === e.date_to ? formatDate(e.date_from) : `${formatDate(e.date_from)} – ${formatDate(e.date_to)}`,
    },
    {
      key: 'kind',
      title: t.columns.kind,
      width: 170,
      render: (_, e) => {
        const kind = e.kind === 'vacation' && e.grade_from !== null ? 'vacation' : e.kind;
        return (
          <Tag style={{ ...KIND_STYLE[kind] }}>
            {t.kinds[kind]}
            {e.grade_from !== null && e.grade_to !== null ? ` · ${t.gradesOf(e.grade_from, e.grade_to)}` : ''}
          </Tag>
        );
      },
    },
    { key: 'name', title: t.columns.name, render: (_, e) => nameOf(e) },
    { key: 'scope', title: t.columns.scope, width: 120, render: (_, e) => t.scopes[e.scope] },
    {
      key: 'source',
      title: t.columns.source,
      render: (_, e) => (
        <Typography.Text type="secondary">{kazakh() ? (e.source_kk ?? e.source) : e.source}</Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: t.columns.actions,
      width: 160,
      render: (_, e) =>
        data?.editable && e.scope === data.scope ? (
          <Button size="small" onClick={() => setOpened({ date: e.date_from, entry: e })}>
            {t.edit}
          </Button>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <style>{CSS}</style>
      <Card
        title={t.title}
        data-testid="calendar-page"
        extra={
          <Space wrap>
            {!superAdmin && !locked && (
              <SchoolSelect value={schoolId} onChange={chooseSchool} allowAll allLabel={t.wholeOrganization} />
            )}
            <Select
              aria-label={t.year}
              value={academic}
              onChange={(y: number) => setParam('year', y)}
              options={years.map((y) => ({ value: y, label: t.yearOption(y) }))}
              style={{ width: 130 }}
              data-testid="calendar-year-select"
            />
          </Space>
        }
      >
        {isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : error ? (
          <Alert
            type="error"
            showIcon
            title={errorText(error)}
            action={<Button onClick={() => void refetch()}>{i18n.ui.table.retry}</Button>}
          />
        ) : (
          <>
            <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {scopeTitle} · {t.yearOption(academic)}
              </Typography.Title>
              {data.school && (
                <Space>
                  <span id="calendar-week-label">{t.week}</span>
                  <Radio.Group
                    aria-labelledby="calendar-week-label"
                    optionType="button"
                    value={data.school.week_days}
                    disabled={!data.editable || saveWeek.isPending}
                    options={[5, 6].map((n) => ({ value: n, label: t.weekOption(n) }))}
                    onChange={(e) =>
                      void saveWeek
                        .mutateAsync({ school_id: data.school!.id, week_days: e.target.value as 5 | 6 })
                        .then(() => message.success(t.weekSaved))
                        .catch((err: unknown) => message.error(errorText(err)))
                    }
                  />
                  {data.school.week_days === 6 && (
                    <>
                      <span id="calendar-five-day-label">{t.fiveDay}</span>
                      <Select
                        aria-labelledby="calendar-five-day-label"
                        data-testid="calendar-five-day"
                        style={{ minWidth: 190 }}
                        value={data.school.five_day_to_grade ?? -1}
                        disabled={!data.editable || saveWeek.isPending}
                        options={[
                          { value: -1, label: t.fiveDayNone },
                          ...Array.from({ length: 11 }, (_, k) => ({ value: k + 1, label: t.fiveDayTo(k + 1) })),
                        ]}
                        onChange={(v: number) =>
                          void saveWeek
                            .mutateAsync({
                              school_id: data.school!.id,
                              week_days: 6,
                              five_day_to_grade: v === -1 ? null : v,
                            })
                            .then(() => message.success(t.weekSaved))
                            .catch((err: unknown) => message.error(errorText(err)))
                        }
                      />
                    </>
                  )}
                </Space>
              )}
            </Flex>
            {data.unknown_years.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title={t.unknownYears(data.unknown_years.join(', '))}
                style={{ marginBottom: 12 }}
                data-testid="calendar-unknown-years"
              />
            )}
            {data.kindergarten && <Alert type="info" showIcon title={t.kindergarten} style={{ marginBottom: 12 }} />}
            <Typography.Paragraph type="secondary">{data.editable ? t.hint : t.readOnly}</Typography.Paragraph>
            <ul className="tamaq-legend" aria-label={t.kind}>
              {(Object.keys(KIND_STYLE) as CalendarDay['kind'][]).map((k) => (
                <li key={k}>
                  <span className="box" style={KIND_STYLE[k]} aria-hidden />
                  {t.kinds[k]}
                </li>
              ))}
              <li>
                <span
                  className="box"
                  style={{ ...KIND_STYLE.working, borderStyle: 'dashed', borderColor: '#1677ff' }}
                  aria-hidden
                />
                {t.gradeVacation}
              </li>
            </ul>
            <YearGrid year={data} onOpen={(date) => setOpened({ date, entry: null })} />
          </>
        )}
      </Card>
      {data && (
        <Card title={t.entries}>
          <Table<CalendarEntry>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data.entries}
            pagination={false}
            locale={{ emptyText: t.noEntries }}
            data-testid="calendar-entries"
          />
        </Card>
      )}
      {data && opened && (
        <EntryModal
          open
          date={opened.date}
          entry={opened.entry}
          year={data}
          superAdmin={superAdmin}
          onClose={() => setOpened(null)}
        />
      )}
    </Flex>
  );
}
