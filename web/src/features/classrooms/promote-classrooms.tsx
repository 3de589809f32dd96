import { RiseOutlined } from '@ant-design/icons';
import { PROMOTE_GRADE_MAX, PROMOTE_LAST_GRADE, type ClassroomPromotion } from '@tamaq/contract/classrooms';
import { Alert, App, Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useCheckPromotion, usePromote } from './api/promote-classrooms.ts';

const t = i18n.structure.promote;
type Move = ClassroomPromotion['moves'][number];

/**
 * The start of the year: every numbered class moves up one, the last grade leaves. Opening the
 * dialog shows the plan; «Перевести» applies exactly that plan in one step.
 */
export function PromoteClassroomsButton({ schoolId }: { schoolId: number | null }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [lastGrade, setLastGrade] = useState(PROMOTE_LAST_GRADE);
  // The grade as typed: 15, 0 or 2.5 stay in the field with a message and no plan, never cut to 1–12.
  const [gradeText, setGradeText] = useState(String(PROMOTE_LAST_GRADE));
  const gradeOf = (text: string) => {
    const n = /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : NaN;
    return n >= 1 && n <= PROMOTE_GRADE_MAX ? n : null;
  };
  const gradeInvalid = gradeOf(gradeText) === null;
  const check = useCheckPromotion();
  const apply = usePromote();
  const plan = check.isPending ? undefined : check.data;

  const checkFor = (grade: number) => {
    if (schoolId !== null) check.mutate({ schoolId, lastGrade: grade, check: true });
  };
  const show = () => {
    setOpen(true);
    setGradeText(String(lastGrade));
    checkFor(lastGrade);
  };
  const close = () => {
    setOpen(false);
    check.reset();
  };
  const submit = async () => {
    if (schoolId === null || !plan) return;
    try {
      const result = await apply.mutateAsync({
        schoolId,
        lastGrade,
        check: false,
        classroomIds: plan.moves.map((m) => m.id),
      });
      void message.success(t.done(result.promoted + result.graduated));
      close();
    } catch (err) {
      void message.error(errorText(err));
      checkFor(lastGrade);
    }
  };

  return (
    <>
      <Button icon={<RiseOutlined />} disabled={schoolId === null} onClick={show} data-testid="classrooms-promote">
        {t.button}
      </Button>
      <Modal
        open={open}
        title={t.title}
        width={640}
        okText={t.apply}
        cancelText={t.cancel}
        onCancel={close}
        onOk={() => void submit()}
        okButtonProps={{ disabled: gradeInvalid || !plan?.moves.length, loading: apply.isPending }}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }} data-testid="promote-dialog">
          <Space wrap>
            <label htmlFor="promote-last-grade">{t.lastGrade}</label>
            <Input
              id="promote-last-grade"
              inputMode="numeric"
              autoComplete="off"
              style={{ width: 80 }}
              value={gradeText}
              status={gradeInvalid ? 'error' : undefined}
              aria-invalid={gradeInvalid}
              aria-describedby={gradeInvalid ? 'promote-last-grade-error' : undefined}
              onChange={(e) => {
                setGradeText(e.target.value);
                const grade = gradeOf(e.target.value);
                if (grade === null) {
                  check.reset();
                  return;
                }
                setLastGrade(grade);
                checkFor(grade);
              }}
            />
            <Typography.Text type="secondary">{t.lastGradeHint}</Typography.Text>
          </Space>
          {gradeInvalid && (
            <Typography.Text type="danger" role="alert" id="promote-last-grade-error" data-testid="promote-grade-error">
              {t.lastGradeInvalid(PROMOTE_GRADE_MAX)}
            </Typography.Text>
          )}
          {check.isPending && <Typography.Text type="secondary">{t.checking}</Typography.Text>}
          {check.error && <Alert type="error" showIcon message={errorText(check.error)} />}
          {plan && <Plan plan={plan} />}
        </Space>
      </Modal>
    </>
  );
}

function Plan({ plan }: { plan: ClassroomPromotion }) {
  if (!plan.moves.length) return <Alert type="info" showIcon message={t.nothing} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="promote-plan">
      <Table<Move>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ y: 320 }}
        dataSource={plan.moves}
        columns={[
          { key: 'from', title: t.from, dataIndex: 'name', ellipsis: { showTitle: true } },
          {
            key: 'to',
            title: t.to,
            ellipsis: { showTitle: true },
            render: (_, m) => (m.to === null ? <Tag color="volcano">{t.graduates}</Tag> : m.to),
          },
          { key: 'pupils', title: t.pupils, dataIndex: 'pupils', width: 100, align: 'right' },
        ]}
      />
      <Typography.Text data-testid="promote-summary">{t.summary(plan.promoted, plan.pupilsMoved)}</Typography.Text>
      {plan.graduated > 0 && (
        <Typography.Text type="warning">{t.graduated(plan.graduated, plan.pupilsGraduated)}</Typography.Text>
      )}
      {plan.kept.length > 0 && (
        <Typography.Text type="secondary">{t.kept(plan.kept.map((k) => k.name).join(', '))}</Typography.Text>
      )}
      <Typography.Text type="secondary">{t.history}</Typography.Text>
    </Space>
  );
}
