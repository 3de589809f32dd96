import { BookOutlined, CloseOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import type { LibraryStudent, ScannedBookBarcode } from '@tamaq/contract/library';
import { Alert, Avatar, Button, Card, DatePicker, Empty, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';

import { formatDate } from '../../lib/dates.ts';

import { CARD_FIELD_ATTRIBUTE } from '../../lib/use-barcode-scanner.ts';
import { useListSchool } from '../../ui/resource-list.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';

import { dropCopy } from './desk-state.ts';
import { OverdueRuleSelect } from './overdue-rule-select.tsx';
import { StudentLoans } from './student-loans.tsx';
import { useIssuanceDesk } from './use-issuance-desk.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.library.issuance;

export function IssuancePage() {
  const list = useListParams();
  const school = useListSchool(true, list.params.schoolId);
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const schoolId = school.schoolId ?? null;

  const { state, stateRef, update, due, setDue, note, busy, onScan, submit, startOver } = useIssuanceDesk(schoolId);
  const [typed, setTyped] = useState('');

  const { student, mode, copies } = state;
  const allOwn = copies.length > 0 && copies.every((c) => c.is_own);
  return (
    <Card
      title={t.title}
      data-testid="issuance-page"
      extra={<Typography.Text type="secondary">{t.keys}</Typography.Text>}
    >
      <Flex vertical gap={16}>
        <Flex gap={12} wrap align="center">
          {!school.locked && <SchoolSelect value={schoolId} onChange={chooseSchool} />}
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            // The field sends its whole value on its own Enter, as the visit screens' card field does.
            onPressEnter={() => {
              const code = typed.trim();
              setTyped('');
              if (code) onScan(code);
            }}
            autoComplete="off"
            placeholder={student ? t.typeBarcode : t.typeCard}
            aria-label={t.typed}
            style={{ maxWidth: 320 }}
            {...{ [CARD_FIELD_ATTRIBUTE]: '' }}
          />
          {schoolId !== null && (
            <div style={{ marginLeft: 'auto' }}>
              <OverdueRuleSelect
                schoolId={schoolId}
                onSaved={(rule) => {
                  const desk = stateRef.current;
                  if (desk.student) update({ ...desk, student: { ...desk.student, overdue_rule: rule } });
                }}
              />
            </div>
          )}
        </Flex>
        {note && <Alert type={note.kind} showIcon title={note.text} data-testid="desk-note" data-kind={note.kind} />}

        {student === null ? (
          <Empty
            image={<IdcardOutlined style={{ fontSize: 64, color: '#8c8c8c' }} />}
            description={<Typography.Title level={4}>{t.scanStudent}</Typography.Title>}
            data-testid="desk-prompt"
          />
        ) : (
          <>
            <Table<LibraryStudent>
              data-testid="desk-student"
              size="middle"
              rowKey="id"
              pagination={false}
              dataSource={[student]}
              columns={[
                {
                  key: 'photo',
                  title: t.photo,
                  width: 72,
                  render: (_, s) => <Avatar size={48} src={s.image?.url} icon={<UserOutlined />} />,
                },
                { key: 'name', title: t.student, render: (_, s) => <Typography.Text strong>{s.name}</Typography.Text> },
                { key: 'classroom', title: t.classroom, render: (_, s) => (s.classroom ? nameText(s.classroom) : '') },
                { key: 'onHands', title: t.onHands, render: (_, s) => s.on_hands },
                {
                  key: 'actions',
                  width: 60,
                  render: () => (
                    <Button
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={t.reset}
                      title={t.reset}
                      onClick={startOver}
                    />
                  ),
                },
              ]}
            />
            <StudentLoans student={student} />
            <Flex align="center" gap={8}>
              <BookOutlined style={{ fontSize: 20, color: '#8c8c8c' }} />
              <Typography.Text strong>
                {copies.length === 0 ? t.scanBook : mode === 'issue' ? t.issuing : t.returning}
              </Typography.Text>
              {mode && (
                <Tag color={mode === 'issue' ? 'blue' : 'green'}>{mode === 'issue' ? t.modeIssue : t.modeReturn}</Tag>
              )}
            </Flex>
            <Table<ScannedBookBarcode>
              data-testid="desk-copies"
              size="middle"
              rowKey="id"
              pagination={false}
              locale={{ emptyText: t.noCopies }}
              dataSource={copies}
              columns={[
                {
                  key: 'barcode',
                  title: t.barcode,
                  render: (_, c) => <Typography.Text code>{c.barcode}</Typography.Text>,
                },
                { key: 'name', title: t.book, render: (_, c) => c.book.name },
                { key: 'authors', title: t.authors, render: (_, c) => c.book.authors },
                { key: 'publisher', title: t.publisher, render: (_, c) => c.book.publisher },
                { key: 'year', title: t.year, render: (_, c) => c.book.year, width: 70 },
                ...(mode === 'return'
                  ? [
                      {
                        key: 'due',
                        title: t.dueWas,
                        render: (_: unknown, c: ScannedBookBarcode) => formatDate(c.expired_at),
                      },
                    ]
                  : []),
                {
                  key: 'actions',
                  width: 60,
                  render: (_, c) => (
                    <Button
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={t.drop(c.barcode)}
                      title={t.drop(c.barcode)}
                      onClick={() => update(dropCopy(stateRef.current, c.id))}
                    />
                  ),
                },
              ]}
            />
            <Flex gap={12} wrap align="center" justify="flex-end">
              {(mode === 'issue' || allOwn) && (
                <Space>
                  <Typography.Text>{mode === 'issue' ? t.dueDate : t.renewUntil}</Typography.Text>
                  <DatePicker
                    value={due}
                    onChange={(d) => d && setDue(d)}
                    format="DD.MM.YYYY"
                    allowClear={false}
                    aria-label={t.dueDate}
                    disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                    presets={[
                      { label: t.twoWeeks, value: dayjs().add(14, 'day') },
                      { label: t.month, value: dayjs().add(1, 'month') },
                      { label: t.yearEnd, value: schoolYearEnd() },
                    ]}
                  />
                </Space>
              )}
              {mode === 'return' && allOwn && (
                <Button onClick={() => submit('renew')} disabled={busy}>
                  {t.renew}
                </Button>
              )}
              <Button
                type="primary"
                size="large"
                disabled={copies.length === 0}
                loading={busy}
                onClick={() => mode && submit(mode)}
                data-testid="desk-submit"
              >
                {mode === 'return' ? t.takeBack : t.issue}
              </Button>
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}

/** The last day of the school year: 31 May, this year's or next year's. */
function schoolYearEnd(): Dayjs {
  const end = dayjs().month(4).date(31);
  return end.isBefore(dayjs(), 'day') ? end.add(1, 'year') : end;
}
