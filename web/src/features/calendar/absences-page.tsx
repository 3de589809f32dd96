import type { AbsenceList } from '@tamaq/contract/absences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, DatePicker, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { i18n, appLanguage } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { formatDate, fromApiDate, toApiDate } from '../../lib/dates.ts';
import { useSession } from '../../lib/use-session.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { ClassroomSelect } from '../../ui/classroom-select.tsx';
import { ImportButton } from '../../ui/import-button.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { refreshAfterWrite } from '../../lib/refresh.ts';

const t = i18n.calendar.absences;
const kinds = i18n.calendar.kinds;
const key = (classroomId: number | null, date: string) => ['absences', classroomId, date] as const;

/** The marks of the list shown, as the person changed them (null: as saved). */
function Marks({ data, onSaved }: { data: AbsenceList; onSaved: () => void }) {
  const { message } = App.useApp();
  const saved = new Set(data.pupils.filter((p) => p.absent).map((p) => p.id));
  const [marks, setMarks] = useState<Set<number>>(saved);
  const list = useRef<HTMLUListElement>(null);
  const changed = marks.size !== saved.size || [...marks].some((id) => !saved.has(id));
  const working = data.day.kind === 'working' || data.day.kind === 'shortened';
  const save = useMutation({
    mutationFn: () =>
      callEndpoint('absences', 'save', {
        body: { classroom_id: data.classroom.id, date: data.date, absent_ids: [...marks] },
      }),
    onSuccess: (r) => {
      void message.success(t.saved(r.absent));
      onSaved();
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const toggle = (id: number) =>
    setMarks((m) => {
      const next = new Set(m);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // ↑ ↓ move between the pupils' boxes; Ctrl+Enter saves.
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (changed && working && !save.isPending) save.mutate();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const boxes = [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    const next = boxes[at + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  const dayName = appLanguage() === 'kk' ? (data.day.name_kk ?? data.day.name) : data.day.name;

  return (
    <Flex vertical gap={12} onKeyDown={onKey}>
      {!working && (
        <Alert
          type="info"
          showIcon
          title={t.notWorking(`${formatDate(data.date)} — ${kinds[data.day.kind]}${dayName ? ` «${dayName}»` : ''}`)}
          data-testid="absences-day-off"
        />
      )}
      <Typography.Text type="secondary">{t.hint}</Typography.Text>
      {data.pupils.length === 0 ? (
        <Typography.Text>{t.empty}</Typography.Text>
      ) : (
        <ul ref={list} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="absences-list">
          {data.pupils.map((p, i) => (
            <li
              key={p.id}
              style={{
                padding: '6px 8px',
                borderBottom: '1px solid #f0f0f0',
                background: marks.has(p.id) ? '#fff7e6' : undefined,
              }}
            >
              <Checkbox
                checked={marks.has(p.id)}
                disabled={!working}
                onChange={() => toggle(p.id)}
                autoFocus={i === 0}
                aria-label={`${p.name}: ${t.absent}`}
              >
                <span style={{ display: 'inline-block', minWidth: 28, color: '#595959' }}>{i + 1}.</span>
                {p.name}
              </Checkbox>
              {p.ate_at && (
                <Tag color="green" style={{ marginLeft: 8 }}>
                  {t.ate(dayjs(p.ate_at).format('HH:mm'))}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      )}
      <Space wrap>
        <Button
          type="primary"
          disabled={!changed || !working}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="absences-save"
        >
          {t.save}
        </Button>
        <Typography.Text data-testid="absences-count">{t.count(marks.size, data.pupils.length)}</Typography.Text>
        {changed && <Typography.Text type="warning">{t.unsaved}</Typography.Text>}
      </Space>
    </Flex>
  );
}

/**
 * '/absences' (ours, docs/rules.md "Absences"): a class's pupils on a school day, each marked away or
 * not, from the keyboard (↑ ↓, space, Ctrl+Enter). An absent pupil is not due a meal; one who ate
 * anyway shows the time and counts as present.
 */
export function AbsencesPage() {
  const words = useStructureWords();
  const queryClient = useQueryClient();
  const lockedSchool = useSession()?.school ?? null;
  const locked = lockedSchool !== null;
  const list = useListParams();
  const { setParam } = list;
  const schoolId = Number(list.params.schoolId) || null;
  const classroomId = Number(list.params.classroomId) || null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(String(list.params.date ?? ''))
    ? String(list.params.date)
    : toApiDate(dayjs());
  const chooseSchool = useCallback(
    (id: number | null) => {
      setParam('schoolId', id);
      setParam('classroomId', null);
    },
    [setParam],
  );
  const importSchool = locked ? lockedSchool : schoolId;
  const downloadHref = useDownloadHref();
  const data = useQuery({
    queryKey: key(classroomId, date),
    queryFn: ({ signal }) =>
      callEndpoint('absences', 'list', { query: { classroomId: classroomId!, date } }, { signal }),
    enabled: classroomId !== null,
  });

  return (
    <Card
      title={t.title}
      data-testid="absences-page"
      extra={
        <Space wrap>
          {!locked && <SchoolSelect value={schoolId} onChange={chooseSchool} />}
          <ClassroomSelect
            schoolId={locked ? lockedSchool : schoolId}
            value={classroomId}
            onChange={(id) => setParam('classroomId', id)}
          />
          <DatePicker
            format="DD.MM.YYYY"
            aria-label={t.date}
            allowClear={false}
            value={fromApiDate(date)}
            onChange={(d: Dayjs | null) => d && setParam('date', toApiDate(d))}
          />
          {/* The e-journal's absences for many classes and days at once. */}
          <ImportButton
            preview
            url={importSchool ? endpointPath('absences', 'upload', { query: { schoolId: importSchool } }) : ''}
            rejectedUrl={
              importSchool ? endpointPath('absences', 'rejectedRows', { query: { schoolId: importSchool } }) : undefined
            }
            templateHref={downloadHref(endpointPath('absences', 'template'))}
            onDone={() => void refreshAfterWrite(queryClient, ['absences'])}
            disabled={!importSchool}
            label={t.import}
          />
        </Space>
      }
    >
      {classroomId === null ? (
        <Typography.Text type="secondary">{words.chooseClassroom}</Typography.Text>
      ) : data.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.error ? (
        <Alert type="error" showIcon title={errorText(data.error)} />
      ) : (
        <Marks
          key={`${data.data.classroom.id}-${data.data.date}-${data.dataUpdatedAt}`}
          data={data.data}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['absences'] })}
        />
      )}
    </Card>
  );
}
